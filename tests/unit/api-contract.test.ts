import path from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import routeConfig from "~/routes";
import type { RouteModule } from "~/permissions/route-rules";
import { API_OPERATIONS, portalOpenApiDocument } from "~/assembly/api-operations";
import { apiContractChecker } from "~/api/contract-check.server";
import { apiOperation, dataOf } from "~/api/contract";
import { openApiDocument } from "~/api/openapi";
import { documentOutline } from "~/api/openapi-outline";
import { etagOf, stampOfIfMatch, withIfMatch } from "~/api/etag";
import { pointerOf, problemDetails, problemKindOf, problemTypeUri, type ProblemKind } from "~/api/problems";

const APP = path.resolve(__dirname, "../../app");

function modules(list: RouteModule[], parent = ""): { fullPath: string; file: string }[] {
  return list.flatMap((entry) => {
    const fullPath = [parent, entry.path ?? ""].filter(Boolean).join("/");
    return [{ fullPath, file: entry.file }, ...modules(entry.children ?? [], fullPath)];
  });
}

/** The route table's /api/v2 routes, as OpenAPI paths. */
const apiRoutes = modules(routeConfig as RouteModule[])
  .filter((route) => route.fullPath.startsWith("api/v2"))
  .map((route) => ({ ...route, path: `/${route.fullPath.replace(/:([A-Za-z]+)/g, "{$1}")}` }));

describe("issue #35 the OpenAPI document is generated from the code", () => {
  const document = portalOpenApiDocument();

  it("issue #35 documents every /api/v2 route of the route table, and nothing else", () => {
    expect(apiRoutes.length).toBeGreaterThan(20);
    expect(Object.keys(document.paths).sort()).toEqual([...new Set(apiRoutes.map((route) => route.path))].sort());
  });

  it("issue #35 a route's loader is its GET and its action its writes, in the document and in the module", async () => {
    const differences: string[] = [];
    for (const route of apiRoutes) {
      const module = (await import(path.join(APP, route.file))) as { loader?: unknown; action?: unknown };
      const methods = Object.keys(document.paths[route.path] ?? {});
      // A documented read needs a loader, a documented write an action (the built suite checks that
      // the others answer 405: some loaders exist only to say so).
      if (methods.includes("get") && !module.loader) differences.push(`${route.path}: GET without a loader`);
      if (methods.some((method) => method !== "get") && !module.action)
        differences.push(`${route.path}: a write without an action`);
      if (!module.loader && !module.action) differences.push(`${route.path}: neither loader nor action`);
    }
    expect(differences).toEqual([]);
  }, 60_000);

  it("names each operation once, tags it, and says who may call it", () => {
    const ids = API_OPERATIONS.map((operation) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const operation of API_OPERATIONS) {
      expect(operation.summary, operation.operationId).not.toBe("");
      if (!operation.public)
        expect(Object.keys(operation.replies), operation.operationId).toEqual(expect.arrayContaining(["401", "403"]));
      if (operation.method !== "get") expect(Object.keys(operation.replies), operation.operationId).toContain("413");
    }
  });

  it("is OpenAPI 3.1 with JSON Schema 2020-12 bodies and every operation's answers", () => {
    expect(document.openapi).toBe("3.1.0");
    const listAnnouncements = document.paths["/api/v2/announcements"]?.get as { responses: Record<string, unknown> };
    expect(Object.keys(listAnnouncements.responses)).toEqual(
      expect.arrayContaining(["200", "401", "403", "429", "503"]),
    );
  });

  it("the reference page's outline has every operation", () => {
    const outline = documentOutline(document);
    const shown = outline.tags.flatMap((tag) => tag.operations.map((operation) => operation.id));
    expect(shown.sort()).toEqual(API_OPERATIONS.map((operation) => operation.operationId).sort());
  });
});

