import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { E2E_MAIL_DIR } from "../../playwright.config";
import { mailsTo, verificationLinkIn } from "../support/mail-sink";
import { expectNoAxeViolations, signIn } from "./helpers";
import { CREATORS } from "./fixture-accounts";

/*
 * Issue #36 SCIM against the built portal: an administrator makes a SCIM connection on the API
 * client screens, then the request sequences of Okta's and Entra's provisioning guides run with its
 * token — create, lookup by `userName eq`, PATCH replace, group member add and remove, deactivate.
 * The screens use no script of their own here; the new-client form's no-script path is the API
 * clients test's, so this runs with JavaScript on.
 */

const USER = "urn:ietf:params:scim:schemas:core:2.0:User";
const ENTERPRISE = "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User";
const PATCH = "urn:ietf:params:scim:api:messages:2.0:PatchOp";
const SCIM_JSON = "application/scim+json";

interface Connection {
  base: string;
  token: string;
  name: string;
}

/** A SCIM call with the connection's token, as Okta and Entra send it. */
function scim(request: APIRequestContext, connection: Connection) {
  const headers = { Authorization: `Bearer ${connection.token}`, "Content-Type": SCIM_JSON };
  const path = (address: string) =>
    new URL(`${connection.base}${address}`).pathname + new URL(`${connection.base}${address}`).search;
  return {
    get: (address: string) => request.get(path(address), { headers }),
    post: (address: string, body: unknown) => request.post(path(address), { headers, data: JSON.stringify(body) }),
    put: (address: string, body: unknown) => request.put(path(address), { headers, data: JSON.stringify(body) }),
    patch: (address: string, ...Operations: unknown[]) =>
      request.patch(path(address), { headers, data: JSON.stringify({ schemas: [PATCH], Operations }) }),
  };
}

/** Makes a SCIM connection at Milwaukee on the screens; its base URL, token and role for new users. */
async function newConnection(page: Page, name: string): Promise<Connection & { role: string }> {
  await signIn(page, CREATORS["js-on"], "/admin/api-clients/new");
  await page.getByLabel("Name").fill(name);
  await page.getByRole("checkbox", { name: "SCIM provisioning (users and their roles)" }).check();
  await page.getByRole("checkbox", { name: "Lakeside Power – Milwaukee" }).check();
  const role = page.getByLabel("Role for new users");
  await role.selectOption({ index: 1 });
  const roleName = (await role.locator("option:checked").textContent())!;
  await page.getByRole("button", { name: "Create API client" }).click();
  await expect(page.getByRole("heading", { name: "Copy the secret now" })).toBeVisible();
  return {
    name,
    role: roleName,
    base: (await page.getByTestId("scim-base-url").textContent())!,
    token: (await page.getByTestId("scim-token").textContent())!,
  };
}

test.beforeEach(() => {
  test.skip(test.info().project.name === "js-off", "API calls and screens read without a form of their own");
});

