/**
 * Home page benchmark: throughput of the signed-in home page against a bare Remix page of the
 * same server, and the home page's weight (gzipped HTML and JavaScript).
 *
 * Run from the repository root:  npm run bench   (BENCH_SECONDS=3 for a quick run)
 * See bench/README.md. Loopback only; every loop is bounded; the server is always closed.
 */
import { existsSync } from "node:fs";
import { startBuiltPortal } from "./built-portal";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";

const SECONDS = positiveNumber("BENCH_SECONDS", 10);
const CONCURRENCY = 8;
const WARMUP_SECONDS = 1;
const ROUNDS = 2;
const HTML_TARGET_KB = 14;
const JS_TARGET_KB = 110;
const RATIO_TARGET = 0.5;
const MAX_REDIRECTS = 20;

const DEMO_EMAIL = "dealer@example.com";
const DEMO_PASSWORD = "Demo#Portal2026";

class BenchError extends Error {}

function positiveNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) {
    console.error(`${name} must be a positive number of seconds (got "${raw}")`);
    process.exit(1);
  }
  return value;
}

// ---------------------------------------------------------------------------------------------
// A minimal cookie jar: name -> value, every cookie sent on every request (enough here).

class CookieJar {
  private readonly cookies = new Map<string, string>();

  store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(";");
      const eq = pair.indexOf("=");
      if (eq < 1) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((attribute) => {
        const [key, val = ""] = attribute.split("=");
        const k = key.trim().toLowerCase();
        if (k === "max-age") return Number(val) <= 0;
        if (k === "expires") return Date.parse(val.trim()) <= Date.now();
        return false;
      });
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  get(name: string): string | undefined {
    return this.cookies.get(name);
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

// ---------------------------------------------------------------------------------------------
// Sign-in: the real OpenID Connect code + PKCE flow against the embedded provider.

const BASE_HEADERS = { "Accept-Language": "en", Accept: "text/html" };

async function request(jar: CookieJar, url: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(BASE_HEADERS);
  for (const [k, v] of new Headers(init.headers)) headers.set(k, v);
  const cookie = jar.header();
  if (cookie) headers.set("Cookie", cookie);
  const response = await fetch(url, { ...init, headers, redirect: "manual" });
  jar.store(response);
  return response;
}

/** Follows redirects with GET from `url` (answer `first` already fetched), up to a bound. */
async function followRedirects(
  jar: CookieJar,
  url: string,
  first: Response,
  trail: string[],
): Promise<{ url: string; response: Response }> {
  let current = url;
  let response = first;
  for (let hop = 0; hop < MAX_REDIRECTS && response.status >= 300 && response.status < 400; hop++) {
    const location = response.headers.get("location");
    if (!location)
      throw new BenchError(`redirect ${response.status} from ${pathOf(current)} without a Location header`);
    await response.arrayBuffer();
    current = new URL(location, current).toString();
    assertLoopback(current);
    trail.push(`${response.status} → ${pathOf(current)}`);
    response = await request(jar, current);
  }
  if (response.status >= 300 && response.status < 400) throw new BenchError(`more than ${MAX_REDIRECTS} redirects`);
  return { url: current, response };
}

async function signIn(origin: string): Promise<string> {
  const jar = new CookieJar();
  const trail: string[] = [`GET /`];
  const start = `${origin}/`;
  const landing = await followRedirects(jar, start, await request(jar, start), trail);
  const formPage = landing.response;
  const formHtml = await formPage.text();
  if (formPage.status !== 200 || !/\/signin\//.test(new URL(landing.url).pathname)) {
    throw new BenchError(
      `expected the sign-in form at /signin/<uid>, got ${formPage.status} at ${pathOf(landing.url)}\n  ${trail.join("\n  ")}`,
    );
  }
  if (!/name="email"/.test(formHtml) || !/name="password"/.test(formHtml)) {
    throw new BenchError(`the page at ${pathOf(landing.url)} has no email/password form`);
  }

  trail.push(`POST ${pathOf(landing.url)}`);
  const posted = await request(jar, landing.url, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin },
    body: new URLSearchParams({ email: DEMO_EMAIL, password: DEMO_PASSWORD }).toString(),
  });
  if (posted.status < 300 || posted.status >= 400) {
    const body = await posted.text();
    const alert = /role="alert"[^>]*>([^<]*)</.exec(body)?.[1];
    throw new BenchError(`sign-in POST answered ${posted.status} instead of a redirect${alert ? `: "${alert}"` : ""}`);
  }
  const final = await followRedirects(jar, landing.url, posted, trail);
  const html = await final.response.text();
  if (final.response.status !== 200 || new URL(final.url).pathname !== "/") {
    throw new BenchError(
      `after sign-in expected 200 at /, got ${final.response.status} at ${pathOf(final.url)}\n  ${trail.join("\n  ")}`,
    );
  }
  const session = jar.get("__session");
  if (!session) throw new BenchError(`signed in but no __session cookie was set\n  ${trail.join("\n  ")}`);
  if (!html.includes("Welcome")) throw new BenchError(`home page after sign-in does not contain "Welcome"`);
  return `__session=${session}`;
}

