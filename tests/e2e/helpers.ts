import { readFile } from "node:fs/promises";
import { parse } from "csv-parse/sync";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type BrowserContext, type Cookie, type Page } from "@playwright/test";

export const DEMO_PASSWORD = "Demo#Portal2026";

/**
 * Signs in through the embedded identity provider's real page, starting from `path`.
 * `javaScript` says whether this page's context runs scripts (default: the project's setting).
 */
export async function signIn(
  page: Page,
  email: string,
  path = "/",
  options: { password?: string; javaScript?: boolean } = {},
) {
  const password = options.password ?? DEMO_PASSWORD;
  await page.goto(path);
  await expect(page).toHaveURL(/\/signin\//);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).not.toHaveURL(/\/signin\//);
  await page.waitForLoadState("load");
  await ready(page, options.javaScript);
}

/**
 * What the portal is checked against: the WCAG 2.0, 2.1 and 2.2 A and AA rules (2.2: target size,
 * focus not obscured, …; issue #33) and axe's best practices (heading order, landmarks, one main
 * heading), so a skipped heading level cannot come back (issue #18).
 */
export const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa", "best-practice"];

/** axe's findings on the page (or the part of it `include` selects), by the portal's rules. */
export function axeOn(page: Page, include?: string) {
  const builder = new AxeBuilder({ page }).withTags(AXE_TAGS);
  return (include ? builder.include(include) : builder).analyze();
}

/** axe's violations, one line each: the rule and where. */
export function violationsOf(results: Awaited<ReturnType<typeof axeOn>>): string[] {
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/**
 * A page to run axe on as the server rendered it, for a page without JavaScript (axe is a script,
 * and a page with scripts off runs none): a page of a second context with the same cookies and
 * size, whose own scripts are held back, so nothing hydrates or changes what the server sent.
 */
export async function serverRenderedTwin(page: Page): Promise<{ twin: Page; close: () => Promise<void> }> {
  const context = await page
    .context()
    .browser()!
    .newContext({ javaScriptEnabled: true, serviceWorkers: "block", viewport: page.viewportSize() });
  await context.addCookies(await page.context().cookies());
  await context.route(/\.m?js(\?.*)?$/, (route) => route.abort());
  const twin = await context.newPage();
  return { twin, close: () => context.close() };
}

/** The server-rendered twin of each page's context, kept for the context's life: a test scanning thirty pages opens one. */
const twins = new WeakMap<BrowserContext, Promise<Page>>();

function twinOf(page: Page): Promise<Page> {
  const context = page.context();
  let twin = twins.get(context);
  if (!twin) {
    twin = serverRenderedTwin(page).then(({ twin, close }) => {
      context.once("close", () => void close().catch(() => undefined));
      return twin;
    });
    twins.set(context, twin);
  }
  return twin;
}

/**
 * No axe violation on the page. Without JavaScript, on the same address rendered by the server
 * (`serverRenderedTwin`, with the page's cookies of the moment): what a form post answered is not
 * reproduced, so such a state is checked with JavaScript.
 */
export async function expectNoAxeViolations(page: Page) {
  if (test.info().project.use.javaScriptEnabled !== false) {
    expect(violationsOf(await axeOn(page))).toEqual([]);
    return;
  }
  const twin = await twinOf(page);
  await twin.context().clearCookies();
  await twin.context().addCookies(await page.context().cookies());
  await twin.goto(page.url());
  expect(violationsOf(await axeOn(twin)), page.url()).toEqual([]);
}

/**
 * A test that visits and scans every page of a list is given time by the length of the list (the
 * list grows with the portal; on a busy two-core machine a scan has taken 5 s), not a fixed limit.
 */
export function allowPerPage(pages: number, perPageMs = 12_000) {
  test.setTimeout(30_000 + pages * perPageMs);
}

/** This worker's live sessions, by origin and e-mail: the session cookie a full sign-in left. */
const sharedSessions = new Map<string, Cookie[]>();

/**
 * Opens `path` as `email` with this worker's earlier session of that account, signing in for real
 * only the first time (or when that session has ended). For tests that read and edit data but do
 * not test signing in itself, sign out, or depend on what a fresh sign-in shows: a full sign-in
 * costs a browser 1–2 s, and the suite does hundreds.
 */
export async function signInShared(page: Page, email: string, path = "/", options: { javaScript?: boolean } = {}) {
  const origin = new URL(path, test.info().project.use.baseURL).origin;
  const key = `${origin} ${email.toLowerCase()}`;
  const cookies = sharedSessions.get(key);
  if (cookies) {
    await page.context().addCookies(cookies);
    await page.goto(path);
    if (!/\/signin\//.test(page.url())) {
      await page.waitForLoadState("load");
      await ready(page, options.javaScript);
      return;
    }
    sharedSessions.delete(key);
  }
  await signIn(page, email, path, options);
  const session = (await page.context().cookies(origin)).filter((cookie) => cookie.name === "__session");
  if (session.length > 0) sharedSessions.set(key, session);
}

/** With JavaScript on, waits until the page is hydrated (its enhancements are live). */
export async function ready(page: Page, javaScript = test.info().project.use.javaScriptEnabled !== false) {
  if (javaScript) await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
}

/** The current path and query. */
export async function pathOf(page: Page): Promise<string> {
  const url = new URL(page.url());
  return url.pathname + url.search;
}

/** Adds values to a multiselect, with JavaScript (chips, Enter) or without (the new-values field). */
export async function addTags(page: Page, label: string, values: string[], jsOn: boolean) {
  if (jsOn) {
    const input = page.getByRole("combobox", { name: label });
    for (const value of values) {
      await input.fill(value);
      await input.press("Enter");
    }
  } else {
    const field = page.locator(".multiselect", { has: page.getByText(label, { exact: true }) });
    await field.getByLabel("New values, separated by commas").fill(values.join(", "));
  }
}

/** Chooses fixed options of a multiselect by their labels, with JavaScript (the searchable input) or without (the native select). */
export async function chooseOptions(page: Page, label: string, labels: string[], jsOn: boolean) {
  if (jsOn) {
    const input = page.getByRole("combobox", { name: label });
    for (const option of labels) await input.fill(option);
  } else {
    await page.getByRole("listbox", { name: label }).selectOption(labels.map((option) => ({ label: option })));
  }
}

/** Clicks the list's "Export CSV" and reads the file it downloads: the header and the rows. */
export async function exportedCsv(
  page: Page,
  linkName: string = "Export CSV",
): Promise<{ header: string[]; rows: string[][] }> {
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: linkName }).click(),
  ]);
  const [header, ...rows] = parse(
    (await readFile((await download.path())!, "utf8")).replace(/^\uFEFF/, ""),
  ) as string[][];
  return { header, rows };
}