test("issue #36 SCIM Okta's sequence: lookup, create, read, PUT, group push add and remove, deactivate; the user appears in the admin's list at the connection's location, signs in after verification, and deactivation ends their session", async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.slow();
  // A retry makes its own connection and user: names and addresses carry the run's tag.
  const tag = Date.now().toString(36);
  const connection = await newConnection(page, `Okta provisioning ${tag}`);
  const okta = scim(request, connection);
  const email = `okta.newhire.${tag}@example.com`;

  // Okta's import check: is the user there?
  const lookup = await okta.get(`/Users?filter=${encodeURIComponent(`userName eq "${email}"`)}&startIndex=1&count=100`);
  expect(lookup.status()).toBe(200);
  expect(lookup.headers()["content-type"]).toContain(SCIM_JSON);
  expect(await lookup.json()).toMatchObject({ totalResults: 0, Resources: [] });

  const created = await okta.post("/Users", {
    schemas: [USER],
    userName: email,
    name: { givenName: "Nia", familyName: "Newhire" },
    emails: [{ primary: true, value: email, type: "work" }],
    displayName: "Nia Newhire",
    locale: "en-US",
    externalId: "00ujl29u0le5T6Aj10h7",
    groups: [],
    password: "ignored-by-the-portal",
    active: true,
  });
  expect(created.status()).toBe(201);
  const user = (await created.json()) as { id: string; meta: { location: string; version: string } };
  expect(created.headers()["location"]).toBe(user.meta.location);
  expect(created.headers()["etag"]).toBe(user.meta.version);
  // A second create of the same user name is refused: uniqueness, shown on the connection's page later.
  const again = await okta.post("/Users", {
    schemas: [USER],
    userName: email.toUpperCase(),
    name: { givenName: "Nia", familyName: "Twice" },
  });
  expect(again.status()).toBe(409);
  expect(await again.json()).toMatchObject({ scimType: "uniqueness", status: "409" });

  expect((await okta.get(`/Users/${user.id}`)).status()).toBe(200);
  const replaced = await okta.put(`/Users/${user.id}`, {
    schemas: [USER],
    id: user.id,
    userName: email,
    name: { givenName: "Nia", familyName: "Newhire" },
    emails: [{ primary: true, value: email, type: "work" }],
    title: "Service technician",
    active: true,
  });
  expect(replaced.status()).toBe(200);
  expect(await replaced.json()).toMatchObject({ title: "Service technician" });

  // Group push: the role for new users is a group; another assignable role gets the member, then loses it.
  const groups = (await (await okta.get("/Groups?startIndex=1&count=100")).json()) as {
    Resources: { id: string; displayName: string }[];
  };
  const other = groups.Resources.find((group) => group.displayName !== connection.role)!;
  expect(other).toBeDefined();
  const byName = await okta.get(`/Groups?filter=${encodeURIComponent(`displayName eq "${other.displayName}"`)}`);
  expect(((await byName.json()) as { totalResults: number }).totalResults).toBe(1);
  const added = await okta.patch(`/Groups/${other.id}`, {
    op: "add",
    path: "members",
    value: [{ value: user.id, display: email }],
  });
  expect(added.status()).toBe(204);
  expect(
    ((await (await okta.get(`/Users/${user.id}`)).json()) as { groups: { value: string }[] }).groups,
  ).toContainEqual(expect.objectContaining({ value: other.id }));

  // The admin sees the user at the connection's location, with both roles and who provisioned them.
  await page.goto(`/admin/users?q=${encodeURIComponent(email)}`);
  await expect(page.locator("table.data-table")).toContainText("Lakeside Power – Milwaukee");
  await page.getByRole("link", { name: "Nia Newhire" }).click();
  await expect(page.getByTestId("provisioned-by")).toHaveText(`Provisioned by SCIM (${connection.name})`);
  await page.getByRole("link", { name: "Roles", exact: true }).click();
  await expect(page.locator("main")).toContainText(other.displayName);
  await expect(page.locator("main")).toContainText(connection.role);

  // The list filters by the connection that made the users.
  await page.goto("/admin/users");
  await page.getByLabel("Provisioned by").selectOption({ label: connection.name });
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/provisionedBy=\d+/);
  await expect(page.locator("table.data-table tbody tr")).toHaveCount(1);
  await expect(page.locator("table.data-table")).toContainText(email);

  const removed = await okta.patch(`/Groups/${other.id}`, { op: "remove", path: `members[value eq "${user.id}"]` });
  expect(removed.status()).toBe(204);

  // The verification e-mail reached the SMTP server: the new user sets a password and signs in.
  await expect.poll(() => mailsTo(E2E_MAIL_DIR, email).length).toBe(1);
  const link = new URL(verificationLinkIn(mailsTo(E2E_MAIL_DIR, email)[0].text)!);
  const context = await browser.newContext({ baseURL });
  const newhire = await context.newPage();
  try {
    await newhire.goto(link.pathname);
    await newhire.getByLabel("New password").fill("Okta#Start2026");
    await newhire.getByLabel("Confirm password").fill("Okta#Start2026");
    await newhire.getByRole("button", { name: "Verify and set password" }).click();
    await expect(newhire).toHaveURL(/\/verify-email\/done$/);
    await signIn(newhire, email, "/", { password: "Okta#Start2026" });
    await expect(newhire).not.toHaveURL(/\/signin\//);

    // Okta deactivates: every session of the user ends at once.
    const deactivated = await okta.patch(`/Users/${user.id}`, { op: "replace", value: { active: false } });
    expect(deactivated.status()).toBe(200);
    expect(await deactivated.json()).toMatchObject({ active: false });
    await newhire.goto("/");
    await expect(newhire).toHaveURL(/\/(signin|login)/);
  } finally {
    await context.close();
  }

  // The connection's page: its base URL, the locations it provisions, its calls and the refused one.
  await page.goto("/admin/api-clients");
  await page.getByRole("link", { name: connection.name }).click();
  await expect(page.getByTestId("scim-connection")).toContainText(connection.base);
  await expect(page.getByTestId("scim-connection")).toContainText("Lakeside Power – Milwaukee");
  await expect(page.getByTestId("api-client-calls")).toContainText(`PATCH /scim/v2/Users/${user.id}`);
  await expect(page.getByTestId("api-client-failed-calls")).toContainText("POST /scim/v2/Users");
  await expectNoAxeViolations(page);
});