function pathOf(url: string): string {
  const u = new URL(url);
  return u.pathname;
}

function assertLoopback(url: string): void {
  const host = new URL(url).hostname;
  if (!["localhost", "127.0.0.1", "[::1]", "::1"].includes(host))
    throw new BenchError(`refusing to leave loopback: ${url}`);
}

// ---------------------------------------------------------------------------------------------
// Load: CONCURRENCY requests in flight for a fixed time.

interface Target {
  name: string;
  url: string;
  headers: Record<string, string>;
  mustContain: string;
}

async function hit(target: Target): Promise<void> {
  const response = await fetch(target.url, { headers: { ...BASE_HEADERS, ...target.headers }, redirect: "manual" });
  const body = await response.text();
  if (response.status !== 200) {
    throw new BenchError(
      `${target.name}: GET ${pathOf(target.url)} answered ${response.status}${response.headers.get("location") ? ` → ${response.headers.get("location")}` : ""}`,
    );
  }
  if (!body.includes(target.mustContain))
    throw new BenchError(`${target.name}: GET ${pathOf(target.url)} does not contain "${target.mustContain}"`);
}

/** Requests per second over `seconds`: CONCURRENCY workers, each starting a new request when one ends. */
async function load(
  target: Target,
  seconds: number,
): Promise<{ requests: number; seconds: number; perSecond: number }> {
  let requests = 0;
  let failed = false;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const worker = async () => {
    while (!failed && performance.now() < deadline) {
      try {
        await hit(target);
      } catch (error) {
        failed = true; // stops the other workers too
        throw error;
      }
      requests++;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const elapsed = (performance.now() - started) / 1000;
  return { requests, seconds: elapsed, perSecond: requests / elapsed };
}

// ---------------------------------------------------------------------------------------------
// Weight: gzip of the HTML and of every script the page loads.

function attributesOf(tag: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const match of tag.matchAll(/([^\s=<>"'/]+)\s*(?:=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g)) {
    attributes.set(match[1].toLowerCase(), decodeEntities(match[2] ?? match[3] ?? match[4] ?? ""));
  }
  return attributes;
}

function decodeEntities(value: string): string {
  return value
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">");
}

function scriptUrls(html: string, pageUrl: string): string[] {
  const urls = new Set<string>();
  for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) {
    const src = attributesOf(tag.slice(7, -1)).get("src");
    if (src) urls.add(new URL(src, pageUrl).toString());
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const attributes = attributesOf(tag.slice(5, -1));
    const rel = (attributes.get("rel") ?? "").toLowerCase().split(/\s+/);
    const href = attributes.get("href");
    if (href && rel.includes("modulepreload")) urls.add(new URL(href, pageUrl).toString());
  }
  return [...urls];
}

async function weigh(homeUrl: string, cookie: string) {
  const page = await fetch(homeUrl, { headers: { ...BASE_HEADERS, Cookie: cookie }, redirect: "manual" });
  if (page.status !== 200) throw new BenchError(`weight: GET / answered ${page.status}`);
  const htmlBytes = Buffer.from(await page.arrayBuffer());
  const html = htmlBytes.toString("utf8");
  if (!html.includes("Welcome")) throw new BenchError(`weight: home page does not contain "Welcome"`);
  const urls = scriptUrls(html, homeUrl);
  let jsRaw = 0;
  let jsGz = 0;
  const files: { path: string; gz: number }[] = [];
  for (const url of urls) {
    assertLoopback(url);
    const response = await fetch(url, { headers: { "Accept-Language": "en" } });
    if (response.status !== 200) throw new BenchError(`weight: GET ${pathOf(url)} answered ${response.status}`);
    const bytes = Buffer.from(await response.arrayBuffer());
    const gz = gzipSync(bytes).length;
    jsRaw += bytes.length;
    jsGz += gz;
    files.push({ path: pathOf(url), gz });
  }
  return { htmlRaw: htmlBytes.length, htmlGz: gzipSync(htmlBytes).length, jsRaw, jsGz, files };
}

// ---------------------------------------------------------------------------------------------

const kb = (bytes: number) => bytes / 1024;
const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

async function main(): Promise<number> {
  if (!existsSync(path.resolve("build/server/index.js"))) {
    console.error(
      "The portal is not built (build/server/index.js is missing): run `npm run build` first, from the repository root.",
    );
    return 1;
  }

  let running: Awaited<ReturnType<typeof startBuiltPortal>> | undefined;
  try {
    running = await startBuiltPortal();
    const origin = running.origin;
    assertLoopback(origin);

    const cookie = await signIn(origin);
    const home: Target = { name: "home", url: `${origin}/`, headers: { Cookie: cookie }, mustContain: "Welcome" };
    const bare: Target = { name: "bare", url: `${origin}/access-denied`, headers: {}, mustContain: "</html>" };

    console.log(
      `Dealer Portal benchmark — ${CONCURRENCY} in flight, ${SECONDS} s per run, ${ROUNDS} rounds, Node ${process.version}, ${os.cpus().length} CPUs`,
    );
    await load(home, WARMUP_SECONDS);
    await load(bare, WARMUP_SECONDS);

    const runs: Record<"home" | "bare", number[]> = { home: [], bare: [] };
    for (let round = 0; round < ROUNDS; round++) {
      for (const target of [home, bare]) {
        const result = await load(target, SECONDS);
        runs[target.name as "home" | "bare"].push(result.perSecond);
      }
    }
    const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
    const homeRps = mean(runs.home);
    const bareRps = mean(runs.bare);
    const ratio = homeRps / bareRps;

    const weight = await weigh(`${origin}/`, cookie);

    const fmtRuns = (values: number[]) => values.map((v) => v.toFixed(0)).join(", ");
    const lines: [string, string, string][] = [
      ["home  GET / (signed in)", `${homeRps.toFixed(1)} req/s`, `runs: ${fmtRuns(runs.home)}`],
      ["bare  GET /access-denied", `${bareRps.toFixed(1)} req/s`, `runs: ${fmtRuns(runs.bare)}`],
      ["ratio home/bare", ratio.toFixed(2), `target ≥ ${RATIO_TARGET}`],
      [
        "HTML gz",
        `${kb(weight.htmlGz).toFixed(1)} KB`,
        `target ≤ ${HTML_TARGET_KB} KB (raw ${kb(weight.htmlRaw).toFixed(1)} KB)`,
      ],
      [
        "JS gz",
        `${kb(weight.jsGz).toFixed(1)} KB`,
        `target ≤ ${JS_TARGET_KB} KB (raw ${kb(weight.jsRaw).toFixed(1)} KB, ${weight.files.length} files)`,
      ],
    ];
    const w0 = Math.max(...lines.map((l) => l[0].length));
    const w1 = Math.max(...lines.map((l) => l[1].length));
    for (const [label, value, note] of lines) console.log(`${label.padEnd(w0)}  ${value.padStart(w1)}  ${note}`);
    if (process.env.BENCH_VERBOSE) {
      for (const file of [...weight.files].sort((a, b) => b.gz - a.gz))
        console.log(`  ${kb(file.gz).toFixed(1).padStart(6)} KB gz  ${file.path}`);
    }

    console.log(
      "BENCH " +
        JSON.stringify({
          concurrency: CONCURRENCY,
          seconds: SECONDS,
          rounds: ROUNDS,
          homeRps: round(homeRps),
          bareRps: round(bareRps),
          homeRuns: runs.home.map((v) => round(v)),
          bareRuns: runs.bare.map((v) => round(v)),
          ratio: round(ratio, 3),
          ratioTarget: RATIO_TARGET,
          htmlGzKB: round(kb(weight.htmlGz), 2),
          htmlRawKB: round(kb(weight.htmlRaw), 2),
          htmlTargetKB: HTML_TARGET_KB,
          jsGzKB: round(kb(weight.jsGz), 2),
          jsRawKB: round(kb(weight.jsRaw), 2),
          jsFiles: weight.files.length,
          jsTargetKB: JS_TARGET_KB,
        }),
    );
    return 0;
  } catch (error) {
    console.error(`Benchmark failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    await running?.close();
  }
}

process.exitCode = await main();
