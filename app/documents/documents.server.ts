import { and, asc, eq, ilike, or, type SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { documents } from "~/db/schema";
import { containsPattern, pageWindowOf } from "~/admin/list-query";
import { documentShownTo, type DocumentAudience } from "~/documents/visibility";
import { detectFileType, MAX_FILE_BYTES, safeFileName } from "~/documents/file-types";
import type { Subject } from "~/documents/subjects";
import type { UploadedFile } from "~/documents/upload.server";
import { newStorageKey, type FileStore } from "~/storage/file-store.server";
import { satisfiesRule } from "~/permissions/feature-rule";
import { DOCUMENTS_WRITE } from "~/permissions/write-rules";
import type { Actor } from "~/permissions/actor";
import type { DocumentInput } from "~/documents/schema";
import { logger } from "~/logger.server";
import { fieldChanges, recordAudit } from "~/admin/audit.server";

export type DocumentRow = typeof documents.$inferSelect;

/** Who is looking at the library: their brands and regions, and whether they manage it. */
export interface DocumentViewer {
  audience: DocumentAudience;
  managesLibrary: boolean;
}

export function documentViewerOf(user: Pick<Actor, "access">): DocumentViewer {
  return {
    audience: { brandIds: user.access.brands.map((b) => b.id), regions: user.access.regions },
    managesLibrary: satisfiesRule(user.access.features, DOCUMENTS_WRITE),
  };
}

const shown = (row: DocumentRow, viewer: DocumentViewer) =>
  documentShownTo(row, viewer.audience, viewer.managesLibrary);

export const DOCUMENTS_PAGE_SIZE = 20;

const byName = new Intl.Collator("en", { sensitivity: "base", numeric: true });

/** The list's search: name or description contains the text (case-insensitive). */
function filterCondition(filters: { subject?: Subject | null; query?: string }): SQL | undefined {
  const conditions: SQL[] = [];
  if (filters.subject) conditions.push(eq(documents.subject, filters.subject));
  const text = filters.query?.trim() ?? "";
  if (text)
    conditions.push(
      or(ilike(documents.name, containsPattern(text)), ilike(documents.description, containsPattern(text)))!,
    );
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/**
 * The documents a viewer sees, filtered by subject and searched by name or description, sorted
 * by name. Subject and search run in SQL; visibility is the pure rule, applied per row.
 */
export async function listDocuments(
  database: Database,
  viewer: DocumentViewer,
  filters: { subject?: Subject | null; query?: string; page?: number; pageSize?: number } = {},
) {
  const pageSize = filters.pageSize ?? DOCUMENTS_PAGE_SIZE;
  const candidates = await database.select().from(documents).where(filterCondition(filters)).orderBy(asc(documents.id));
  // Sorted here, not by the database's collation (C on PGlite), so both backends agree.
  const visible = candidates
    .filter((row) => shown(row, viewer))
    .sort((a, b) => byName.compare(a.name, b.name) || a.id - b.id);
  const { page, pageCount, offset } = pageWindowOf(visible.length, pageSize, filters.page);
  return { rows: visible.slice(offset, offset + pageSize), total: visible.length, page, pageCount };
}

/** One document, when the viewer may see it; otherwise null (as if it did not exist). */
export async function getDocument(database: Database, id: number, viewer: DocumentViewer): Promise<DocumentRow | null> {
  const [row] = await database.select().from(documents).where(eq(documents.id, id));
  return row && shown(row, viewer) ? row : null;
}

/** A document's file for download, when the viewer may see it and the file is stored. */
export async function openDocumentFile(database: Database, store: FileStore, id: number, viewer: DocumentViewer) {
  const row = await getDocument(database, id, viewer);
  if (!row) return null;
  const file = await store.get(row.storageKey);
  if (!file) {
    logger.warn({ documentId: id }, "document file missing from the store");
    return null;
  }
  return { row, ...file };
}

// ---- administration ----------------------------------------------------------------------

const FILE_FIELDS = ["fileName", "contentType", "sizeBytes"] as const;
const DETAIL_FIELDS = ["name", "description", "subject", "brandIds", "regionCodes"] as const;
const AUDITED_FIELDS = [...DETAIL_FIELDS, ...FILE_FIELDS] as const;

function detailValues(input: DocumentInput) {
  return {
    name: input.name,
    description: input.description,
    subject: input.subject,
    brandIds: [...new Set(input.brandIds)].sort((a, b) => a - b),
    regionCodes: [...new Set(input.regionCodes)],
  };
}

export type FileOutcome = { kind: "invalidType" } | { kind: "tooLarge" };

/** The stored form of an upload, or why it is refused (type by name and content; size). */
function checkedFile(
  file: UploadedFile,
): FileOutcome | { kind: "ok"; fileName: string; contentType: string; sizeBytes: number; extension: string } {
  if (file.bytes.byteLength > MAX_FILE_BYTES) return { kind: "tooLarge" };
  const type = detectFileType(file.fileName, file.bytes);
  if (!type) return { kind: "invalidType" };
  const fileName = safeFileName(file.fileName);
  return {
    kind: "ok",
    fileName,
    contentType: type.contentType,
    sizeBytes: file.bytes.byteLength,
    extension: type.extensions[0],
  };
}

/** Removes a file after its row is gone or replaced; a failure is logged, never undoes the write. */
async function removeQuietly(store: FileStore, key: string) {
  try {
    await store.delete(key);
  } catch (error) {
    logger.warn({ err: error instanceof Error ? error.message : String(error) }, "document file could not be removed");
  }
}

/**
 * Uploads a new document: the file is stored first, then the row and its audit entry are
 * written in one transaction; if that fails, the stored file is removed again.
 */
export async function createDocument(
  database: Database,
  store: FileStore,
  input: DocumentInput,
  file: UploadedFile,
  actorId: number,
): Promise<FileOutcome | { kind: "created"; id: number }> {
  const checked = checkedFile(file);
  if (checked.kind !== "ok") return checked;
  const storageKey = newStorageKey(checked.extension);
  await store.put(storageKey, file.bytes);
  const values = {
    ...detailValues(input),
    fileName: checked.fileName,
    contentType: checked.contentType,
    sizeBytes: checked.sizeBytes,
  };
  try {
    const id = await database.transaction(async (tx) => {
      const now = new Date();
      const [row] = await tx
        .insert(documents)
        .values({ ...values, storageKey, modifiedBy: actorId, createdAt: now, updatedAt: now })
        .returning({ id: documents.id });
      await recordAudit(tx as unknown as Database, {
        entity: "document",
        entityId: row.id,
        operation: "create",
        changes: fieldChanges(null, values, AUDITED_FIELDS),
        actorId,
        at: now,
      });
      return row.id;
    });
    return { kind: "created", id };
  } catch (error) {
    await removeQuietly(store, storageKey);
    throw error;
  }
}

/**
 * Replaces a document's file: the new file is stored, the row updated and audited in one
 * transaction, and only then the old file removed. A missing document changes nothing.
 */
export async function replaceDocumentFile(
  database: Database,
  store: FileStore,
  id: number,
  file: UploadedFile,
  actorId: number,
): Promise<FileOutcome | { kind: "replaced" } | { kind: "missing" }> {
  const checked = checkedFile(file);
  if (checked.kind !== "ok") return checked;
  const storageKey = newStorageKey(checked.extension);
  await store.put(storageKey, file.bytes);
  let oldKey: string | null = null;
  try {
    oldKey = await database.transaction(async (tx) => {
      const [current] = await tx.select().from(documents).where(eq(documents.id, id)).for("update");
      if (!current) return null;
      const values = { fileName: checked.fileName, contentType: checked.contentType, sizeBytes: checked.sizeBytes };
      const now = new Date();
      await tx
        .update(documents)
        .set({ ...values, storageKey, modifiedBy: actorId, updatedAt: now })
        .where(eq(documents.id, id));
      await recordAudit(tx as unknown as Database, {
        entity: "document",
        entityId: id,
        operation: "update",
        changes: fieldChanges(current, values, FILE_FIELDS),
        actorId,
        at: now,
      });
      return current.storageKey;
    });
  } catch (error) {
    await removeQuietly(store, storageKey);
    throw error;
  }
  if (oldKey === null) {
    await removeQuietly(store, storageKey);
    return { kind: "missing" };
  }
  await removeQuietly(store, oldKey);
  return { kind: "replaced" };
}

export type DetailsOutcome = { kind: "saved" } | { kind: "missing" } | { kind: "conflict"; currentStamp: string };

/**
 * Saves a document's details (name, description, subject, audience; the file stays) when the
 * posted stamp is the current one; otherwise a conflict that changes nothing (ADR 7). Audited.
 */
export async function updateDocumentDetails(
  database: Database,
  id: number,
  input: DocumentInput,
  stamp: string,
  actorId: number,
): Promise<DetailsOutcome> {
  return database.transaction(async (tx) => {
    const [current] = await tx.select().from(documents).where(eq(documents.id, id)).for("update");
    if (!current) return { kind: "missing" };
    if (current.updatedAt.toISOString() !== stamp)
      return { kind: "conflict", currentStamp: current.updatedAt.toISOString() };
    const values = detailValues(input);
    const now = new Date();
    await tx
      .update(documents)
      .set({ ...values, modifiedBy: actorId, updatedAt: now })
      .where(eq(documents.id, id));
    await recordAudit(tx as unknown as Database, {
      entity: "document",
      entityId: id,
      operation: "update",
      changes: fieldChanges(current, values, DETAIL_FIELDS),
      actorId,
      at: now,
    });
    return { kind: "saved" };
  });
}

/** Deletes a document and its audit entry in one transaction, then removes its file. */
export async function deleteDocument(
  database: Database,
  store: FileStore,
  id: number,
  actorId: number,
): Promise<boolean> {
  const removedKey = await database.transaction(async (tx) => {
    const [current] = await tx.select().from(documents).where(eq(documents.id, id)).for("update");
    if (!current) return null;
    await tx.delete(documents).where(eq(documents.id, id));
    await recordAudit(tx as unknown as Database, {
      entity: "document",
      entityId: id,
      operation: "delete",
      changes: fieldChanges(current, null, AUDITED_FIELDS),
      actorId,
    });
    return current.storageKey;
  });
  if (removedKey === null) return false;
  await removeQuietly(store, removedKey);
  return true;
}
