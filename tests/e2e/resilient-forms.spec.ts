import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { fillNewAnnouncement, homeSavedOffline, ready, signIn } from "./helpers";
import { CREATORS, RESCUERS } from "./fixture-accounts";

const project = () => test.info().project.name as "js-on" | "js-off";
/** A title no other run of the test writes (a repeated run, or the other project, counts its own rows). */
const titled = (text: string) => `${text} ${project()} ${test.info().repeatEachIndex}`;
const jsOn = () => test.info().project.use.javaScriptEnabled !== false;

/** Fills the new-announcement editor the way an administrator does. */
function fillAnnouncement(page: Page, title: string) {
  return fillNewAnnouncement(page, {
    title,
    content: "<p>A long text typed for a while, lost to nothing.</p>",
    link: "https://news.vantor.example.com/rescued",
    priority: "lowest",
  });
}

async function signInHere(page: Page, email: string) {
  await expect(page).toHaveURL(/\/signin\//);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("Demo#Portal2026");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).not.toHaveURL(/\/signin\//);
}

/**
 * Waits until the browser keeps the form's typing draft (its key holds `keyPart`), closes the tab,
 * opens the page again in a new one and restores the draft from the offer.
 */
async function closeReopenAndRestore(page: Page, context: BrowserContext, keyPart: string): Promise<Page> {
  await expect
    .poll(() =>
      page.evaluate(
        (part) => Object.keys(localStorage).filter((k) => k.startsWith("portal-draft:") && k.includes(part)).length,
        keyPart,
      ),
    )
    .toBe(1);
  const url = page.url();
  await page.close();
  const again = await context.newPage();
  await again.goto(url);
  await ready(again);
  await again
    .getByRole("status")
    .filter({ hasText: "Restore your changes from" })
    .getByRole("button", { name: "Restore" })
    .click();
  return again;
}

async function rowsTitled(page: Page, title: string) {
  await page.goto(`/admin?q=${encodeURIComponent(title)}`);
  return page.locator("tbody tr").filter({ hasText: title }).count();
}

test.describe("issue #34 resilient forms", () => {
  test("issue #34 a post survives sign-in: the session ends while the editor is open; after signing in again as the same user every posted value is back with the notice, and saving creates it once; another user sees nothing of it", async ({
    page,
    browser,
    baseURL,
  }) => {
    test.slow();
    const rescuer = RESCUERS[project()];
    const title = titled("Rescued notice");
    await signIn(page, rescuer, "/admin/announcement");
    await fillAnnouncement(page, title);

    // The same administrator, elsewhere, signs out every other session: the editor's session ends.
    const elsewhere = await browser.newContext({ baseURL });
    const other = await elsewhere.newPage();
    await signIn(other, rescuer, "/account/security");
    await other.getByRole("link", { name: "Sign out all other sessions" }).click();
    await other
      .getByRole("dialog", { name: "Sign out all other sessions" })
      .getByRole("button", { name: "Sign out all other sessions" })
      .click();
    await expect(other.getByRole("status").filter({ hasText: "Other sessions signed out" })).toBeVisible();

    await page.getByRole("button", { name: "Save" }).click();
    // Someone else signs in on this browser first: the page is theirs, and empty.
    await signInHere(page, CREATORS[project()]);
    await expect(page).toHaveURL(/\/admin\/announcement$/);
    await ready(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("New announcement");
    await expect(page.getByText("Your session ended before this was saved")).toHaveCount(0);
    await expect(page.getByLabel("Title")).toHaveValue("");

    // The administrator whose post it was signs in again: every value is back, nothing saved yet.
    await page.context().clearCookies();
    await signIn(page, rescuer, "/admin/announcement");
    await expect(page.getByRole("status").filter({ hasText: "Your session ended before this was saved" })).toHaveText(
      "Your session ended before this was saved. Check it and save again.",
    );
    await expect(page.getByLabel("Title")).toHaveValue(title);
    await expect(page.getByLabel("Content")).toHaveValue("<p>A long text typed for a while, lost to nothing.</p>");
    await expect(page.getByLabel("Link URL")).toHaveValue("https://news.vantor.example.com/rescued");
    await expect(page.getByLabel("Priority")).toHaveValue("lowest");
    await expect(page.getByRole("group", { name: "Brands" }).getByLabel("Vantor", { exact: true })).toBeChecked();
    expect(await rowsTitled(elsewhere.pages()[0], title)).toBe(0);

    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("dialog", { name: "Saved" })).toBeVisible();
    expect(await rowsTitled(page, title)).toBe(1);
    // Shown once: the editor opens empty again.
    await page.goto("/admin/announcement");
    await expect(page.getByText("Your session ended before this was saved")).toHaveCount(0);
    await elsewhere.close();
  });

  test("issue #34 every post applies once: the same post twice changes one row and writes one audit entry", async ({
    page,
  }) => {
    const admin = CREATORS[project()];
    const title = titled("Applied once");
    await signIn(page, admin, "/admin/announcement");
    await fillAnnouncement(page, title);
    const save = page.getByRole("button", { name: "Save" });
    if (jsOn()) {
      // A double click: the second click meets a button that is busy, and the key covers the rest.
      await save.dblclick();
    } else {
      // Without JavaScript: the same form body sent twice (a resubmit), then the browser's own post.
      const form = page.locator("form.editor");
      const body = await form.evaluate((element) =>
        new URLSearchParams([...new FormData(element as HTMLFormElement)] as [string, string][]).toString(),
      );
      const headers = { "Content-Type": "application/x-www-form-urlencoded", Origin: new URL(page.url()).origin };
      const first = await page.request.post("/admin/announcement", { data: body, headers, maxRedirects: 0 });
      const second = await page.request.post("/admin/announcement", { data: body, headers, maxRedirects: 0 });
      expect(first.status()).toBe(302);
      expect(second.status()).toBe(303);
      expect(second.headers()["location"]).toBe(first.headers()["location"]);
      await save.click();
    }
    await expect(page.getByRole("dialog", { name: "Saved" })).toBeVisible();
    expect(await rowsTitled(page, title)).toBe(1);
  });
});

test.describe("issue #34 long texts are kept while typing", () => {
  test.skip(() => !jsOn(), "the browser keeps the draft: a script's work");

  test("issue #34 long texts are kept while typing: the content typed, the page closed, the editor opened again offers it back; restore fills it in, discard forgets it", async ({
    page,
    context,
  }) => {
    const admin = CREATORS[project()];
    await signIn(page, admin, "/admin/announcement");
    await page.getByLabel("Title").fill("Kept while typing");
    await page.getByLabel("Content").fill("<p>Three paragraphs of a service bulletin, typed for twenty minutes.</p>");
    // The draft is written a moment after the last keystroke.
    await expect
      .poll(() => page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith("portal-draft:")).length))
      .toBe(1);
    await page.close();

    const again = await context.newPage();
    await again.goto("/admin/announcement");
    await ready(again);
    const offer = again.getByRole("status").filter({ hasText: "Restore your changes from" });
    await expect(offer).toBeVisible();
    await expect(again.getByLabel("Content")).toHaveValue("");
    await offer.getByRole("button", { name: "Restore" }).click();
    await expect(again.getByLabel("Content")).toHaveValue(
      "<p>Three paragraphs of a service bulletin, typed for twenty minutes.</p>",
    );
    await expect(again.getByLabel("Title")).toHaveValue("Kept while typing");
    await expect(offer).toHaveCount(0);

    // Discarded, it is not offered again.
    await again.getByLabel("Title").fill("Kept while typing, then discarded");
    await expect
      .poll(() =>
        again.evaluate(() =>
          localStorage.getItem(Object.keys(localStorage).find((k) => k.startsWith("portal-draft:"))!),
        ),
      )
      .toContain("then discarded");
    await again.reload();
    await ready(again);
    await again
      .getByRole("status")
      .filter({ hasText: "Restore your changes from" })
      .getByRole("button", { name: "Discard them" })
      .click();
    await again.reload();
    await ready(again);
    await expect(again.getByText("Restore your changes from")).toHaveCount(0);

    // Nothing of it survives sign-out.
    await again.getByLabel("Title").fill("Typed before signing out");
    await expect
      .poll(() => again.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith("portal-draft:")).length))
      .toBe(1);
    await again.getByTestId("profile-menu").locator("summary").click();
    await again.getByRole("button", { name: "Sign out" }).click();
    await expect(again).not.toHaveURL(/\/admin\/announcement/);
    expect(
      await again.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith("portal-draft:")).length),
    ).toBe(0);
  });
});

