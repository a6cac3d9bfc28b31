/**
 * Issue #32 §6: a SIGTERM stops the portal gracefully. The real server runs as its own process; a
 * request is under way (the server has taken its headers, its body is still coming) when the
 * signal arrives: it is answered in full, no new connection is taken, and the process ends 0.
 */
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "./portal";
import { readyPortal, stopProcess, type PortalProcess } from "./processes";

let portal: PortalProcess;
let origin: string;
let port: number;
const dataDir = mkdtempSync(path.join(os.tmpdir(), "dealer-portal-shutdown-"));

/** Resolves when the server has written a log line with this message (a condition, not a sleep). */
function logged(message: string, deadline = 60_000): Promise<void> {
  const stdout = portal.child.stdout!;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no "${message}" line:\n${portal.output()}`)), deadline);
    const look = () => {
      if (portal.output().includes(`"msg":"${message}"`)) {
        clearTimeout(timer);
        stdout.off("data", look);
        resolve();
      }
    };
    stdout.on("data", look);
    look();
  });
}

beforeAll(async () => {
  port = await freePort();
  origin = `http://localhost:${port}`;
  portal = await readyPortal(origin, {
    PORT: String(port),
    DATA_DIR: dataDir,
    SEED_DEMO: "true",
    LOG_LEVEL: "info",
    SHUTDOWN_TIMEOUT_SECONDS: "20",
  });
});

afterAll(async () => {
  await stopProcess(portal?.child, "SIGKILL");
  rmSync(dataDir, { recursive: true, force: true });
});

describe("issue #32 §6: graceful shutdown on SIGTERM", () => {
  it("answers the request under way in full, takes no new connection, and ends with 0", async () => {
    const body = "locale=de&returnTo=%2Fsupport";
    const request = http.request({
      host: "localhost",
      port,
      path: "/locale",
      method: "POST",
      agent: false,
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        "Content-Length": String(Buffer.byteLength(body)),
        Origin: origin,
        // The server says "100 Continue" once it has the request: then it is under way.
        Expect: "100-continue",
      },
    });
    const answered = new Promise<{ status: number; location?: string; cookie?: string[] }>((resolve, reject) => {
      request.on("response", (response) => {
        response.resume();
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            location: response.headers.location,
            cookie: response.headers["set-cookie"],
          }),
        );
      });
      request.on("error", reject);
    });
    await new Promise<void>((resolve) => request.on("continue", () => resolve()));
    const exited = new Promise<number | null>((resolve) => portal.child.once("exit", (code) => resolve(code)));

    portal.child.kill("SIGTERM");
    await logged("shutting down: finishing requests and jobs");
    // No new connection while it finishes.
    const refused = await fetch(`${origin}/readyz`).then(
      (r) => r.status,
      () => "refused",
    );
    expect(refused === "refused" || refused === 503).toBe(true);

    // The request under way gets its body now, and its whole answer.
    request.end(body);
    const answer = await answered;
    expect(answer.status).toBe(302);
    expect(answer.location).toBe("/support");
    expect(answer.cookie?.some((line) => line.includes("de"))).toBe(true);

    expect(await exited).toBe(0);
    expect(portal.output()).toContain('"msg":"stopped"');
  });
});
