import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { expectNoAxeViolations, signIn } from "./helpers";
import { CREATORS } from "./fixture-accounts";

const project = () => test.info().project.name as "js-on" | "js-off";

/** A token by the OAuth 2.0 client credentials grant at the embedded provider, or the refusal's status. */
async function tokenFor(request: APIRequestContext, clientId: string, secret: string) {
  const basic = Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(secret)}`).toString("base64");
  const answer = await request.post("/oidc/token", {
    headers: { Authorization: `Basic ${basic}` },
    form: { grant_type: "client_credentials" },
  });
  return {
    status: answer.status(),
    token: answer.ok() ? ((await answer.json()) as { access_token: string }).access_token : "",
  };
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

async function confirm(page: Page, which: string) {
  await page.getByRole("link", { name: which, exact: true }).click();
  await page.getByRole("dialog").getByRole("button", { name: which, exact: true }).click();
}

test("issue #35 §3 machine clients: the admin creates a client; with client credentials it lists users in scope, is refused one outside (404) and a write without its scope (403); rotating keeps both secrets until the old is retired; revoking ends its token; the audit log names the client", async ({
  page,
  request,
}) => {
  test.slow();
  const name = `DMS sync ${project()}`;
  await signIn(page, CREATORS[project()], "/admin/api-clients");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("API clients");
  await page.getByRole("link", { name: "New API client" }).click();
  await page.getByLabel("Name").fill(name);
  await page.getByRole("checkbox", { name: "Users — write" }).check();
  await page.getByRole("checkbox", { name: "Security roles — read" }).check();
  await page.getByRole("checkbox", { name: "Lakeside Power – Milwaukee" }).check();
  await page.getByRole("button", { name: "Create API client" }).click();
  await expect(page.getByRole("heading", { name: "Copy the secret now" })).toBeVisible();
  const clientId = (await page.getByTestId("client-id").textContent())!;
  const firstSecret = (await page.getByTestId("client-secret").textContent())!;

  const first = await tokenFor(request, clientId, firstSecret);
  expect(first.status).toBe(200);
  expect((await tokenFor(request, clientId, "not-the-secret")).status).toBe(401);

  // Users in scope: only the chosen location's.
  const listed = await request.get("/api/v2/admin/users?rowsPerPage=100", { headers: bearer(first.token) });
  expect(listed.status()).toBe(200);
  const items = ((await listed.json()) as { data: { items: { id: number; email: string }[] } }).data.items;
  expect(items.length).toBeGreaterThan(0);
  expect(items.map((item) => item.email)).not.toContain("dealer@example.com");

  // Dana Reyes is at Columbus, one of the creator's locations but not the client's.
  const dana = await page.request.get(`/api/v2/admin/users?q=${encodeURIComponent("dealer@example.com")}`);
  const danaId = ((await dana.json()) as { data: { items: { id: number }[] } }).data.items[0].id;
  expect((await request.get(`/api/v2/admin/users/${danaId}`, { headers: bearer(first.token) })).status()).toBe(404);

  // Read only on security roles: no write; and a person's own operations are no client's.
  const roleWrite = await request.post("/api/v2/admin/security-roles", {
    headers: bearer(first.token),
    data: { name: "NOT_ALLOWED", displayName: "Not allowed" },
  });
  expect(roleWrite.status()).toBe(403);
  expect((await request.get("/api/v2/user/ui-access-data", { headers: bearer(first.token) })).status()).toBe(403);

  // A write in scope: audited with the client as the actor.
  const target = items[0];
  const resync = await request.post(`/api/v2/admin/users/${target.id}/resync`, {
    headers: bearer(first.token),
    data: {},
  });
  expect(resync.status()).toBe(200);

  // Rotation: old and new both open the client, then the old is retired.
  await page.getByRole("link", { name: "Go to the API client" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  await confirm(page, "Rotate secret");
  await expect(page.getByRole("heading", { name: "Copy the secret now" })).toBeVisible();
  const secondSecret = (await page.getByTestId("client-secret").textContent())!;
  expect(secondSecret).not.toBe(firstSecret);
  expect((await tokenFor(request, clientId, firstSecret)).status).toBe(200);
  const second = await tokenFor(request, clientId, secondSecret);
  expect(second.status).toBe(200);
  await confirm(page, "Retire the previous secret now");
  await expect(page.getByRole("status").filter({ hasText: "previous secrets were retired" })).toBeVisible();
  expect((await tokenFor(request, clientId, firstSecret)).status).toBe(401);
  expect((await tokenFor(request, clientId, secondSecret)).status).toBe(200);

  // The client's calls are on its page.
  await expect(page.getByTestId("api-client-calls")).toContainText("GET /api/v2/admin/users");

  // Revocation: the token it holds stops at once.
  expect((await request.get("/api/v2/admin/users", { headers: bearer(second.token) })).status()).toBe(200);
  await confirm(page, "Revoke");
  await expect(page.getByTestId("api-client-state")).toHaveText("Revoked");
  expect((await request.get("/api/v2/admin/users", { headers: bearer(second.token) })).status()).toBe(401);
  expect((await tokenFor(request, clientId, secondSecret)).status).toBe(401);

  // The user audit log names the client beside the person it acted for.
  await page.goto(`/admin/audit/users?q=${encodeURIComponent(target.email)}`);
  await expect(page.locator("tbody")).toContainText(`API client ${name} for Cory Creator`);
});

test("issue #35 §3 the API client screens: an empty form says what is missing and keeps what was typed; axe finds nothing on the list, the form and a client's page; another administrator's client is not there", async ({
  page,
}) => {
  await signIn(page, CREATORS[project()], "/admin/api-clients/new");
  await expectNoAxeViolations(page);
  await page.getByLabel("Name").fill("Half filled");
  await page.getByLabel("Expires on").fill("");
  await page.getByRole("button", { name: "Create API client" }).click();
  await expect(page.getByText("Choose at least one scope")).toBeVisible();
  await expect(page.getByLabel("Name")).toHaveValue("Half filled");
  await page.getByRole("checkbox", { name: "Users — read" }).check();
  await page.getByLabel("Expires on").fill("2020-01-01");
  await page.getByRole("button", { name: "Create API client" }).click();
  await expect(page.getByText("Choose a day from tomorrow to one year from today")).toBeVisible();

  await page.goto("/admin/api-clients");
  await expectNoAxeViolations(page);
  const row = page.getByTestId("api-client-row").first();
  await row.getByRole("link").click();
  await expect(page.getByRole("heading", { level: 2, name: "Secrets" })).toBeVisible();
  await expectNoAxeViolations(page);
  const clientPage = new URL(page.url()).pathname;

  // The demo admin made none of this administrator's clients: the page is not there for them.
  const other = await page.context().browser()!.newContext();
  const otherPage = await other.newPage();
  await signIn(otherPage, "admin@example.com", "/admin/api-clients");
  expect((await otherPage.goto(clientPage))?.status()).toBe(404);
  await other.close();
});
