import { readFile } from "node:fs/promises";
import { parse } from "csv-parse/sync";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Cookie, type Page } from "@playwright/test";

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
 * No axe violation on the page: the WCAG 2.1 A and AA rules and axe's best practices (heading order,
 * landmarks, one main heading), so a skipped heading level cannot come back (issue #18).
 */
export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
    .analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
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
