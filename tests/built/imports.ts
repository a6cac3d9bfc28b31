/** Bulk imports for the built suites: a CSV of new users made from the template, uploaded and checked on the import screen. */
import { parse } from "csv-parse/sync";
import { sql } from "drizzle-orm";
import { expect } from "vitest";
import type { Database } from "../../app/db/client.server";
import { IDENTITY_COLUMNS } from "../../app/imports/columns";
import type { PortalClient } from "./portal";

/** Uploads `rows` new users (`<prefix>.<n>@example.com`, the template's example otherwise) and answers the checked run. */
export async function checkedIdentityImport(
  admin: PortalClient,
  rows: number,
  prefix: string,
): Promise<{ runPath: string; runId: number }> {
  const template = await admin.send("/admin/wsr-bulk-assignments/template/csv");
  expect(template.status).toBe(200);
  const [header, example] = parse(await template.text(), { bom: true }) as string[][];
  const row = Object.fromEntries(header.map((column, index) => [column, example[index]]));
  const cell = (value: string) => `"${value.replace(/"/g, '""')}"`;
  const lines = Array.from({ length: rows }, (_, i) =>
    IDENTITY_COLUMNS.map((column) =>
      cell(column === "email" ? `${prefix}.${i}@example.com` : (row[column] ?? "")),
    ).join(","),
  );
  const form = new FormData();
  form.append(
    "file",
    new Blob([[IDENTITY_COLUMNS.join(","), ...lines].join("\n")], { type: "text/csv" }),
    "people.csv",
  );
  const checked = await admin.sendAlone("/admin/wsr-bulk-assignments", { method: "POST", body: form });
  expect(checked.status).toBe(302);
  const runPath = checked.headers.get("location")!;
  return { runPath, runId: Number(runPath.split("/").at(-1)) };
}

/** "Import" (or "Run again") on the run's page, as its form posts it. */
export async function startImport(admin: PortalClient, runPath: string): Promise<Response> {
  return admin.send(runPath, {
    method: "POST",
    body: "intent=import",
    contentType: "application/x-www-form-urlencoded",
  });
}

/** Polls until the run is in this state (a condition, not a sleep); its last state when the deadline passes. */
export async function runReaches(
  db: Database,
  runId: number,
  state: string,
  deadline: number,
  also: (run: { done: number }) => boolean = () => true,
): Promise<string | undefined> {
  let seen: string | undefined;
  while (Date.now() < deadline) {
    const result = (await db.execute(sql`select state, done from import_runs where id = ${runId}`)) as unknown as {
      rows: { state: string; done: number }[];
    };
    seen = result.rows[0]?.state;
    if (seen === state && also(result.rows[0])) return seen;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return seen;
}
