import { expect, test, type Locator } from "@playwright/test";
import { ready, serverRenderedTwin, signInShared } from "./helpers";

/** A computed style property of the element. */
const styleOf = (locator: Locator, property: string) =>
  locator.evaluate((element, name) => getComputedStyle(element).getPropertyValue(name).trim(), property);

test.describe("SPEC §9 widget constants, read from the rendered style", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, "the style is read by a script in the page");

  test("the tokens: multiselect 300 px high with 40 px options (48 in the directory), popper 12 px off at z-index 9999, accordion 150 ms, modal at least 500 px, breakpoints 640–1536 px", async ({
    page,
  }) => {
    await signInShared(page, "admin@example.com", "/");
    const root = page.locator("html");
    const tokens: Record<string, string> = {
      "--multiselect-max-height": "300px",
      "--multiselect-option-height": "40px",
      "--directory-option-height": "48px",
      "--popper-offset": "12px",
      "--popper-z-index": "9999",
      "--accordion-transition": "150ms",
      "--modal-min-width": "500px",
      "--breakpoint-sm": "640px",
      "--breakpoint-md": "768px",
      "--breakpoint-lg": "1024px",
      "--breakpoint-xl": "1280px",
      "--breakpoint-xxl": "1536px",
    };
    // The stylesheet is minified: a duration may read ".15s".
    const normal = (value: string) =>
      value.replace(/^(\d*\.?\d+)s$/, (_, seconds: string) => `${Number(seconds) * 1000}ms`);
    for (const [name, value] of Object.entries(tokens)) expect(normal(await styleOf(root, name)), name).toBe(value);
  });

  test("the components use them: the modal's width, the directory dropdown, the accordion, the multiselect without JavaScript", async ({
    page,
  }) => {
    // Four pages and a second browser context: more than the default time on a loaded machine.
    test.slow();
    await page.setViewportSize({ width: 1280, height: 900 });
    // A modal: the brand switcher of a user with several brands.
    await signInShared(page, "admin@example.com", "/?modal=brands");
    await expect(page.getByRole("dialog")).toBeVisible();
    expect(await styleOf(page.locator(".modal"), "min-width")).toBe("500px");

    // The directory dropdown: 12 px below its field, over everything, 300 px at most, 48 px options.
    await page.goto("/admin/manage-directory/DEALER_LOCATION");
    await ready(page);
    const columbus = page.getByTestId("directory-location").filter({ hasText: "Columbus" });
    await columbus.locator("summary").click();
    // An opened accordion's content comes in over 150 ms.
    expect(await styleOf(columbus.locator("> :not(summary)").first(), "animation-duration")).toBe("0.15s");
    await columbus.getByRole("link", { name: "Edit Location Directory" }).click();
    const box = columbus.getByRole("combobox").first();
    await box.fill("a");
    const list = columbus.getByRole("listbox").first();
    await expect(list.getByRole("option").nth(1)).toBeVisible();
    expect(await styleOf(list, "margin-top")).toBe("12px");
    expect(await styleOf(list, "z-index")).toBe("9999");
    expect(await styleOf(list, "max-height")).toBe("300px");
    expect(await styleOf(list.getByRole("option").first(), "min-height")).toBe("48px");

    // Less motion asked for: the accordion opens at once.
    await page.emulateMedia({ reducedMotion: "reduce" });
    expect(await styleOf(columbus.locator("> :not(summary)").first(), "animation-duration")).toBe("0s");

    // A multiselect as the server renders it (no JavaScript): a list of 40 px options, 300 px at most.
    await page.goto("/admin/applications");
    await page.getByRole("link", { name: "Add application" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("New application");
    const { twin, close } = await serverRenderedTwin(page);
    try {
      await twin.goto(page.url());
      const categories = twin.getByRole("listbox", { name: "Categories" });
      await expect(categories).toBeVisible();
      expect(await styleOf(categories, "max-height")).toBe("300px");
      expect(await styleOf(categories.locator("option").first(), "min-height")).toBe("40px");
    } finally {
      await close();
    }
  });
});
