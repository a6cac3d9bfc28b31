/**
 * Issue #35: the OpenAPI document against the built portal. Each documented path answers each
 * documented method (not 405) and refuses the others with 405, so the document and the routes
 * name the same operations; the document itself is public, and /api/docs renders it on the server.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PortalClient, startPortal, type Portal } from "./portal";

type Document = {
  openapi: string;
  paths: Record<string, Record<string, { parameters?: { name: string; in: string; schema: { enum?: string[] } }[] }>>;
};

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

let portal: Portal;
let client: PortalClient;
let document: Document;

beforeAll(async () => {
  portal = await startPortal();
  client = new PortalClient(portal.origin, portal.db);
  const answer = await fetch(`${portal.origin}/api/v2/openapi.json`);
  expect(answer.status).toBe(200);
  document = (await answer.json()) as Document;
  await client.signIn();
});

afterAll(async () => {
  await portal?.close();
});

/** An address of the path, each parameter a value it takes (the first of a set, else a record id). */
function addressOf(template: string, operations: Document["paths"][string]): string {
  const parameters = Object.values(operations).flatMap((operation) => operation.parameters ?? []);
  return template.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const parameter = parameters.find((candidate) => candidate.in === "path" && candidate.name === name);
    return parameter?.schema.enum?.[0] ?? "1";
  });
}

describe("issue #35 the document and the routes name the same operations", () => {
  it("issue #35 /api/v2/openapi.json is public OpenAPI 3.1 and documents many operations", () => {
    expect(document.openapi).toBe("3.1.0");
    expect(Object.keys(document.paths).length).toBeGreaterThan(20);
  });

  it("issue #35 every documented path answers its documented methods and refuses the others with 405", async () => {
    const differences: string[] = [];
    // Reads first, then writes, deletes last: a write must not take away what a later read needs.
    for (const method of METHODS) {
      for (const [template, operations] of Object.entries(document.paths)) {
        if (template === "/api/v2/openapi.json") continue;
        const address = addressOf(template, operations);
        const writes = method !== "GET";
        const answer = await client.send(address, {
          method,
          ...(writes ? { contentType: "application/json", body: "{}" } : {}),
        });
        await answer.body?.cancel();
        const documented = method.toLowerCase() in operations;
        if (documented === (answer.status === 405))
          differences.push(`${method} ${address}: ${answer.status} (${documented ? "documented" : "not documented"})`);
      }
    }
    expect(differences).toEqual([]);
  });

  it("issue #35 /api/docs renders the reference on the server, with every operation, without a session", async () => {
    const page = await fetch(`${portal.origin}/api/docs`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("API reference");
    for (const [template, operations] of Object.entries(document.paths))
      for (const method of Object.keys(operations))
        expect(html).toContain(`${method.toUpperCase()}</span> <code>${template}</code>`);
  });
});

describe("issue #35 §5 conventions", () => {
  it("issue #35 §5 an error is problem details: a stable type, the title in the caller's language, today's error member alongside", async () => {
    const answer = await client.send("/api/v2/admin/users/999999");
    expect(answer.status).toBe(404);
    expect(answer.headers.get("content-type")).toMatch(/^application\/problem\+json/);
    expect(await answer.json()).toMatchObject({
      type: "/api/docs#problem-not-found",
      title: "Not found",
      status: 404,
      error: { message: expect.any(String) },
    });
    // The title is in the caller's language (the locale cookie, else Accept-Language).
    const signedOut = await fetch(`${portal.origin}/api/v2/admin/users`, { headers: { "Accept-Language": "de" } });
    expect(signedOut.status).toBe(401);
    expect(await signedOut.json()).toMatchObject({
      type: "/api/docs#problem-unauthorized",
      title: "Anmeldung erforderlich",
    });
    const invalid = await client.send("/api/v2/announcements", {
      method: "POST",
      contentType: "application/json",
      body: JSON.stringify({ title: "" }),
    });
    expect(invalid.status).toBe(400);
    const problem = (await invalid.json()) as {
      type: string;
      errors: { pointer: string }[];
      error: { fields: object };
    };
    expect(problem.type).toBe("/api/docs#problem-validation");
    expect(problem.errors.map((error) => error.pointer)).toContain("/title");
    expect(problem.error.fields).toHaveProperty("title");
  });

  it("issue #35 §5 a single record answers its ETag; If-Match is the stamp a write was read with: stale is 409, current saves", async () => {
    // An announcement of the caller's own brands, created for the test.
    const definitions = (await (await client.send("/api/v2/announcements/definitions")).json()) as {
      data: { brands: { id: number }[]; regions: { code: string }[] };
    };
    const today = new Date().toISOString().slice(0, 10);
    const later = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    const created = await client.send("/api/v2/announcements", {
      method: "POST",
      contentType: "application/json",
      body: JSON.stringify({
        title: "Stamped over HTTP",
        language: "en",
        priority: "medium",
        linkUrl: "https://news.vantor.example.com/stamped",
        startDate: today,
        expirationDate: later,
        brandIds: [definitions.data.brands[0].id],
        regionCodes: [definitions.data.regions[0].code],
      }),
    });
    expect(created.status).toBe(201);
    const id = ((await created.json()) as { data: { id: number } }).data.id;
    const read = await client.send(`/api/v2/announcements/${id}`);
    const etag = read.headers.get("etag");
    const { data: record } = (await read.json()) as { data: Record<string, unknown> };
    expect(etag).toBe(`"${String(record.updatedAt)}"`);
    const { updatedAt: _stamp, ...body } = record;
    const put = (ifMatch: string) =>
      client.send(`/api/v2/announcements/${id}`, {
        method: "PUT",
        contentType: "application/json",
        headers: { "If-Match": ifMatch },
        body: JSON.stringify({ ...body, title: `${String(record.title)} (checked)` }),
      });
    const stale = await put('"2000-01-01T00:00:00.000Z"');
    expect(stale.status).toBe(409);
    expect(((await stale.json()) as { type: string }).type).toBe("/api/docs#problem-stale-stamp");
    const saved = await put(etag!);
    expect(saved.status).toBe(200);
    expect(saved.headers.get("etag")).not.toBe(etag);
  });
});
