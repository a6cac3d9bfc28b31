import { mkdtempSync, readdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, count, eq } from "drizzle-orm";
import type { DatabaseHandle } from "~/db/client.server";
import { auditLog, documents, identities } from "~/db/schema";
import { seedDocuments } from "~/seed/seed-documents";
import { pdfFile, pngFile } from "~/seed/seed-document-files";
import { loadAccessProfile } from "~/permissions/access-profile.server";
import {
  createDocument,
  deleteDocument,
  documentViewerOf,
  getDocument,
  listDocuments,
  openDocumentFile,
  replaceDocumentFile,
  updateDocumentDetails,
  type DocumentViewer,
} from "~/documents/documents.server";
import { localFileStore, type FileStore } from "~/storage/file-store.server";
import { documentSchema } from "~/documents/schema";
import { BACKENDS, seededDatabase } from "./backends";

const PDF = pdfFile("Recall notice", ["Check serial numbers."]);
const PNG = pngFile(4, 4, [[255, 0, 0]]);
const input = documentSchema.parse({
  name: "Recall notice",
  description: "Serial numbers to check",
  subject: "Service",
  brandIds: ["1"],
  regionCodes: ["NA"],
});

describe.each(BACKENDS)("documents on $name", (backend) => {
  let handle: DatabaseHandle;
  let root: string;
  let store: FileStore;
  let adminId: number;
  const viewerOf = async (email: string): Promise<DocumentViewer> => {
    const [row] = await handle.db.select({ id: identities.id }).from(identities).where(eq(identities.email, email));
    return documentViewerOf((await loadAccessProfile(handle.db, row.id))!);
  };
  const namesFor = async (email: string, filters: Parameters<typeof listDocuments>[2] = {}) =>
    (await listDocuments(handle.db, await viewerOf(email), filters)).rows.map((r) => r.name);
  const storedFiles = () =>
    readdirSync(path.join(root, "documents"), { withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => e.name);
  const documentCount = async () => (await handle.db.select({ n: count() }).from(documents))[0].n;

  beforeAll(async () => {
    handle = await seededDatabase(backend);
    root = mkdtempSync(path.join(os.tmpdir(), "documents-service-"));
    store = localFileStore(root);
    [{ id: adminId }] = await handle.db
      .select({ id: identities.id })
      .from(identities)
      .where(eq(identities.email, "admin@example.com"));
  });
  afterAll(async () => handle?.close());

  it("the demo seed adds at least 10 documents once (idempotent)", async () => {
    expect(await documentCount()).toBeGreaterThanOrEqual(10);
    const before = await documentCount();
    expect(await seedDocuments(handle.db, store)).toBe(false);
    expect(await documentCount()).toBe(before);
  });

  it("a document is visible to a user when it targets one of the user's brands and one of the user's regions", async () => {
    const dealer = await namesFor("dealer@example.com");
    expect(dealer).toEqual(
      expect.arrayContaining([
        "Warranty claim guide",
        "Spring parts price list",
        "IRW return form",
        "Dealer portal quick start",
      ]),
    );
    expect(dealer).not.toContain("Halden excavator brochure");
    expect(dealer).not.toContain("Portable Power sales playbook"); // brand 2
    const halden = await namesFor("halden@example.com");
    expect(halden).toEqual(
      expect.arrayContaining(["Halden excavator brochure", "Halden warranty terms", "Dealer portal quick start"]),
    );
    expect(halden).not.toContain("Warranty claim guide");
  });

  it("the library's managers see every document", async () => {
    expect((await listDocuments(handle.db, await viewerOf("admin@example.com"))).total).toBe(await documentCount());
  });

  it("filter by subject and search by name or description, sorted by name", async () => {
    expect(await namesFor("dealer@example.com", { subject: "Warranty" })).toEqual(["Warranty claim guide"]);
    expect(await namesFor("dealer@example.com", { query: "HOURS reading" })).toEqual(["Warranty claim guide"]); // description
    expect(await namesFor("dealer@example.com", { query: "price list" })).toEqual(["Spring parts price list"]); // name
    expect(await namesFor("dealer@example.com", { query: "100%_" })).toEqual([]);
    const all = await namesFor("employee@example.com");
    expect(all).toEqual([...all].sort((a, b) => a.localeCompare(b, "en", { sensitivity: "base", numeric: true })));
  });

  it("only users who may see a document get it: another brand's document is null, as an unknown id", async () => {
    const [brochure] = await handle.db.select().from(documents).where(eq(documents.name, "Halden excavator brochure"));
    expect(await getDocument(handle.db, brochure.id, await viewerOf("dealer@example.com"))).toBeNull();
    expect(await getDocument(handle.db, 999_999, await viewerOf("admin@example.com"))).toBeNull();
    expect((await getDocument(handle.db, brochure.id, await viewerOf("halden@example.com")))?.name).toBe(
      "Halden excavator brochure",
    );
  });

  it("upload writes the file and the row with audit entries; download streams it back", async () => {
    const outcome = await createDocument(
      handle.db,
      store,
      input,
      { fileName: "recall notice.pdf", bytes: PDF },
      adminId,
    );
    expect(outcome.kind).toBe("created");
    const id = (outcome as { id: number }).id;
    const [row] = await handle.db.select().from(documents).where(eq(documents.id, id));
    expect(row).toMatchObject({
      name: "Recall notice",
      subject: "Service",
      brandIds: [1],
      regionCodes: ["NA"],
      fileName: "recall notice.pdf",
      contentType: "application/pdf",
      sizeBytes: PDF.byteLength,
      modifiedBy: adminId,
    });
    const audit = await handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "document"), eq(auditLog.entityId, String(id))));
    expect(audit.map((a) => a.field)).toEqual(
      expect.arrayContaining(["name", "subject", "brandIds", "fileName", "contentType", "sizeBytes"]),
    );
    expect(audit.every((a) => a.operation === "create" && a.changedBy === adminId)).toBe(true);
    const file = await openDocumentFile(handle.db, store, id, await viewerOf("dealer@example.com"));
    expect(new Uint8Array(await new Response(file!.stream).arrayBuffer())).toEqual(PDF);
    expect(await openDocumentFile(handle.db, store, id, await viewerOf("halden@example.com"))).toBeNull();
  });

  it("a wrong file type changes nothing: no row, no stored file", async () => {
    const rows = await documentCount();
    const files = storedFiles();
    const renamed = await createDocument(
      handle.db,
      store,
      input,
      { fileName: "notes.pdf", bytes: new TextEncoder().encode("just text") },
      adminId,
    );
    expect(renamed).toEqual({ kind: "invalidType" });
    expect(await createDocument(handle.db, store, input, { fileName: "notes.txt", bytes: PDF }, adminId)).toEqual({
      kind: "invalidType",
    });
    expect(await documentCount()).toBe(rows);
    expect(storedFiles()).toEqual(files);
  });

  it("replace stores the new file, audits the change and removes the old file", async () => {
    const created = (await createDocument(
      handle.db,
      store,
      { ...input, name: "Replace me" },
      { fileName: "old.pdf", bytes: PDF },
      adminId,
    )) as { id: number };
    const [before] = await handle.db.select().from(documents).where(eq(documents.id, created.id));
    expect(
      await replaceDocumentFile(handle.db, store, created.id, { fileName: "new.png", bytes: PNG }, adminId),
    ).toEqual({ kind: "replaced" });
    const [after] = await handle.db.select().from(documents).where(eq(documents.id, created.id));
    expect(after).toMatchObject({
      name: "Replace me",
      fileName: "new.png",
      contentType: "image/png",
      sizeBytes: PNG.byteLength,
    });
    expect(await store.get(before.storageKey)).toBeNull();
    expect((await store.get(after.storageKey))?.size).toBe(PNG.byteLength);
    const audit = await handle.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entity, "document"),
          eq(auditLog.entityId, String(created.id)),
          eq(auditLog.operation, "update"),
        ),
      );
    expect(audit.find((a) => a.field === "fileName")).toMatchObject({ oldValue: "old.pdf", newValue: "new.png" });
    // A wrong type or an unknown document changes nothing.
    expect(await replaceDocumentFile(handle.db, store, created.id, { fileName: "x.jpg", bytes: PNG }, adminId)).toEqual(
      { kind: "invalidType" },
    );
    const files = storedFiles();
    expect(await replaceDocumentFile(handle.db, store, 999_999, { fileName: "x.png", bytes: PNG }, adminId)).toEqual({
      kind: "missing",
    });
    expect(storedFiles()).toEqual(files);
  });

  it("delete removes the row and its file, with an audit entry; deleting again reports missing", async () => {
    const created = (await createDocument(
      handle.db,
      store,
      { ...input, name: "Delete me" },
      { fileName: "gone.pdf", bytes: PDF },
      adminId,
    )) as { id: number };
    const [row] = await handle.db.select().from(documents).where(eq(documents.id, created.id));
    expect(await deleteDocument(handle.db, store, created.id, adminId)).toBe(true);
    expect(await handle.db.select().from(documents).where(eq(documents.id, created.id))).toEqual([]);
    expect(await store.get(row.storageKey)).toBeNull();
    const audit = await handle.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entity, "document"),
          eq(auditLog.entityId, String(created.id)),
          eq(auditLog.operation, "delete"),
        ),
      );
    expect(audit.find((a) => a.field === "name")).toMatchObject({ oldValue: "Delete me", newValue: null });
    expect(await deleteDocument(handle.db, store, created.id, adminId)).toBe(false);
  });

  it("edit details saves name, subject and audience with the current stamp, audited; the file stays", async () => {
    const created = (await createDocument(
      handle.db,
      store,
      { ...input, name: "Edit me" },
      { fileName: "kept.pdf", bytes: PDF },
      adminId,
    )) as { id: number };
    const [before] = await handle.db.select().from(documents).where(eq(documents.id, created.id));
    const changed = {
      ...input,
      name: "Edited",
      subject: "Parts" as const,
      brandIds: [3, 1],
      regionCodes: ["EMEA" as const],
    };
    expect(
      await updateDocumentDetails(handle.db, created.id, changed, before.updatedAt.toISOString(), adminId),
    ).toEqual({ kind: "saved" });
    const [after] = await handle.db.select().from(documents).where(eq(documents.id, created.id));
    expect(after).toMatchObject({
      name: "Edited",
      subject: "Parts",
      brandIds: [1, 3],
      regionCodes: ["EMEA"],
      fileName: "kept.pdf",
      storageKey: before.storageKey,
    });
    const audit = await handle.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entity, "document"),
          eq(auditLog.entityId, String(created.id)),
          eq(auditLog.operation, "update"),
        ),
      );
    expect(audit.find((a) => a.field === "name")).toMatchObject({ oldValue: "Edit me", newValue: "Edited" });
    expect(audit.find((a) => a.field === "fileName")).toBeUndefined();
  });

  it("edit details with a stale stamp is a conflict that changes nothing; an unknown id is missing", async () => {
    const created = (await createDocument(
      handle.db,
      store,
      { ...input, name: "Two editors" },
      { fileName: "x.pdf", bytes: PDF },
      adminId,
    )) as { id: number };
    const [row] = await handle.db.select().from(documents).where(eq(documents.id, created.id));
    const stale = row.updatedAt.toISOString();
    await updateDocumentDetails(handle.db, created.id, { ...input, name: "First save" }, stale, adminId);
    const outcome = await updateDocumentDetails(
      handle.db,
      created.id,
      { ...input, name: "Second save" },
      stale,
      adminId,
    );
    expect(outcome.kind).toBe("conflict");
    expect((await getDocument(handle.db, created.id, await viewerOf("admin@example.com")))?.name).toBe("First save");
    expect(await updateDocumentDetails(handle.db, 999_999, input, stale, adminId)).toEqual({ kind: "missing" });
  });
});
