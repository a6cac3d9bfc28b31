import { and, asc, eq, ilike, or, type SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { documents } from "~/db/schema";
import { containsPattern, pageWindowOf } from "~/lists/list-query";
import { documentShownTo, type DocumentAudience } from "~/documents/visibility";
import { detectFileType, safeFileName } from "~/documents/file-types";
import { MAX_FILE_BYTES, PAGE_SIZE } from "~/limits";
import type { Subject } from "~/documents/subjects";
import type { UploadedFile } from "~/forms/upload.server";
import { newStorageKey, type FileStore } from "~/storage/file-store.server";
import { satisfiesRule } from "~/security/feature-rule";
import { DOCUMENTS_WRITE } from "~/permissions/write-rules";
import type { Actor } from "~/permissions/actor";
import { documentFilters, type DocumentInput } from "~/documents/schema";
import { logger } from "~/logger.server";
import { auditedRecord } from "~/audit/audited-record.server";
import { tableStateOf, type SortType } from "~/lists/table-state";
import type { SaveOutcome } from "~/forms/save-outcome";
import type { PortalScope } from "~/permissions/admin-levels";
import { BRAND_NOT_YOURS, catalogueWritableWithin, type BrandNotYours } from "~/permissions/catalogue-scope";

export type DocumentRow = typeof documents.$inferSelect;

/** Who is looking at the library: their brands and regions, whether they manage it, and where (their portal scope). */
export interface DocumentViewer {
  audience: DocumentAudience;
  managesLibrary: boolean;
  portalScope: PortalScope;
}

export function documentViewerOf(user: Pick<Actor, "access" | "portalScope">): DocumentViewer {
  return {
    audience: { brandIds: user.access.brands.map((b) => b.id), regions: user.access.regions },
    managesLibrary: satisfiesRule(user.access.features, DOCUMENTS_WRITE),
    portalScope: user.portalScope,
  };
}

const shown = (row: DocumentRow, viewer: DocumentViewer) =>
  documentShownTo(row, viewer.audience, viewer.managesLibrary ? viewer.portalScope.brandIds : []);

/** Whether the viewer manages this document: they manage the library, and its brands are all theirs (issue #30 §2). */
export function documentManagedBy(row: Pick<DocumentRow, "brandIds">, viewer: DocumentViewer): boolean {
  return viewer.managesLibrary && catalogueWritableWithin(viewer.portalScope, row.brandIds);
}

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

/** The library list's sortable columns. */
export const DOCUMENT_SORTS = ["name", "subject", "updated"] as const;
export type DocumentSort = (typeof DOCUMENT_SORTS)[number];

export interface DocumentListOptions {
  subject?: Subject | null;
  query?: string;
  page?: number;
  rowsPerPage?: number;
  sortBy?: DocumentSort;
  sortType?: SortType;
}

/** The library list's subject, search, sort and page from a URL (the screen and its export read it alike). */
export function documentListOptionsOf(params: URLSearchParams) {
  const filters = documentFilters(params);
  const state = tableStateOf(params, DOCUMENT_SORTS, { sortBy: "name", sortType: "asc" });
  const options: DocumentListOptions = {
    ...filters,
    page: state.page,
    rowsPerPage: state.rowsPerPage,
    sortBy: state.sortBy,
    sortType: state.sortType,
  };
  return { filters, state, options };
}

const documentOrder: Record<DocumentSort, (a: DocumentRow, b: DocumentRow) => number> = {
  name: (a, b) => byName.compare(a.name, b.name),
  subject: (a, b) => byName.compare(a.subject, b.subject) || byName.compare(a.name, b.name),
  updated: (a, b) => a.updatedAt.getTime() - b.updatedAt.getTime(),
};

/**
 * Every document the actor sees of the filtered list, in its order: subject and search run in SQL;
 * visibility is the pure rule, applied per row; the order is applied here, not by the database's
 * collation (C on PGlite), so both backends agree.
 */
export async function everyListedDocument(database: Database, actor: Actor, options: DocumentListOptions = {}) {
  const viewer = documentViewerOf(actor);
  const candidates = await database.select().from(documents).where(filterCondition(options)).orderBy(asc(documents.id));
  const compare = documentOrder[options.sortBy ?? "name"];
  const sign = options.sortType === "desc" ? -1 : 1;
  return candidates.filter((row) => shown(row, viewer)).sort((a, b) => sign * compare(a, b) || a.id - b.id);
}

/** A page of the documents the actor sees, filtered by subject, searched by name or description, sorted. */
export async function listDocuments(database: Database, actor: Actor, options: DocumentListOptions = {}) {
  const visible = await everyListedDocument(database, actor, options);
  const pageSize = options.rowsPerPage ?? PAGE_SIZE;
  const { page, pageCount, offset } = pageWindowOf(visible.length, pageSize, options.page);
  return { rows: visible.slice(offset, offset + pageSize), total: visible.length, page, pageCount };
}

/** One document, when the actor may see it; otherwise null (as if it did not exist). */
export async function getDocument(database: Database, actor: Actor, id: number): Promise<DocumentRow | null> {
  const [row] = await database.select().from(documents).where(eq(documents.id, id));
  return row && shown(row, documentViewerOf(actor)) ? row : null;
}

/** A document's file for download, when the actor may see it and the file is stored. */
export async function openDocumentFile(database: Database, actor: Actor, store: FileStore, id: number) {
  const row = await getDocument(database, actor, id);
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

/** A stored upload: its file's name, type and size as audited, and where the store keeps it. */
type StoredFile = { kind: "stored"; fileName: string; contentType: string; sizeBytes: number; storageKey: string };

/** Whether the actor may write a document for these brands: all theirs (their portal scope). */
const writable = (actor: Actor, brandIds: readonly number[]) => catalogueWritableWithin(actor.portalScope, brandIds);

/**
 * An upload checked (type by name and content; size) and, when accepted, put in the store under a
 * new key: what its row keeps of it. Otherwise why it is refused, and nothing is stored.
 */
async function storedUpload(store: FileStore, file: UploadedFile): Promise<FileOutcome | StoredFile> {
  if (file.bytes.byteLength > MAX_FILE_BYTES) return { kind: "tooLarge" };
  const type = detectFileType(file.fileName, file.bytes);
  if (!type) return { kind: "invalidType" };
  const fileName = safeFileName(file.fileName);
  const storageKey = newStorageKey(type.extensions[0]);
  await store.put(storageKey, file.bytes);
  return { kind: "stored", fileName, contentType: type.contentType, sizeBytes: file.bytes.byteLength, storageKey };
}

/** Writes the row of a stored upload; when that fails, the stored file is removed again. */
async function writingStored<T>(store: FileStore, stored: StoredFile, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    await removeQuietly(store, stored.storageKey);
    throw error;
  }
}

/** Removes a file after its row is gone or replaced; a failure is logged, never undoes the write. */
async function removeQuietly(store: FileStore, key: string) {
  try {
    await store.delete(key);
  } catch (error) {
    logger.warn({ err: error instanceof Error ? error.message : String(error) }, "document file could not be removed");
  }
}

const fileValues = (file: StoredFile) => ({
  fileName: file.fileName,
  contentType: file.contentType,
  sizeBytes: file.sizeBytes,
});

/**
 * How the actor saves documents: only those whose brands are all theirs (another is missing for
 * them, brands not theirs are refused). A document is created with its file; its details and its
 * file are then changed apart, each audited on its own fields.
 */
function documentRecords(actor: Actor) {
  const brandsRefusal = (input: { brandIds: readonly number[] }) =>
    writable(actor, input.brandIds) ? null : BRAND_NOT_YOURS;
  const base = {
    entity: "document",
    table: documents,
    idColumn: documents.id,
    keepsEditor: true,
    reaches: (row: DocumentRow) => writable(actor, row.brandIds),
  };
  return {
    whole: auditedRecord<
      typeof documents,
      DocumentInput & { file: StoredFile },
      ReturnType<typeof detailValues> & ReturnType<typeof fileValues>,
      BrandNotYours
    >({
      ...base,
      columns: (input) => ({ ...detailValues(input), ...fileValues(input.file), storageKey: input.file.storageKey }),
      audited: (input) => ({ ...detailValues(input), ...fileValues(input.file) }),
      scopeRefusal: brandsRefusal,
      fields: AUDITED_FIELDS,
    }),
    details: auditedRecord<typeof documents, DocumentInput, ReturnType<typeof detailValues>, BrandNotYours>({
      ...base,
      columns: detailValues,
      audited: detailValues,
      scopeRefusal: brandsRefusal,
      fields: DETAIL_FIELDS,
    }),
    file: auditedRecord<typeof documents, StoredFile, ReturnType<typeof fileValues>, never>({
      ...base,
      columns: (file) => ({ ...fileValues(file), storageKey: file.storageKey }),
      audited: fileValues,
      fields: FILE_FIELDS,
    }),
  };
}

/**
 * Uploads a new document for brands all the actor's (otherwise refused, nothing stored): the file
 * is stored first, then the row and its audit entry are written in one transaction; if that fails,
 * the stored file is removed again.
 */
export async function createDocument(
  database: Database,
  actor: Actor,
  store: FileStore,
  input: DocumentInput,
  file: UploadedFile,
): Promise<FileOutcome | BrandNotYours | { kind: "created"; id: number }> {
  if (!writable(actor, input.brandIds)) return BRAND_NOT_YOURS;
  const stored = await storedUpload(store, file);
  if (stored.kind !== "stored") return stored;
  return writingStored(store, stored, () =>
    documentRecords(actor).whole.create(database, actor, { ...input, file: stored }),
  );
}

/**
 * Replaces a document's file: the new file is stored, the row updated and audited in one
 * transaction, and only then the old file removed. A missing document, or one whose brands are
 * not all the editor's, changes nothing.
 */
export async function replaceDocumentFile(
  database: Database,
  actor: Actor,
  store: FileStore,
  id: number,
  file: UploadedFile,
): Promise<FileOutcome | { kind: "replaced" } | { kind: "missing" }> {
  const stored = await storedUpload(store, file);
  if (stored.kind !== "stored") return stored;
  const outcome = await writingStored(store, stored, () =>
    documentRecords(actor).file.overwrite(database, actor, id, stored),
  );
  if (outcome.kind !== "saved") {
    await removeQuietly(store, stored.storageKey);
    return { kind: "missing" };
  }
  await removeQuietly(store, outcome.row.storageKey);
  return { kind: "replaced" };
}

/**
 * Saves a document's details (name, description, subject, audience; the file stays) when the
 * posted stamp is the current one and its brands, before and after, are all the editor's. Another
 * brand's document is missing for them, brands not theirs are refused, a stale stamp is a conflict
 * (ADR 7); each changes nothing. Audited.
 */
export async function updateDocumentDetails(
  database: Database,
  actor: Actor,
  id: number,
  input: DocumentInput,
  stamp: string,
): Promise<SaveOutcome | BrandNotYours> {
  return documentRecords(actor).details.update(database, actor, id, { ...input, updatedAt: stamp });
}

/** Deletes a document of the actor's brands and its audit entry in one transaction, then removes its file; false when there is none such. */
export async function deleteDocument(database: Database, actor: Actor, store: FileStore, id: number): Promise<boolean> {
  const outcome = await documentRecords(actor).whole.remove(database, actor, id);
  if (outcome.kind !== "deleted") return false;
  await removeQuietly(store, outcome.row.storageKey);
  return true;
}
