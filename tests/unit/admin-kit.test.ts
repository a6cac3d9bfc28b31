import { describe, expect, it } from "vitest";
import { exportHref, pageParam, rowsPerPageParam, sortHref, tableStateOf } from "~/lists/table-state";
import { csvFileName, csvResponse, spreadsheetSafe } from "~/lists/csv.server";
import { everyRow, pageOf } from "~/lists/list-query";

const SORTS = ["name", "updated"] as const;

describe("SPEC §3 Table state in the URL (admin kit DataTable)", () => {
  it("reads page, rowsPerPage, sortBy, sortType and the search, falling back to the list's defaults", () => {
    const params = new URLSearchParams("page=3&rowsPerPage=50&sortBy=updated&sortType=desc&q=%20valve%20");
    expect(tableStateOf(params, SORTS, { sortBy: "name", sortType: "asc" })).toEqual({
      page: 3,
      rowsPerPage: 50,
      sortBy: "updated",
      sortType: "desc",
      query: "valve",
    });
    expect(
      tableStateOf(new URLSearchParams("sortBy=password&sortType=sideways&page=-2"), SORTS, {
        sortBy: "name",
        sortType: "desc",
      }),
    ).toEqual({
      page: 1,
      rowsPerPage: 10,
      sortBy: "name",
      sortType: "desc",
      query: "",
    });
  });
  it("a chosen column without a direction sorts ascending", () => {
    expect(
      tableStateOf(new URLSearchParams("sortBy=updated"), SORTS, { sortBy: "name", sortType: "desc" }).sortType,
    ).toBe("asc");
  });
  it("a page is a positive whole number (anything else is page 1)", () => {
    for (const raw of ["0", "-1", "1e3", "2.5", "abc", "", "99999999", null]) expect(pageParam(raw)).toBe(1);
    expect(pageParam("12")).toBe(12);
  });
  it("SPEC §9 pagination defaults: 10 rows per page; a list offers 25, 50 and 100, anything else is 10", () => {
    expect(rowsPerPageParam(null)).toBe(10);
    for (const choice of ["10", "25", "50", "100"]) expect(rowsPerPageParam(choice)).toBe(Number(choice));
    for (const raw of ["0", "11", "1000", "25.0", " 25", "-25", "abc", ""]) expect(rowsPerPageParam(raw)).toBe(10);
  });
  it("a header link sorts ascending first, flips an active column, drops the page and keeps the rest", () => {
    const search = "?q=parts&page=4&subject=Sales";
    expect(sortHref(search, "name", { sortBy: "updated", sortType: "desc" })).toBe(
      "?q=parts&subject=Sales&sortBy=name&sortType=asc",
    );
    expect(sortHref(search, "name", { sortBy: "name", sortType: "asc" })).toBe(
      "?q=parts&subject=Sales&sortBy=name&sortType=desc",
    );
    expect(sortHref(search, "name", { sortBy: "name", sortType: "desc" })).toBe(
      "?q=parts&subject=Sales&sortBy=name&sortType=asc",
    );
  });
  it("the export link is the list's path with .csv, its filters and sort, every page", () => {
    expect(exportHref("/admin/applications", "?q=parts&page=2&sortBy=name")).toBe(
      "/admin/applications.csv?q=parts&sortBy=name",
    );
    expect(exportHref("/documents/", "")).toBe("/documents.csv");
  });
});

describe("CSV export: cells that start a formula are escaped (CSV injection)", () => {
  it.each(["=SUM(A1)", "+1", "-1", "@cmd", "\t=1", "\r=1"])("%j is prefixed with an apostrophe", (cell) => {
    expect(spreadsheetSafe(cell)).toBe(`'${cell}`);
  });
  it("other values stay as they are", () => {
    expect(spreadsheetSafe("Plain")).toBe("Plain");
    expect(spreadsheetSafe("a=b")).toBe("a=b");
    expect(spreadsheetSafe(12)).toBe("12");
    expect(spreadsheetSafe(null)).toBe("");
    expect(spreadsheetSafe(new Date("2026-11-22T00:00:00Z"))).toBe("2026-11-22T00:00:00.000Z");
  });
  it("streams a header and rows, quoted where needed, with a byte-order mark", async () => {
    async function* rows() {
      yield ["=1+1", 'say "hi", then go'];
      yield ["Ölfilter", "plain"];
    }
    const response = csvResponse(
      csvFileName("applications", new Date("2026-11-22T10:00:00Z")),
      ["Name", "Note"],
      rows(),
    );
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="applications-2026-11-22.csv"');
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes.slice(3))).toBe(
      `Name,Note\r\n'=1+1,"say ""hi"", then go"\r\nÖlfilter,plain\r\n`,
    );
  });
});

describe("lists read in pages and exports in batches", () => {
  const data = Array.from({ length: 23 }, (_, i) => i + 1);
  const read = async (limit: number, offset: number) => data.slice(offset, offset + limit);
  it("a page is clamped into the list", async () => {
    expect(await pageOf(async () => data.length, read, 9, 10)).toEqual({
      rows: [21, 22, 23],
      total: 23,
      page: 3,
      pageCount: 3,
    });
  });
  it("every row comes once, in order, batch after batch", async () => {
    const seen: number[] = [];
    for await (const row of everyRow(read, 5)) seen.push(row);
    expect(seen).toEqual(data);
  });
});

describe("ADR 7 edit stamp: a save goes ahead only on the stamp it was read with", () => {
  const current = { updatedAt: new Date("2026-11-22T10:00:00.000Z") };
  it("the current stamp saves", async () => {
    const { stampRefusal } = await import("~/audit/audit-writer.server");
    expect(stampRefusal(current, "2026-11-22T10:00:00.000Z")).toBeNull();
  });
  it("a stale or absent stamp is a conflict naming the current one; no record is missing", async () => {
    const { stampRefusal } = await import("~/audit/audit-writer.server");
    expect(stampRefusal(current, "2026-11-22T09:59:59.000Z")).toEqual({
      kind: "conflict",
      currentStamp: "2026-11-22T10:00:00.000Z",
    });
    expect(stampRefusal(current, undefined)).toEqual({ kind: "conflict", currentStamp: "2026-11-22T10:00:00.000Z" });
    expect(stampRefusal(undefined, "x")).toEqual({ kind: "missing" });
  });
});

describe("issue #11 §2: RoutableTabs", () => {
  it("a tab is hidden when the user lacks its feature", async () => {
    const { visibleTabs } = await import("~/ui/RoutableTabs");
    const tabs = [
      { key: "contact", label: "Contact", to: "/x/contact" },
      { key: "roles", label: "Roles", to: "/x/roles", rule: { any: ["admin:users:write", "admin:users:edit"] } },
    ];
    expect(visibleTabs(tabs, ["admin:users:read"]).map((t) => t.key)).toEqual(["contact"]);
    expect(visibleTabs(tabs, ["admin:users:edit"]).map((t) => t.key)).toEqual(["contact", "roles"]);
  });
  it("arrow keys move to the next and previous tab, wrapping; Home and End to the ends", async () => {
    const { tabMove } = await import("~/ui/RoutableTabs");
    expect(tabMove("ArrowRight", 0, 3)).toBe(1);
    expect(tabMove("ArrowRight", 2, 3)).toBe(0);
    expect(tabMove("ArrowLeft", 0, 3)).toBe(2);
    expect(tabMove("Home", 2, 3)).toBe(0);
    expect(tabMove("End", 0, 3)).toBe(2);
    expect(tabMove("Enter", 1, 3)).toBeNull();
  });
});