test("issue #34 long texts are kept while typing: a document's description, per document", async ({
  page,
  context,
}) => {
  test.skip(!jsOn(), "the browser keeps the draft: a script's work");
  await signIn(page, CREATORS[project()], "/documents");
  const row = page.getByTestId("document-row").first();
  await row.getByRole("link", { name: /^Edit the details of/ }).click();
  const dialog = page.getByRole("dialog", { name: "Edit details" });
  await ready(page);
  await dialog.getByLabel("Description").fill("A description typed at length, then the tab closed.");
  const again = await closeReopenAndRestore(page, context, "#document-");
  const reopened = again.getByRole("dialog", { name: "Edit details" });
  await expect(reopened.getByLabel("Description")).toHaveValue("A description typed at length, then the tab closed.");
});

test("issue #34 long texts are kept while typing: a user's contact information in the user editor", async ({
  page,
  context,
}) => {
  test.skip(!jsOn(), "the browser keeps the draft: a script's work");
  // The rescuer edits without saving: no other test's user editor draft is this administrator's.
  await signIn(page, RESCUERS[project()], `/admin/users?q=${encodeURIComponent("dealer@example.com")}`);
  await page.getByRole("link", { name: /^View / }).click();
  await page.getByRole("link", { name: "Edit user" }).click();
  await expect(page).toHaveURL(/\/admin\/users\/\d+\/edit\/contact$/);
  await ready(page);
  await page.getByLabel("Job title").fill("Service manager, north yard and mobile fleet");
  const again = await closeReopenAndRestore(page, context, "#contact");
  await expect(again.getByLabel("Job title")).toHaveValue("Service manager, north yard and mobile fleet");
});

