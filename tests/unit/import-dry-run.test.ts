import { describe, expect, it } from "vitest";
import type { ImportRow } from "~/imports/columns";
import { dryRun, type DryRunSpec } from "~/imports/dry-run.server";
import { rowProblems } from "~/imports/identity-rules";
import { UnreadableFileError } from "~/imports/parse.server";

type Item = { header: string[] } | ImportRow;

async function* itemsOf(items: Item[], failAfter?: number): AsyncGenerator<Item> {
  for (const [index, item] of items.entries()) {
    if (index === failAfter) throw new UnreadableFileError("broken");
    yield item;
  }
}

/** A file of ids and names: a row without a name is a problem; id "1" exists already, "2" is unchanged. */
const spec: DryRunSpec<{ row: number; id: string }> = {
  required: ["id", "name"],
  keyColumn: "id",
  check: (item) => {
    const { row, values, problems, problem } = rowProblems<"id" | "name">(item);
    if (!values.name) problem("name", "validations.required");
    return { problems, parsed: problems.length ? null : { row, id: values.id } };
  },
  classify: async (valid) => ({
    problems: valid.filter((r) => r.id === "x").map((r) => ({ row: r.row, column: "id", message: "elsewhere" })),
    plans: valid
      .filter((r) => r.id !== "x")
      .map((r) => ({ row: r, outcome: r.id === "1" ? "update" : r.id === "2" ? "unchanged" : "create" }) as const),
  }),
};

const header = { header: ["id", "name"] };
const row = (n: number, id: string, name = "A") => ({ row: n, values: { id, name } });

describe("issue #17 §1 an import's dry run reads the whole file and writes nothing", () => {
  it("checks every row, names a key twice in the file, classifies and counts the valid rows", async () => {
    const outcome = await dryRun(
      itemsOf([header, row(2, "1"), row(3, "3", ""), row(4, "2"), row(5, "x"), row(6, "1"), row(7, "5")]),
      spec,
    );
    expect(outcome).toEqual({
      kind: "report",
      report: {
        rows: 6,
        problems: [
          { row: 3, column: "name", message: "validations.required" },
          { row: 5, column: "id", message: "elsewhere" },
          { row: 6, column: "id", message: "imports.errors.duplicateIdInFile", values: { row: 2 } },
        ],
        create: 1,
        update: 1,
        unchanged: 1,
      },
      valid: [
        { row: 2, id: "1" },
        { row: 4, id: "2" },
        { row: 7, id: "5" },
      ],
    });
  });

  it("stops at a header's problem: the rows are not read", async () => {
    const outcome = await dryRun(itemsOf([{ header: ["id", "id"] }, row(2, "1")]), spec);
    expect(outcome).toEqual({
      kind: "report",
      report: {
        rows: 0,
        problems: [
          { row: 1, column: "name", message: "imports.errors.missingColumn" },
          { row: 1, column: "id", message: "imports.errors.columnTwice" },
        ],
        create: 0,
        update: 0,
        unchanged: 0,
      },
      valid: [],
    });
  });

  it("an e-mail key says the e-mail message", async () => {
    const emails = { ...spec, required: ["email"], keyColumn: "email" };
    const outcome = await dryRun(
      itemsOf([{ header: ["email"] }, { row: 2, values: { email: "A@x" } }, { row: 3, values: { email: "a@x " } }]),
      { ...emails, check: ({ row }) => ({ problems: [], parsed: { row, id: String(row) } }) },
    );
    expect(outcome.kind === "report" && outcome.report.problems).toEqual([
      { row: 3, column: "email", message: "imports.errors.duplicateInFile", values: { row: 2 } },
    ]);
  });

  it("a file the parser cannot read is unreadable; another error is thrown", async () => {
    expect(await dryRun(itemsOf([header, row(2, "1")], 1), spec)).toEqual({ kind: "unreadable" });
    async function* failing(): AsyncGenerator<Item> {
      yield header;
      throw new Error("database down");
    }
    await expect(dryRun(failing(), spec)).rejects.toThrow("database down");
  });
});

describe("an import row's problems", () => {
  it("carry the row, and placeholders only when given", () => {
    const { row, values, problems, problem } = rowProblems<"brand" | "name">({ row: 9, values: { name: "" } });
    expect([row, values]).toEqual([9, { name: "" }]);
    problem("name", "validations.required");
    problem("brand", "imports.errors.unknownBrand", { value: "7" });
    expect(problems).toEqual([
      { row: 9, column: "name", message: "validations.required" },
      { row: 9, column: "brand", message: "imports.errors.unknownBrand", values: { value: "7" } },
    ]);
  });
});
