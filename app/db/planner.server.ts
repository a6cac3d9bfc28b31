import { sql, type SQL } from "drizzle-orm";
import type { Executor } from "./client.server";
import { rowsOf } from "./sql-list";

/** How many rows the database expects a select to give (its planner's estimate: no rows read). */
export async function plannedRows(database: Executor, query: SQL): Promise<number> {
  const result = await database.execute(sql`explain (format json) ${query}`);
  const [row] = rowsOf<Record<string, unknown>>(result);
  const plan = Object.values(row)[0];
  const parsed = (typeof plan === "string" ? JSON.parse(plan) : plan) as { Plan: { "Plan Rows": number } }[];
  return parsed[0].Plan["Plan Rows"];
}
