/**
 * Issue #30 §1: no input size or shape exhausts the server. Every form action and API write of the
 * built portal meets a field name with a huge list index and a JSON body nested 5,000 levels
 * deep, and one route of each kind a 50 MB body: each answers a 4xx, changes no row, and the
 * process's memory stays flat.
 */
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  changedTables,
  discoverActionRoutes,
  Fingerprints,
  PortalClient,
  startPortal,
  type ActionRoute,
  type Portal,
} from "./portal";

/** Actions that read no body: signing out (it must), keeping the session alive. */
const BODYLESS = new Set(["/logout", "/session/keepalive"]);
const actionRoutes = (await discoverActionRoutes()).filter((route) => !BODYLESS.has(route.pattern));

let portal: Portal;
let client: PortalClient;
let prints: Fingerprints;

/** A concrete URL of a route: parameters as small ids, optional ones left out. */
function urlOf(route: ActionRoute): string {
  const path = route.pattern
    .split("/")
    .filter((segment) => !segment.endsWith("?"))
    .map((segment) => (segment === "*" ? "nowhere" : segment.startsWith(":") ? "2" : segment))
    .join("/");
  return `${path}${route.needsIndexParam ? "?index" : ""}`;
}

const MiB = 1024 * 1024;

/**
 * Declares a body of `bytes`, sends its first 64 KB, and waits for the answer: a server that
 * answers before reading the rest refused it without reading it.
 */
function declareHugeBody(
  path: string,
  bytes: number,
  contentType: string,
  cookie: string | undefined,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(new URL(path, portal.origin), {
      method: "POST",
      agent: false,
      headers: {
        "Content-Type": contentType,
        "Content-Length": String(bytes),
        Origin: portal.origin,
        ...(cookie ? { Cookie: cookie } : {}),
      },
    });
    let answered = false;
    request.on("response", (response) => {
      answered = true;
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        request.destroy();
        resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8") });
      });
    });
    // The server may close the connection while we still write: only a missing answer fails.
    request.on("error", (error) => (answered ? undefined : reject(error)));
    // A guard, not a measure: a server that waits for the rest of the body never answers.
    request.setTimeout(30_000, () => request.destroy(new Error("no answer: the server waited for the body")));
    request.write(Buffer.alloc(64 * 1024, "a"));
  });
}

beforeAll(async () => {
  // The jobs only when sent: on their clock they would write between a request and its check.
  portal = await startPortal({}, { schedules: false });
  client = new PortalClient(portal.origin, portal.db);
  prints = new Fingerprints(portal.db);
  await client.signIn();
});

afterAll(async () => {
  await portal?.close();
});

describe("issue #30 §1: a field name with a huge list index is a 400 on every form action, changing nothing", () => {
  it("the anonymous sign-in page answers 400 with the translated message, not the expanded form", async () => {
    const anonymous = new PortalClient(portal.origin, portal.db);
    const response = await anonymous.sendAlone("/signin/anything", {
      method: "POST",
      body: "email=x&a[99999999]=1",
      contentType: "application/x-www-form-urlencoded",
    });
    const text = await response.text();
    expect(response.status).toBe(400);
    expect(text.length).toBeLessThan(200_000);
    expect(text).toContain("The form could not be read.");
  });

  const pages = actionRoutes.filter((route) => !route.api);
  it.each(pages.map((route) => [route.pattern, route] as const))("%s", async (_pattern, route) => {
    const before = await prints.take();
    const rssBefore = process.memoryUsage().rss;
    const response = await client.sendAlone(urlOf(route), {
      method: "POST",
      body: "intent=save&a[99999999]=1&roles[1000]=x",
      contentType: "application/x-www-form-urlencoded",
    });
    const text = await response.text();
    expect(response.status, text.slice(0, 200)).toBeGreaterThanOrEqual(400);
    expect(response.status, text.slice(0, 200)).toBeLessThan(500);
    expect(text.length).toBeLessThan(200_000);
    expect(changedTables(before, await prints.take())).toEqual([]);
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(64 * MiB);
    if (!(await client.signedIn())) await client.signIn();
  });
});

describe("issue #30 §1: a JSON body nested 5,000 levels deep is a 400 on every API write, never a 500", () => {
  const deep = "[".repeat(5000) + "]".repeat(5000);
  const deepObject = '{"a":'.repeat(5000) + "1" + "}".repeat(5000);
  const writes = actionRoutes.filter((route) => route.api);
  it.each(writes.map((route) => [route.pattern, route] as const))("%s", async (_pattern, route) => {
    for (const method of ["POST", "PUT", "PATCH"]) {
      for (const body of [deep, deepObject]) {
        const before = await prints.take();
        const response = await client.sendAlone(urlOf(route), { method, body, contentType: "application/json" });
        const text = await response.text();
        expect(response.status, `${method} ${text.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
        expect(response.status, `${method} ${text.slice(0, 200)}`).toBeLessThan(500);
        expect(changedTables(before, await prints.take())).toEqual([]);
      }
    }
  });
});

describe("issue #30 §1: a 50 MB body is refused unread (413) on a page form, an upload and the API", () => {
  it.each([
    ["page form", "/theme", "application/x-www-form-urlencoded"],
    ["upload", "/documents", "multipart/form-data; boundary=XyZ"],
    ["API", "/api/v2/announcements", "application/json"],
  ])("%s (%s)", async (_kind, path, contentType) => {
    const rssBefore = process.memoryUsage().rss;
    const answer = await declareHugeBody(path, 50 * MiB, contentType, client.jar.header());
    expect(answer.status).toBe(413);
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(32 * MiB);
  });

  it("the page form's refusal says what to do, in the caller's language", async () => {
    const answer = await declareHugeBody(
      "/signin/anything",
      50 * MiB,
      "application/x-www-form-urlencoded",
      "locale=de",
    );
    expect(answer.status).toBe(413);
    expect(answer.text).toBe(
      "Das Formular ist zu groß zum Senden. Kürzen Sie Ihre Eingaben und versuchen Sie es erneut.",
    );
  });

  it("a page form without a declared length (chunked) is a 411", async () => {
    const response = await fetch(new URL("/theme", portal.origin), {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: portal.origin },
      body: new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode("brandId=1"));
          controller.close();
        },
      }),
      duplex: "half",
    } as RequestInit);
    expect(response.status).toBe(411);
  });
});

describe("issue #30 §5: a page post whose Origin differs from Host is a 403, not an empty 500", () => {
  it.each([
    ["Host", { Host: "evil.example" }],
    ["X-Forwarded-Host", { "X-Forwarded-Host": "evil.example" }],
  ])("another %s", async (_name, headers) => {
    const before = await prints.take();
    const response = await client.sendAlone("/documents", {
      method: "POST",
      body: "intent=delete&id=1",
      contentType: "application/x-www-form-urlencoded",
      headers,
    });
    expect(response.status).toBe(403);
    expect(await response.text()).toContain("came from another site or address");
    expect(changedTables(before, await prints.take())).toEqual([]);
  });
});
