import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";

// The server's CommonJS build of Remix, as the portal's server runs it (patches/@remix-run+server-runtime+2.17.5.patch).
const { callRouteLoader } = createRequire(import.meta.url)("@remix-run/server-runtime/dist/data.js") as {
  callRouteLoader(args: {
    loadContext: unknown;
    loader: (args: { request: Request }) => unknown;
    params: Record<string, string>;
    request: Request;
    routeId: string;
    singleFetch: boolean;
  }): Promise<unknown>;
};

async function requestSeenByLoader(url: string): Promise<{ original: Request; seen: Request }> {
  const original = new Request(url);
  let seen: Request | undefined;
  await callRouteLoader({
    loadContext: {},
    loader: ({ request }) => {
      seen = request;
      return null;
    },
    params: {},
    request: original,
    routeId: "root",
    singleFetch: true,
  });
  if (!seen) throw new Error("the loader was not called");
  return { original, seen };
}

describe("Remix hands loaders the request (issue #12, ADR 24)", () => {
  it("a URL without index or _routes parameters reaches the loader as the same Request, not a copy", async () => {
    const { original, seen } = await requestSeenByLoader("http://portal.test/documents?q=manual");
    expect(seen).toBe(original);
  });

  it("a URL with an empty index or a _routes parameter still reaches the loader without them", async () => {
    const { original, seen } = await requestSeenByLoader("http://portal.test/?index&_routes=root&q=a");
    expect(seen).not.toBe(original);
    expect(seen.url).toBe("http://portal.test/?q=a");
  });
});
