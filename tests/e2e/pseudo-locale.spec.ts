import { expect, test } from "@playwright/test";
import { allowPerPage, expectNoAxeViolations, ready, shellPagesOf, signInShared } from "./helpers";
import en from "../../app/i18n/locales/en.json" with { type: "json" };
import { flatten } from "../unit/flat-messages";

/**
 * The English texts a page could show if a key were missed: each message's fixed parts (between
 * its interpolations and markup), long enough not to be a word any data might hold.
 */
const ENGLISH_TEXTS = [
  ...new Set(
    Object.values(flatten(en))
      .flatMap((message) => message.split(/\{\{[^}]*\}\}|\$t\([^)]*\)|<[^>]*>/))
      .map((part) => part.trim().replace(/[.:,;!?…]+$/, ""))
      .filter((part) => part.length >= 6 && /[a-z]{3}/.test(part) && /\s/.test(part)),
  ),
];

test.describe("issue #33 pseudo-locale pass", () => {
  test.skip(
    () => test.info().project.use.javaScriptEnabled === false,
    "one pass: the texts are the server's, the same with and without JavaScript",
  );

  test("issue #33 pseudo-locale: no text left in plain English and no clipped control on every page of the administrator's shell", async ({
    page,
    baseURL,
  }, testInfo) => {
    await signInShared(page, "admin@example.com", "/");
    await page.context().addCookies([{ name: "locale", value: "en-XA", url: baseURL! }]);
    const pages = await shellPagesOf(page);
    // Each page read twice and checked with axe.
    allowPerPage(pages.length);
    expect(pages.length).toBeGreaterThan(10);
    const findings: string[] = [];
    for (const path of pages) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      await ready(page);
      await expect(page.locator("html")).toHaveAttribute("data-translations", /\/locales\/en-XA\./);
      const { plain, clipped } = await page.evaluate((englishTexts) => {
        const visible = (el: Element) => (el as HTMLElement).checkVisibility?.() ?? true;
        const plain: string[] = [];
        const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const text = (node.textContent ?? "").trim();
          const parent = node.parentElement;
          if (!text || !parent || !visible(parent) || parent.closest("script, style, noscript")) continue;
          if (englishTexts.some((english) => text === english || (english.length >= 20 && text.includes(english))))
            plain.push(text);
        }
        for (const el of document.querySelectorAll("[placeholder], [aria-label], [title], img[alt]")) {
          for (const name of ["placeholder", "aria-label", "title", "alt"]) {
            const value = el.getAttribute(name)?.trim();
            if (value && englishTexts.includes(value)) plain.push(`${name}="${value}"`);
          }
        }
        const clipped: string[] = [];
        const controls = "button, a, label, th, summary, select, input[type=submit], .badge, .tab, .menu__button";
        for (const el of document.querySelectorAll<HTMLElement>(controls)) {
          if (!visible(el) || el.clientWidth === 0) continue;
          const style = getComputedStyle(el);
          const hides = style.overflowX !== "visible" || style.textOverflow === "ellipsis";
          if (hides && el.scrollWidth > el.clientWidth + 1)
            clipped.push(`${el.tagName.toLowerCase()} "${el.textContent?.trim().slice(0, 40)}"`);
        }
        return { plain, clipped };
      }, ENGLISH_TEXTS);
      for (const text of plain) findings.push(`${path}: plain English: ${text}`);
      for (const control of clipped) findings.push(`${path}: clipped: ${control}`);
      if (plain.length + clipped.length > 0)
        await testInfo.attach(`pseudo ${path}`, {
          body: await page.screenshot({ fullPage: true }),
          contentType: "image/png",
        });
      await expectNoAxeViolations(page);
    }
    expect(findings).toEqual([]);
  });
});
