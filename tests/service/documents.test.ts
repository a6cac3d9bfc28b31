import { mkdtempSync, readdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, count, eq } from "drizzle-orm";
import type { DatabaseHandle } from "~/db/client.server";
import { auditLog, documents } from "~/db/schema";
import { seedDocuments } from "~/seed/seed-documents";
import { pdfFile, pngFile } from "~/seed/seed-document-files";
import {
  createDocument,
  deleteDocument,
  documentManagedBy,
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
import type { Actor } from "~/permissions/actor";
import { actorOf } from "./actor-of";
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
  /** The demo's portal administrator: the library's manager for brands 1, 2 and 4. */
  let admin: Actor;
  let adminId: number;
  const viewerOf = async (email: string): Promise<DocumentViewer> => documentViewerOf(await actorOf(handle.db, email));
  const namesFor = async (email: string, filters: Parameters<typeof listDocuments>[2] = {}) =>
    (await listDocuments(handle.db, await actorOf(handle.db, email), filters)).rows.map((r) => r.name);
  const storedFiles = () =>
    readdirSync(path.join(root, "documents"), { withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => e.name);
  const documentCount = async () => (await handle.db.select({ n: count() }).from(documents))[0].n;

  beforeAll(async () => {
    handle = await seededDatabase(backend);
    root = mkdtempSync(path.join(os.tmpdir(), "documents-service-"));
    store = localFileStore(root);
    admin = await actorOf(handle.db, "admin@example.com");
    adminId = admin.identityId;
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

  it("SPEC #30 the library's managers see the documents of their portal brands (and those targeted at them), and manage those all of whose brands are theirs", async () => {
    const manager = await viewerOf("admin@example.com");
    const rows = (await listDocuments(handle.db, admin, { rowsPerPage: 100 })).rows;
    const names = rows.map((r) => r.name);
    expect(names).toEqual(
      expect.arrayContaining(["Dealer portal quick start", "Warranty claim guide", "Corvane maintenance schedule"]),
    );
    for (const other of ["Halden excavator brochure", "Halden warranty terms", "Brixton parts catalogue extract"])
      expect(names).not.toContain(other);
    const managed = rows.filter((r) => documentManagedBy(r, manager)).map((r) => r.name);
    expect(managed).toEqual(expect.arrayContaining(["Warranty claim guide", "IRW return form"]));
    expect(managed).not.toContain("Dealer portal quick start"); // brands 1–5
    // Without the library's feature, the portal scope shows and manages nothing more than targeting does.
    const reader = { ...manager, managesLibrary: false };
    expect(rows.some((r) => documentManagedBy(r, reader))).toBe(false);
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
    expect(await getDocument(handle.db, await actorOf(handle.db, "dealer@example.com"), brochure.id)).toBeNull();
    expect(await getDocument(handle.db, await actorOf(handle.db, "admin@example.com"), 999_999)).toBeNull();
    expect((await getDocument(handle.db, await actorOf(handle.db, "halden@example.com"), brochure.id))?.name).toBe(
      "Halden excavator brochure",
    );
  });

  it("upload writes the file and the row with audit entries; download streams it back", async () => {
    const outcome = await createDocument(handle.db, admin, store, input, { fileName: "recall notice.pdf", bytes: PDF });
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
      .where(and(eq(auditLog.entity, "document"), eq(auditLog.entityId, id)));
    expect(audit.map((a) => a.field)).toEqual(
      expect.arrayContaining(["name", "subject", "brandIds", "fileName", "contentType", "sizeBytes"]),
    );
    expect(audit.every((a) => a.operation === "create" && a.changedBy === adminId)).toBe(true);
    const file = await openDocumentFile(handle.db, await actorOf(handle.db, "dealer@example.com"), store, id);
    expect(new Uint8Array(await new Response(file!.stream).arrayBuffer())).toEqual(PDF);
    expect(await openDocumentFile(handle.db, await actorOf(handle.db, "halden@example.com"), store, id)).toBeNull();
  });

  it("a wrong file type changes nothing: no row, no stored file", async () => {
    const rows = await documentCount();
    const files = storedFiles();
    const renamed = await createDocument(handle.db, admin, store, input, {
      fileName: "notes.pdf",
      bytes: new TextEncoder().encode("just text"),
    });
    expect(renamed).toEqual({ kind: "invalidType" });
    expect(await createDocument(handle.db, admin, store, input, { fileName: "notes.txt", bytes: PDF })).toEqual({
      kind: "invalidType",
    });
    expect(await documentCount()).toBe(rows);
    expect(storedFiles()).toEqual(files);
  });

  it("replace stores the new file, audits the change and removes the old file", async () => {
    const created = (await createDocument(
      handle.db,
      admin,
      store,
      { ...input, name: "Replace me" },
      { fileName: "old.pdf", bytes: PDF },
    )) as { id: number };
    const [before] = await handle.db.select().from(documents).where(eq(documents.id, created.id));
    expect(await replaceDocumentFile(handle.db, admin, store, created.id, { fileName: "new.png", bytes: PNG })).toEqual(
      { kind: "replaced" },
    );
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
      .where(and(eq(auditLog.entity, "document"), eq(auditLog.entityId, created.id), eq(auditLog.operation, "update")));
    expect(audit.find((a) => a.field === "fileName")).toMatchObject({ oldValue: "old.pdf", newValue: "new.png" });
    // A wrong type or an unknown document changes nothing.
    expect(await replaceDocumentFile(handle.db, admin, store, created.id, { fileName: "x.jpg", bytes: PNG })).toEqual({
      kind: "invalidType",
    });
    const files = storedFiles();
    expect(await replaceDocumentFile(handle.db, admin, store, 999_999, { fileName: "x.png", bytes: PNG })).toEqual({
      kind: "missing",
    });
    expect(storedFiles()).toEqual(files);
  });

  it("delete removes the row and its file, with an audit entry; deleting again reports missing", async () => {
    const created = (await createDocument(
      handle.db,
      admin,
      store,
      { ...input, name: "Delete me" },
      { fileName: "gone.pdf", bytes: PDF },
    )) as { id: number };
    const [row] = await handle.db.select().from(documents).where(eq(documents.id, created.id));
    expect(await deleteDocument(handle.db, admin, store, created.id)).toBe(true);
    expect(await handle.db.select().from(documents).where(eq(documents.id, created.id))).toEqual([]);
    expect(await store.get(row.storageKey)).toBeNull();
    const audit = await handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "document"), eq(auditLog.entityId, created.id), eq(auditLog.operation, "delete")));
    expect(audit.find((a) => a.field === "name")).toMatchObject({ oldValue: "Delete me", newValue: null });
    expect(await deleteDocument(handle.db, admin, store, created.id)).toBe(false);
  });

  it("edit details saves name, subject and audience with the current stamp, audited; the file stays", async () => {
    const created = (await createDocument(
      handle.db,
      admin,
      store,
      { ...input, name: "Edit me" },
      { fileName: "kept.pdf", bytes: PDF },
    )) as { id: number };
    const [before] = await handle.db.select().from(documents).where(eq(documents.id, created.id));
    const changed = {
      ...input,
      name: "Edited",
      subject: "Parts" as const,
      brandIds: [4, 1],
      regionCodes: ["EMEA" as const],
    };
    expect(await updateDocumentDetails(handle.db, admin, created.id, changed, before.updatedAt.toISOString())).toEqual({
      kind: "saved",
    });
    const [after] = await handle.db.select().from(documents).where(eq(documents.id, created.id));
    expect(after).toMatchObject({
      name: "Edited",
      subject: "Parts",
      brandIds: [1, 4],
      regionCodes: ["EMEA"],
      fileName: "kept.pdf",
      storageKey: before.storageKey,
    });
    const audit = await handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "document"), eq(auditLog.entityId, created.id), eq(auditLog.operation, "update")));
    expect(audit.find((a) => a.field === "name")).toMatchObject({ oldValue: "Edit me", newValue: "Edited" });
    expect(audit.find((a) => a.field === "fileName")).toBeUndefined();
  });

  it("edit details with a stale stamp is a conflict that changes nothing; an unknown id is missing", async () => {
    const created = (await createDocument(
      handle.db,
      admin,
      store,
      { ...input, name: "Two editors" },
      { fileName: "x.pdf", bytes: PDF },
    )) as { id: number };
    const [row] = await handle.db.select().from(documents).where(eq(documents.id, created.id));
    const stale = row.updatedAt.toISOString();
    await updateDocumentDetails(handle.db, admin, created.id, { ...input, name: "First save" }, stale);
    const outcome = await updateDocumentDetails(handle.db, admin, created.id, { ...input, name: "Second save" }, stale);
    expect(outcome.kind).toBe("conflict");
    expect((await getDocument(handle.db, await actorOf(handle.db, "admin@example.com"), created.id))?.name).toBe(
      "First save",
    );
    expect(await updateDocumentDetails(handle.db, admin, 999_999, input, stale)).toEqual({ kind: "missing" });
  });

  // ---- issue #30 §2: documents are written within the editor's brands ---------------------------

  /** The admin with a portal scope of brand 1 only (the demo's holds brands 1, 2 and 4). */
  const brandOneEditor = () => ({ ...admin, portalScope: { brandIds: [1], regionCodes: ["NA"] } });
  const rowOf = async (name: string) => (await handle.db.select().from(documents).where(eq(documents.name, name)))[0];

  it("SPEC #30 a document can be uploaded and its details saved only within the editor's brands: brands [1, 3] are refused, nothing stored", async () => {
    const editor = brandOneEditor();
    const rows = await documentCount();
    const files = storedFiles();
    expect(
      await createDocument(handle.db, editor, store, { ...input, brandIds: [1, 3] }, { fileName: "x.pdf", bytes: PDF }),
    ).toEqual({ kind: "brandNotYours" });
    expect(await documentCount()).toBe(rows);
    expect(storedFiles()).toEqual(files);
    const created = (await createDocument(
      handle.db,
      editor,
      store,
      { ...input, name: "Brand one only" },
      { fileName: "one.pdf", bytes: PDF },
    )) as { kind: "created"; id: number };
    expect(created.kind).toBe("created");
    const before = await rowOf("Brand one only");
    expect(
      await updateDocumentDetails(
        handle.db,
        editor,
        created.id,
        { ...input, name: "Brand one only", brandIds: [1, 5] },
        before.updatedAt.toISOString(),
      ),
    ).toEqual({ kind: "brandNotYours" });
    expect(await rowOf("Brand one only")).toEqual(before);
    expect(await deleteDocument(handle.db, editor, store, created.id)).toBe(true);
  });

  it("SPEC #30 a document whose brands are not all the editor's cannot be replaced, edited or deleted", async () => {
    const editor = brandOneEditor();
    for (const name of ["Halden excavator brochure", "Dealer portal quick start"]) {
      const row = await rowOf(name);
      const files = storedFiles();
      expect(
        await replaceDocumentFile(handle.db, editor, store, row.id, { fileName: "new.png", bytes: PNG }),
        name,
      ).toEqual({ kind: "missing" });
      expect(
        await updateDocumentDetails(
          handle.db,
          editor,
          row.id,
          { ...input, name: "Taken over", brandIds: [1] },
          row.updatedAt.toISOString(),
        ),
        name,
      ).toEqual({ kind: "missing" });
      expect(await deleteDocument(handle.db, editor, store, row.id), name).toBe(false);
      expect(await rowOf(name), name).toEqual(row);
      expect(storedFiles(), name).toEqual(files);
    }
  });

  it("SPEC #30 an actor without a portal scope cannot write documents at all", async () => {
    const dealer = await actorOf(handle.db, "dealer@example.com");
    expect(dealer.portalScope.brandIds).toEqual([]);
    const rows = await documentCount();
    expect(await createDocument(handle.db, dealer, store, input, { fileName: "dealer.pdf", bytes: PDF })).toEqual({
      kind: "brandNotYours",
    });
    expect(await documentCount()).toBe(rows);
    const guide = await rowOf("Warranty claim guide");
    expect(await replaceDocumentFile(handle.db, dealer, store, guide.id, { fileName: "x.png", bytes: PNG })).toEqual({
      kind: "missing",
    });
    expect(
      await updateDocumentDetails(
        handle.db,
        dealer,
        guide.id,
        { ...input, brandIds: [1] },
        guide.updatedAt.toISOString(),
      ),
    ).toEqual({ kind: "missing" });
    expect(await deleteDocument(handle.db, dealer, store, guide.id)).toBe(false);
    expect(await rowOf("Warranty claim guide")).toEqual(guide);
  });
});
