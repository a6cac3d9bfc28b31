import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { securityRoles } from "~/db/schema";
import { usedValues } from "~/forms/used-values";
import { tableList } from "~/lists/list-reader.server";

describe("one list definition gives the screen, its export and the API their table state", () => {
  const list = tableList(securityRoles, {
    searched: [securityRoles.name],
    sorts: { name: securityRoles.name, displayName: sql`lower(${securityRoles.displayName})` },
    defaultSort: "displayName",
    id: securityRoles.id,
  });
  const state = (search: string) => list.optionsOf(new URLSearchParams(search));

  it("sorts by the definition's columns, its default first and ascending", () => {
    expect(list.sortKeys).toEqual(["name", "displayName"]);
    expect(state("")).toEqual({ page: 1, rowsPerPage: 10, sortBy: "displayName", sortType: "asc", query: "" });
    expect(state("sortBy=name&sortType=desc&page=3&rowsPerPage=100&q=%20sales%20")).toEqual({
      page: 3,
      rowsPerPage: 100,
      sortBy: "name",
      sortType: "desc",
      query: "sales",
    });
  });

  it("an unknown column falls back to the default; a default direction may be descending", () => {
    expect(state("sortBy=password").sortBy).toBe("displayName");
    const newestFirst = tableList(securityRoles, {
      searched: [],
      sorts: { updatedAt: securityRoles.updatedAt },
      defaultSort: "updatedAt",
      defaultSortType: "desc",
      id: securityRoles.id,
    });
    expect(newestFirst.optionsOf(new URLSearchParams()).sortType).toBe("desc");
  });
});

describe("the values list fields already hold: an editor's multiselect options", () => {
  it("are distinct and sorted per field; a field no row fills is empty", () => {
    const rows = [
      { categories: ["Sales", "after-sales"], webRoles: [] },
      { categories: ["Sales", "Parts"], webRoles: [] },
    ];
    expect(usedValues(rows, ["categories", "webRoles"])).toEqual({
      categories: ["after-sales", "Parts", "Sales"],
      webRoles: [],
    });
    expect(usedValues([], ["categories"])).toEqual({ categories: [] });
  });
});
