/** What an uploaded file is, by its content (never its name): CSV text or an XLSX workbook. */
export type ImportFileKind = "csv" | "xlsx";

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

/**
 * The kind of an upload from its first bytes (SPEC §8 "Invalid File Type" otherwise): a ZIP
 * container is taken for a workbook (the parser then proves it); text is CSV when it is UTF-8
 * without NUL bytes. An empty file is neither.
 */
export function importFileKind(head: Uint8Array): ImportFileKind | null {
  if (head.length === 0) return null;
  if (ZIP_MAGIC.every((byte, index) => head[index] === byte)) return "xlsx";
  if (head.includes(0)) return null;
  try {
    // A multi-byte character cut at the end of the sample is not an error.
    new TextDecoder("utf-8", { fatal: true }).decode(trimPartialCharacter(head));
    return "csv";
  } catch {
    return null;
  }
}

function trimPartialCharacter(bytes: Uint8Array): Uint8Array {
  let end = bytes.length;
  // Step back over continuation bytes to the start of the last character, then see if it is whole.
  let start = end - 1;
  while (start > 0 && start > end - 4 && (bytes[start] & 0xc0) === 0x80) start--;
  const lead = bytes[start];
  const length = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1;
  if (start + length > end) end = start;
  return bytes.subarray(0, end);
}