test.describe("issue #34 offline posts are queued, not lost", () => {
  test.use({ serviceWorkers: "allow" });
  // A failure here (rare, under the parallel run; its cause not yet seen) leaves a trace in
  // test-results: the page, the requests and the queue, in order.
  test.beforeEach(async ({ context }) => {
    await context.tracing.start({ screenshots: true, snapshots: true });
  });
  test.afterEach(async ({ context }, testInfo) => {
    const failed = testInfo.status !== testInfo.expectedStatus;
    await context.tracing.stop(failed ? { path: testInfo.outputPath("trace.zip") } : undefined);
  });
  test.skip(
    () => !jsOn(),
    "the queue is the browser's (IndexedDB): without JavaScript the browser's own error page stands",
  );

  const queued = (page: Page) => page.getByTestId("queued-changes");

  test("issue #34 offline posts are queued: a save while offline says so and shows the count; a reload offline still shows it queued; back online it is sent once and the list shows the change", async ({
    page,
    context,
  }) => {
    const title = titled("Queued while offline");
    await signIn(page, CREATORS[project()], "/");
    await homeSavedOffline(page);
    await page.goto("/admin/announcement");
    await ready(page);
    await fillAnnouncement(page, title);
    await context.setOffline(true);
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Not sent" })).toHaveText(
      "Not sent — you are offline. It will be sent when the connection is back.",
    );
    await expect(page.getByLabel("Title")).toHaveValue(title);
    await expect(queued(page).locator("summary")).toHaveText("Waiting to be sent 1");
    await queued(page).locator("summary").click();
    await expect(queued(page).getByTestId("queued-post")).toHaveCount(1);
    await expect(queued(page).getByRole("button", { name: "Send now" })).toBeDisabled();

    // The page again, still offline: the service worker's offline page, in the user's top bar, says it waits.
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("You are offline");
    await expect(queued(page).locator("summary")).toHaveText("Waiting to be sent 1");
    await expect(page.getByTestId("offline-queued")).toHaveText("Changes waiting on this device to be sent: 1");

    await context.setOffline(false);
    await page.reload();
    // Two round trips through the server after the reload (the queued post, then the page's own
    // post of it): under the parallel run they took longer than the default 5 s.
    await expect(page.getByRole("dialog", { name: "Saved" })).toBeVisible({ timeout: 15_000 });
    await expect(queued(page)).toBeHidden();
    expect(await rowsTitled(page, title)).toBe(1);
    await expect(page.locator("tbody tr").filter({ hasText: title })).toHaveCount(1);
  });

  test("issue #34 offline posts are sent when the connection is back, without a reload, once", async ({
    page,
    context,
  }) => {
    const title = titled("Sent when back online");
    await signIn(page, CREATORS[project()], "/admin/announcement");
    await ready(page);
    await fillAnnouncement(page, title);
    await context.setOffline(true);
    // A double click while offline keeps one post (the same form, the same one-time key).
    await page.getByRole("button", { name: "Save" }).dblclick();
    await expect(queued(page).locator("summary")).toHaveText("Waiting to be sent 1");
    await context.setOffline(false);
    await expect(page.getByRole("dialog", { name: "Saved" })).toBeVisible({ timeout: 15_000 });
    await expect(queued(page)).toBeHidden();
    expect(await rowsTitled(page, title)).toBe(1);
  });

  test("issue #34 offline posts are queued, not lost: a send that fails as the connection comes back keeps the post waiting; Send now sends it once", async ({
    page,
    context,
  }) => {
    const title = titled("Kept when the send failed");
    await signIn(page, CREATORS[project()], "/admin/announcement");
    await ready(page);
    await fillAnnouncement(page, title);
    await context.setOffline(true);
    await page.getByRole("button", { name: "Save" }).click();
    await expect(queued(page).locator("summary")).toHaveText("Waiting to be sent 1");

    // The connection is back but the first send does not reach the server.
    let refused = 0;
    await page.route("**/admin/announcement", async (route) => {
      if (route.request().method() !== "POST") return route.fallback();
      refused++;
      await route.abort("internetdisconnected");
    });
    await context.setOffline(false);
    await expect.poll(() => refused).toBeGreaterThan(0);
    await expect(queued(page).locator("summary")).toHaveText("Waiting to be sent 1");

    await page.unroute("**/admin/announcement");
    await queued(page).locator("summary").click();
    await queued(page).getByRole("button", { name: "Send now" }).click();
    await expect(page.getByRole("dialog", { name: "Saved" })).toBeVisible();
    await expect(queued(page)).toBeHidden();
    expect(await rowsTitled(page, title)).toBe(1);
  });

  test("issue #34 a queued edit of a record changed meanwhile comes back as the editor's conflict view with the queued input", async ({
    page,
    context,
    browser,
    baseURL,
  }) => {
    const title = titled("Changed while queued");
    await signIn(page, CREATORS[project()], "/admin/announcement");
    await ready(page);
    await fillAnnouncement(page, title);
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("dialog", { name: "Saved" })).toBeVisible();
    const editor = new URL(page.url()).pathname;
    await page.goto(editor);
    await ready(page);

    await context.setOffline(true);
    await page.getByLabel("Title").fill(`${title} — mine`);
    await page.getByRole("button", { name: "Save" }).click();
    await expect(queued(page).locator("summary")).toHaveText("Waiting to be sent 1");

    // Someone else saves the same announcement meanwhile.
    const elsewhere = await browser.newContext({ baseURL, javaScriptEnabled: false, serviceWorkers: "block" });
    const other = await elsewhere.newPage();
    await signIn(other, CREATORS[project()], editor, { javaScript: false });
    await other.getByLabel("Title").fill(`${title} — theirs`);
    await other.getByRole("button", { name: "Save" }).click();
    await expect(other.getByRole("dialog", { name: "Saved" })).toBeVisible();
    await elsewhere.close();

    await context.setOffline(false);
    await expect(page.getByRole("alert")).toContainText("Someone else changed this announcement after you opened it.");
    await expect(page.getByLabel("Title")).toHaveValue(`${title} — mine`);
    await expect(queued(page)).toBeHidden();
  });

  test("issue #34 a waiting post can be discarded from the top bar's list, after a confirmation, and is never sent", async ({
    page,
    context,
  }) => {
    const title = titled("Discarded while offline");
    await signIn(page, CREATORS[project()], "/admin/announcement");
    await ready(page);
    await fillAnnouncement(page, title);
    await context.setOffline(true);
    await page.getByRole("button", { name: "Save" }).click();
    await queued(page).locator("summary").click();
    const post = queued(page).getByTestId("queued-post");
    await post.getByRole("button", { name: "Discard" }).click();
    await expect(post).toContainText("Discard this change? What was entered is lost.");
    await post.getByRole("button", { name: "Keep it" }).click();
    await post.getByRole("button", { name: "Discard" }).click();
    await post.getByRole("group").getByRole("button", { name: "Discard" }).click();
    await expect(queued(page)).toBeHidden();
    await context.setOffline(false);
    expect(await rowsTitled(page, title)).toBe(0);
  });
});
