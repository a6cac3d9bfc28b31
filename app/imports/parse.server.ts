import { Readable } from "node:stream";
import { parse } from "csv-parse";
import type { ImportRow } from "./columns";
import type { ImportFileKind } from "./file-kind";

export type { ImportRow };

/** An upload the parser could not read: not the workbook or text it looked like. */
export class UnreadableFileError extends Error {}

/**
 * The rows of an upload, streamed (csv-parse; exceljs's streaming reader, first worksheet): the
 * first row names the columns (`columnOf` maps the header cells), empty rows are skipped.
 * Returns the header and the rows; reading the rows may throw UnreadableFileError.
 */
export async function* importRows(
  kind: ImportFileKind,
  bytes: Uint8Array,
  columnOf: (header: string) => string,
): AsyncGenerator<{ header: string[] } | ImportRow> {
  try {
    if (kind === "csv") yield* csvRows(bytes, columnOf);
    else yield* xlsxRows(bytes, columnOf);
  } catch (error) {
    if (error instanceof UnreadableFileError) throw error;
    throw new UnreadableFileError(error instanceof Error ? error.message : String(error));
  }
}

async function* csvRows(bytes: Uint8Array, columnOf: (header: string) => string) {
  const parser = Readable.from([Buffer.from(bytes)]).pipe(
    parse({ bom: true, info: true, relax_column_count: true, skip_empty_lines: true, trim: true }),
  );
  let header: string[] | null = null;
  for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
    if (!header) {
      header = record.map(columnOf);
      yield { header };
      continue;
    }
    yield { row: info.lines, values: cellsOf(header, record) };
  }
}

async function* xlsxRows(bytes: Uint8Array, columnOf: (header: string) => string) {
  // Loaded when a workbook comes (a third of a second at start-up otherwise).
  const { default: ExcelJS } = await import("exceljs");
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([Buffer.from(bytes)]), {
    worksheets: "emit",
    sharedStrings: "cache",
    hyperlinks: "ignore",
    styles: "ignore",
    entries: "ignore",
  });
  for await (const worksheet of reader) {
    let header: string[] | null = null;
    for await (const row of worksheet) {
      const cells: string[] = [];
      row.eachCell({ includeEmpty: true }, (cell, column) => {
        cells[column - 1] = cell.text.trim();
      });
      if (cells.every((cell) => !cell)) continue;
      if (!header) {
        header = Array.from(cells, (cell) => columnOf(cell ?? ""));
        yield { header };
        continue;
      }
      yield {
        row: row.number,
        values: cellsOf(
          header,
          Array.from(cells, (cell) => cell ?? ""),
        ),
      };
    }
    // Only the first worksheet is read.
    return;
  }
  throw new UnreadableFileError("no worksheet");
}

function cellsOf(header: string[], record: string[]): Record<string, string> {
  const values: Record<string, string> = {};
  header.forEach((column, index) => {
    if (column) values[column] = (record[index] ?? "").trim();
  });
  return values;
}