test('issue #36 SCIM Entra\'s sequence: lookup, create with the enterprise extension, PATCH with capitalised ops, a filtered path and "False", group member add and remove by value', async ({
  page,
  request,
}) => {
  const tag = Date.now().toString(36);
  const connection = await newConnection(page, `Entra provisioning ${tag}`);
  const entra = scim(request, connection);
  const email = `entra.newhire.${tag}@example.com`;
  // Entra's connection test: a user name that does not exist.
  const probe = await entra.get(`/Users?filter=${encodeURIComponent('userName eq "a3a5b0f4-test@example.com"')}`);
  expect(await probe.json()).toMatchObject({ totalResults: 0 });

  const created = await entra.post("/Users", {
    schemas: [USER, ENTERPRISE],
    externalId: `f2b0a1c4-entra-${tag}`,
    userName: email,
    active: true,
    displayName: "Eli Entra",
    emails: [{ primary: true, type: "work", value: email }],
    name: { formatted: "Eli Entra", familyName: "Entra", givenName: "Eli" },
    title: "Parts advisor",
    preferredLanguage: "de-DE",
    [ENTERPRISE]: { employeeNumber: "701984", department: "Parts" },
  });
  expect(created.status()).toBe(201);
  const user = (await created.json()) as { id: string };

  const found = await entra.get(`/Users?filter=${encodeURIComponent(`userName eq "${email}"`)}`);
  expect(await found.json()).toMatchObject({ totalResults: 1, Resources: [{ id: user.id, preferredLanguage: "de" }] });

  const patched = await entra.patch(
    `/Users/${user.id}`,
    { op: "Replace", path: "displayName", value: "Eli E." },
    { op: "Add", path: 'phoneNumbers[type eq "work"].value', value: "+1 414 555 0142" },
    { op: "Replace", path: `${ENTERPRISE}:employeeNumber`, value: "701985" },
  );
  expect(patched.status()).toBe(200);
  expect(await patched.json()).toMatchObject({
    displayName: "Eli E.",
    phoneNumbers: [{ type: "work", value: "+1 414 555 0142" }],
    [ENTERPRISE]: { employeeNumber: "701985" },
  });

  const groups = (await (await entra.get("/Groups?excludedAttributes=members")).json()) as {
    Resources: { id: string; displayName: string; members?: unknown }[];
  };
  expect(groups.Resources.every((group) => group.members === undefined)).toBe(true);
  const other = groups.Resources.find((group) => group.displayName !== connection.role)!;
  expect(
    (await entra.patch(`/Groups/${other.id}`, { op: "Add", path: "members", value: [{ value: user.id }] })).status(),
  ).toBe(204);
  expect(
    (await entra.patch(`/Groups/${other.id}`, { op: "Remove", path: "members", value: [{ value: user.id }] })).status(),
  ).toBe(204);
  const afterGroups = (await (await entra.get(`/Users/${user.id}`)).json()) as { groups: { value: string }[] };
  expect(afterGroups.groups.map((group) => group.value)).not.toContain(other.id);

  const deactivated = await entra.patch(`/Users/${user.id}`, { op: "Replace", path: "active", value: "False" });
  expect(await deactivated.json()).toMatchObject({ active: false });

  // Errors in SCIM's form: a filter that does not parse, a person's session, a path of no attribute.
  const badFilter = await entra.get(`/Users?filter=${encodeURIComponent('userName eq "unterminated')}`);
  expect(badFilter.status()).toBe(400);
  expect(await badFilter.json()).toMatchObject({
    schemas: ["urn:ietf:params:scim:api:messages:2.0:Error"],
    scimType: "invalidFilter",
  });
  expect((await page.request.get(new URL(`${connection.base}/Users`).pathname)).status()).toBe(401);
  const badPath = await entra.patch(`/Users/${user.id}`, { op: "Replace", path: "favoriteColor", value: "x" });
  expect(await badPath.json()).toMatchObject({ scimType: "invalidPath" });

  // Discovery says what the server does.
  const config = (await (await request.get(new URL(`${connection.base}/ServiceProviderConfig`).pathname)).json()) as {
    patch: { supported: boolean };
    bulk: { supported: boolean };
    filter: { supported: boolean; maxResults: number };
  };
  expect(config).toMatchObject({ patch: { supported: true }, bulk: { supported: false }, filter: { supported: true } });
});
