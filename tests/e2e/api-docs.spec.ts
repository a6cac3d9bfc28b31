import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./helpers";

test("issue #35 /api/docs renders the API reference without JavaScript: every operation, its fields, the document's address", async ({
  page,
}) => {
  // One long page (every operation, its fields and answers) read by axe: 41–47 s on a busy run.
  test.slow();
  const document = (await (await page.request.get("/api/v2/openapi.json")).json()) as {
    paths: Record<string, Record<string, unknown>>;
  };
  await page.goto("/api/docs");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("API reference");
  await expect(page.getByRole("link", { name: "/api/v2/openapi.json", exact: true })).toHaveAttribute(
    "href",
    "/api/v2/openapi.json",
  );
  const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
  );
  await expect(page.locator(".api-docs__operation h3")).toHaveCount(operations.length);
  const create = page.locator("#createAnnouncement");
  await expect(create.getByRole("heading", { level: 3 })).toHaveText("POST /api/v2/announcements");
  await expect(create.getByRole("table", { name: "Request body: POST /api/v2/announcements" })).toContainText("title");
  // The contents lead to each operation.
  await page
    .getByRole("navigation", { name: "Operations" })
    .getByRole("link", { name: "POST /api/v2/announcements" })
    .click();
  await expect(page).toHaveURL(/#createAnnouncement$/);
  await expectNoAxeViolations(page);
});
