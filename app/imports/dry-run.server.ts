import type { ImportRow } from "./columns";
import {
  duplicateInFile,
  headerProblems,
  type IdentityImportRow,
  type ImportProblem,
  type RowOutcome,
} from "./identity-rules";
import { UnreadableFileError } from "./parse.server";

/** What a dry run found: the problems by row, and what the rows would do. */
export interface DryRunReport {
  rows: number;
  problems: ImportProblem[];
  create: number;
  update: number;
  unchanged: number;
}

/** A file the parser could not read is reported as the spec's wrong type. */
export type DryRunOutcome<Row = IdentityImportRow> =
  { kind: "report"; report: DryRunReport; valid: Row[] } | { kind: "unreadable" };

/** How one import checks a file: its columns, its key, its rules for a row, and what its valid rows would do. */
export interface DryRunSpec<Row> {
  /** The columns a file must have. */
  required: readonly string[];
  /** The column the import upserts by: a value in it twice in the file is a problem. */
  keyColumn: string;
  /** A row's problems by the import's rules, and the row as the import reads it when it has none. */
  check: (item: ImportRow) => { problems: ImportProblem[]; parsed: Row | null };
  /** What each valid row would do, and the problems only the stored records show. */
  classify: (valid: Row[]) => Promise<{ problems: ImportProblem[]; plans: { row: Row; outcome: RowOutcome }[] }>;
}

/**
 * An import's dry run (issue #17 §1) over a file's header and rows, as `importRows` reads them: a
 * header's problem stops the reading; every row is checked, a key already in the file is a problem;
 * the valid rows are classified and counted, the problems sorted by row. A file that cannot be read
 * is unreadable. Writes nothing.
 */
export async function dryRun<Row>(
  items: AsyncIterable<{ header: string[] } | ImportRow>,
  spec: DryRunSpec<Row>,
): Promise<DryRunOutcome<Row>> {
  const problems: ImportProblem[] = [];
  const valid: Row[] = [];
  const seen = new Map<string, number>();
  let rows = 0;
  try {
    for await (const item of items) {
      if ("header" in item) {
        problems.push(...headerProblems(item.header, spec.required));
        if (problems.length > 0) break;
        continue;
      }
      rows += 1;
      const checked = spec.check(item);
      const duplicate = duplicateInFile(seen, item.row, item.values[spec.keyColumn] ?? "", spec.keyColumn);
      problems.push(...checked.problems, ...(duplicate ? [duplicate] : []));
      if (checked.parsed && !duplicate) valid.push(checked.parsed);
    }
  } catch (error) {
    if (error instanceof UnreadableFileError) return { kind: "unreadable" };
    throw error;
  }
  const classified = await spec.classify(valid);
  problems.push(...classified.problems);
  problems.sort((a, b) => a.row - b.row);
  const counts = { create: 0, update: 0, unchanged: 0 };
  for (const plan of classified.plans) counts[plan.outcome] += 1;
  return { kind: "report", report: { rows, problems, ...counts }, valid: classified.plans.map((plan) => plan.row) };
}