/**
 * The portal's pages an HTML page links to, one of each kind: a record's page once (whichever
 * record), a list once (not each sort or page of it), a dialog or menu of the URL once. No files,
 * exports, API, sign-out, or an announcement's onward link.
 */
export function pageLinksIn(html: string): Map<string, string> {
  const pages = new Map<string, string>();
  for (const [, raw] of html.matchAll(/<a\b[^>]*\shref="(\/[^"#]*)"/g)) {
    const href = raw.replaceAll("&amp;", "&");
    if (
      /^\/(api|public|locales|assets|signout|logout|auth)\b|\.(csv|xlsx|pdf|json)(\?|$)|\/(download|open)$/.test(href)
    )
      continue;
    const url = new URL(href, "http://portal");
    const shown = ["modal", "menu", "announcements"].filter((name) => url.searchParams.has(name));
    const kind = `${url.pathname.replace(/\/\d+(?=\/|$)/g, "/:id")}?${shown.join("&")}`;
    if (!pages.has(kind)) pages.set(kind, href);
  }
  return pages;
}

/** One page of each kind the signed-in user's shell (home, its menus) and admin home link to. */
export async function shellPagesOf(page: Page): Promise<string[]> {
  const pages = new Map<string, string>([["/?", "/"]]);
  for (const path of ["/", "/?menu=main", "/?menu=admin", "/admin"])
    for (const [kind, href] of pageLinksIn(await (await page.request.get(path)).text()))
      if (!pages.has(kind)) pages.set(kind, href);
  return [...pages.values()];
}

/** Fills the new-announcement editor as an administrator does: Dutch, brand Vantor, North America, ten days from today. */
export async function fillNewAnnouncement(
  page: Page,
  fields: { title: string; content: string; link: string; priority: "highest" | "medium" | "lowest" },
) {
  await page.getByLabel("Title").fill(fields.title);
  await page.getByLabel("Content").fill(fields.content);
  await page.getByLabel("Link URL").fill(fields.link);
  await page.getByLabel("Priority").selectOption(fields.priority);
  await page.locator("form.editor").getByLabel("Language").selectOption("nl");
  const today = new Date().toISOString().slice(0, 10);
  const later = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
  await page.getByLabel("Start date").fill(today);
  await page.getByLabel("Expiration date").fill(later);
  await page.getByRole("group", { name: "Brands" }).getByLabel("Vantor", { exact: true }).check();
  await page.getByRole("group", { name: "Regions" }).getByLabel("North America").check();
}

/**
 * Waits until the service worker controls the page and has saved this user's home (the offline
 * page's shell, issue #6 §2): home opened once under its control.
 */
export async function homeSavedOffline(page: Page) {
  await page.waitForFunction(() => Boolean(navigator.serviceWorker?.controller), undefined, { timeout: 15_000 });
  await page.goto("/");
  await page.waitForFunction(async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith("portal-user-") && (await (await caches.open(name)).match("/", { ignoreVary: true })))
        return true;
    }
    return false;
  });
}
