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
