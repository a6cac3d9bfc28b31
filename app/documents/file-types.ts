/** The documents library's allowed uploads (issue #5 §3): PDF, DOCX, XLSX, PNG, JPG up to MAX_FILE_BYTES. */

export interface FileType {
  /** Short label shown in the list (a format name, the same in every language). */
  label: "PDF" | "DOCX" | "XLSX" | "PNG" | "JPG";
  contentType: string;
  extensions: readonly string[];
  /** The file's first bytes as this format writes them. */
  magic: readonly number[];
}

const ZIP = [0x50, 0x4b, 0x03, 0x04];

export const FILE_TYPES: readonly FileType[] = [
  { label: "PDF", contentType: "application/pdf", extensions: ["pdf"], magic: [0x25, 0x50, 0x44, 0x46, 0x2d] },
  {
    label: "DOCX",
    contentType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    extensions: ["docx"],
    magic: ZIP,
  },
  {
    label: "XLSX",
    contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    extensions: ["xlsx"],
    magic: ZIP,
  },
  {
    label: "PNG",
    contentType: "image/png",
    extensions: ["png"],
    magic: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  },
  { label: "JPG", contentType: "image/jpeg", extensions: ["jpg", "jpeg"], magic: [0xff, 0xd8, 0xff] },
];

/** The file input's accept attribute: a hint for the picker, never trusted. */
export const ACCEPTED_EXTENSIONS = FILE_TYPES.flatMap((t) => t.extensions.map((e) => `.${e}`)).join(",");

/** The lower-case extension of a file name, without the dot ("" when none). */
export function fileExtension(fileName: string): string {
  const match = /\.([A-Za-z0-9]+)$/.exec(fileName);
  return match ? match[1].toLowerCase() : "";
}

const startsWith = (bytes: Uint8Array, magic: readonly number[]) =>
  bytes.length >= magic.length && magic.every((b, i) => bytes[i] === b);

/**
 * The type of an upload, or null when not allowed: the name's extension must be an allowed one
 * AND the content must start with that format's signature (%PDF-, a zip for DOCX/XLSX, PNG,
 * JPEG). The browser's claimed content type is ignored; the stored one comes from this table.
 */
export function detectFileType(fileName: string, bytes: Uint8Array): FileType | null {
  const extension = fileExtension(fileName);
  const type = FILE_TYPES.find((t) => t.extensions.includes(extension));
  return type && startsWith(bytes, type.magic) ? type : null;
}

/** The list's label of a stored content type. */
export function fileTypeLabel(contentType: string): string {
  return FILE_TYPES.find((t) => t.contentType === contentType)?.label ?? "";
}

/**
 * A file name safe to keep and to send back: the last path segment, without control
 * characters, quotes, path or shell-special characters, at most 120 characters, never empty
 * or hidden. The extension is kept.
 */
export function safeFileName(fileName: string): string {
  const base = fileName.split(/[/\\]/).pop() ?? "";
  const cleaned = base
    .normalize("NFC")
    // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
    .replace(/[\u0000-\u001f\u007f"*:<>?|;\u2028\u2029]/g, "")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^\.+/, "");
  const extension = fileExtension(cleaned);
  const stem = extension ? cleaned.slice(0, -(extension.length + 1)) : cleaned;
  const shortStem =
    [...stem]
      .slice(0, 120 - extension.length - 1)
      .join("")
      .trim() || "document";
  return extension ? `${shortStem}.${extension}` : shortStem;
}

/** RFC 5987 encoding of a UTF-8 value (percent-encodes everything but attr-chars). */
function rfc5987(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * The Content-Disposition of a download: `attachment`, an ASCII `filename` (others replaced by
 * "_") and, for the exact name, `filename*` in UTF-8 (RFC 6266 / RFC 5987).
 */
export function attachmentDisposition(fileName: string): string {
  const name = safeFileName(fileName);
  const ascii = name.replace(/[^\x20-\x7e]/g, "_").replace(/[\\%]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${rfc5987(name)}`;
}
