/**
 * Sign-in for the bench: the real OpenID Connect code + PKCE flow against the portal's embedded
 * provider, as a browser does it (form page, POST, redirects), checked at every step.
 */
import { BenchError } from "./processes";

const MAX_REDIRECTS = 20;
export const DEMO_EMAIL = "dealer@example.com";
const DEMO_PASSWORD = "Demo#Portal2026";
export const BASE_HEADERS = { "Accept-Language": "en", Accept: "text/html" };

/** A minimal cookie jar: name -> value, every cookie sent on every request (enough here). */
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

/** Signs in as the demo dealer (or another demo account); returns the `Cookie` header value of the session. */
export async function signIn(origin: string, email = DEMO_EMAIL): Promise<string> {
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
    body: new URLSearchParams({ email, password: DEMO_PASSWORD }).toString(),
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

export function pathOf(url: string): string {
  return new URL(url).pathname;
}

export function assertLoopback(url: string): void {
  const host = new URL(url).hostname;
  if (!["localhost", "127.0.0.1", "[::1]", "::1"].includes(host))
    throw new BenchError(`refusing to leave loopback: ${url}`);
}