describe("issue #35 the contract is checked: an answer off the document is caught", () => {
  const thing = z.object({ id: z.number().int(), name: z.string(), note: z.string().nullable() });
  const document = openApiDocument(
    [
      apiOperation({
        method: "get",
        path: "/api/v2/things/{id}",
        operationId: "getThing",
        tag: "api",
        summary: "A thing",
        rule: {},
        replies: { 200: { description: "The thing.", schema: dataOf(thing) }, 404: { description: "None." } },
      }),
      apiOperation({
        method: "delete",
        path: "/api/v2/things/{id}",
        operationId: "deleteThing",
        tag: "api",
        summary: "Delete a thing",
        rule: {},
        replies: { 204: { description: "Deleted." } },
      }),
    ],
    { version: "1", serverUrl: "/" },
  );
  const check = apiContractChecker(document);
  const json = (body: unknown) => Buffer.from(JSON.stringify(body));
  const answer = (status: number, body: Buffer, method = "GET", contentType = "application/json") => ({
    method,
    path: "/api/v2/things/7",
    status,
    contentType,
    body,
  });

  const problem = (status: number, kind: ProblemKind = "unauthorized") =>
    json(problemDetails(kind, "Title", "Detail", { status }));

  it("a documented answer passes", () => {
    expect(check(answer(200, json({ data: { id: 7, name: "x", note: null } })))).toBeNull();
    expect(check(answer(204, Buffer.alloc(0), "DELETE", ""))).toBeNull();
    expect(check(answer(401, problem(401), "GET", "application/problem+json"))).toBeNull();
    // A method the route does not answer, an address no route serves: nothing to hold them to.
    expect(check(answer(405, json({ error: { message: "Method Not Allowed" } }), "PUT"))).toBeNull();
    expect(check({ ...answer(404, json({})), path: "/api/v2/nothing" })).toBeNull();
  });

  it("an undocumented field, a wrong type, a missing field, an undocumented status or content type is caught", () => {
    expect(check(answer(200, json({ data: { id: 7, name: "x", note: null, extra: 1 } })))).toMatch(/additional/);
    expect(check(answer(200, json({ data: { id: "7", name: "x", note: null } })))).toMatch(/must be integer/);
    expect(check(answer(200, json({ data: { id: 7, note: null } })))).toMatch(/must have required property/);
    expect(check(answer(409, problem(409, "conflict"), "GET", "application/problem+json"))).toMatch(/does not list/);
    // An error answered as plain JSON, or without its problem members, is off the document.
    expect(check(answer(401, problem(401)))).toMatch(/not application\/problem\+json/);
    expect(check(answer(401, json({ error: { message: "x" } }), "GET", "application/problem+json"))).toMatch(
      /must have required property/,
    );
    expect(check(answer(200, Buffer.from("<html></html>"), "GET", "text/html"))).toMatch(/not application\/json/);
    expect(check(answer(204, json({ data: 1 }), "DELETE"))).toMatch(/has a body/);
    expect(check(answer(500, json({ error: { message: "x" } })))).toMatch(/does not list/);
    expect(check({ ...answer(200, json({})), path: "/api/v2/unknown" })).toMatch(/no such operation/);
  });

  it("reads a compressed answer", async () => {
    const { gzipSync } = await import("node:zlib");
    const body = gzipSync(json({ data: { id: 7, name: "x", note: "n", more: true } }));
    expect(check({ ...answer(200, body), contentEncoding: "gzip" })).toMatch(/additional/);
  });
});

describe("issue #35 §5 errors as problem details (RFC 9457)", () => {
  it("problemKindOf names a status's kind; a type is stable and points at the reference page", () => {
    expect(problemKindOf(404)).toBe("notFound");
    expect(problemKindOf(409)).toBe("conflict");
    expect(problemKindOf(400)).toBe("invalidRequest");
    expect(problemKindOf(502)).toBe("serverError");
    expect(problemTypeUri("staleStamp")).toBe("/api/docs#problem-stale-stamp");
  });

  it("pointerOf turns a field's path into a JSON Pointer", () => {
    expect(pointerOf("title")).toBe("/title");
    expect(pointerOf("roles.0")).toBe("/roles/0");
    expect(pointerOf("a/b~c")).toBe("/a~1b~0c");
    expect(pointerOf("_")).toBe("");
  });

  it("problemDetails: type, title, status, detail, each field's messages in errors, and today's error member alongside", () => {
    expect(
      problemDetails("validation", "Some values are not valid", "Please correct the errors", {
        fields: { title: ["Required"], "roles.0": ["Too long", "Unknown"] },
      }),
    ).toEqual({
      type: "/api/docs#problem-validation",
      title: "Some values are not valid",
      status: 400,
      detail: "Please correct the errors",
      errors: [
        { detail: "Required", pointer: "/title" },
        { detail: "Too long", pointer: "/roles/0" },
        { detail: "Unknown", pointer: "/roles/0" },
      ],
      error: {
        message: "Please correct the errors",
        fields: { title: ["Required"], "roles.0": ["Too long", "Unknown"] },
      },
    });
    expect(
      problemDetails("staleStamp", "t", "d", { currentStamp: "2026-11-26T10:00:00.000Z" }).error.currentStamp,
    ).toBe("2026-11-26T10:00:00.000Z");
  });
});

describe("issue #35 §5 the edit stamp over HTTP: ETag and If-Match", () => {
  it("etagOf quotes a record's updatedAt; none without one", () => {
    expect(etagOf({ updatedAt: "2026-11-26T10:00:00.000Z" })).toBe('"2026-11-26T10:00:00.000Z"');
    expect(etagOf({ updatedAt: new Date("2026-11-26T10:00:00.000Z") })).toBe('"2026-11-26T10:00:00.000Z"');
    expect(etagOf({ id: 1 })).toBeUndefined();
    expect(etagOf(null)).toBeUndefined();
  });
  it("stampOfIfMatch reads the first tag, weak or strong; not *", () => {
    expect(stampOfIfMatch('"2026-11-26T10:00:00.000Z"')).toBe("2026-11-26T10:00:00.000Z");
    expect(stampOfIfMatch('W/"abc", "def"')).toBe("abc");
    expect(stampOfIfMatch("*")).toBeUndefined();
    expect(stampOfIfMatch(null)).toBeUndefined();
    expect(stampOfIfMatch('""')).toBeUndefined();
  });
  it("withIfMatch gives a body the stamp it lacks; the body's own wins; other bodies are left", () => {
    expect(withIfMatch({ title: "x" }, '"s1"')).toEqual({ title: "x", updatedAt: "s1" });
    expect(withIfMatch({ title: "x", updatedAt: "s0" }, '"s1"')).toEqual({ title: "x", updatedAt: "s0" });
    expect(withIfMatch(["x"], '"s1"')).toEqual(["x"]);
    expect(withIfMatch({ title: "x" }, null)).toEqual({ title: "x" });
  });
});
