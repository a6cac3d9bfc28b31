import { Readable } from "node:stream";
import { stringify } from "csv-stringify";
import { createReadableStreamFromReadable } from "@remix-run/node";

/**
 * A cell safe to open in a spreadsheet: one that starts with = + - @ (or a tab or carriage
 * return, which some spreadsheets skip before reading a formula) is prefixed with an apostrophe,
 * so it is shown as text and never run as a formula (CSV injection).
 */
export function spreadsheetSafe(value: unknown): string {
  const text = value === null || value === undefined ? "" : value instanceof Date ? value.toISOString() : String(value);
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** A file name for Content-Disposition: the list's name and the day, ASCII only. */
export function csvFileName(list: string, now = new Date()): string {
  return `${list.replace(/[^a-z0-9-]/gi, "-")}-${now.toISOString().slice(0, 10)}.csv`;
}

/**
 * A list's CSV export, streamed as it is read: the header, then each row from `rows` (which reads
 * the filtered list in batches), every cell made spreadsheet-safe. UTF-8 with a byte-order mark,
 * so spreadsheets read the other languages' characters.
 */
export function csvResponse(
  fileName: string,
  header: readonly string[],
  rows: AsyncIterable<readonly unknown[]>,
): Response {
  const stringifier = stringify({ bom: true, record_delimiter: "\r\n" });
  const source = Readable.from(
    (async function* () {
      yield header.map(spreadsheetSafe);
      for await (const row of rows) yield row.map(spreadsheetSafe);
    })(),
    { objectMode: true },
  );
  source.on("error", (error) => stringifier.destroy(error));
  source.pipe(stringifier);
  return new Response(createReadableStreamFromReadable(stringifier), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
