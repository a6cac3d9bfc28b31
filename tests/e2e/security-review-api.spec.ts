import { expect, test } from "@playwright/test";
import { ATTESTATION_TARGET } from "./fixture-accounts";
import { signInShared } from "./helpers";

interface AttestationUser {
  id: number;
  email: string;
  daysSinceLogin: number | null;
  self: boolean;
  group: { id: number; colour: string };
}

test.describe("issue #16 §3: the security review API (SPEC §7 attestation-review)", () => {
  test.skip(
    () => test.info().project.use.javaScriptEnabled === false,
    "the API does not depend on the page's JavaScript",
  );

  test("users by days since login descending; Disable accounts refuses a bad body and the admin's own row; Proceed confirms; without admin:users:write it is 403", async ({
    page,
    browser,
    baseURL,
  }) => {
    await signInShared(page, "admin@example.com");
    const list = async () =>
      (
        (await (await page.request.get("/api/v2/admin/attestation-review/users")).json()) as {
          data: { users: AttestationUser[] };
        }
      ).data.users;
    const users = await list();
    const target = users.find((u) => u.email === ATTESTATION_TARGET)!;
    expect(target).toMatchObject({ daysSinceLogin: null, group: { id: 3, colour: "error" }, self: false });
    const self = users.find((u) => u.email === "admin@example.com")!;
    expect(self.self).toBe(true);
    expect(users.map((u) => u.email)).not.toContain("halden@example.com");

    const bad = await page.request.put("/api/v2/admin/attestation-review/deactivate", { data: { identityIds: [] } });
    expect(bad.status()).toBe(400);
    expect(((await bad.json()) as { error: { message: string } }).error.message).toBe(
      "Please correct the errors marked",
    );

    const disabled = await page.request.put("/api/v2/admin/attestation-review/deactivate", {
      data: { identityIds: [target.id, self.id] },
    });
    expect(disabled.status()).toBe(200);
    expect(await disabled.json()).toEqual({ data: { disabled: [target.id], refused: [self.id] } });
    expect((await list()).map((u) => u.email)).not.toContain(ATTESTATION_TARGET);

    const confirmed = await page.request.put("/api/v2/admin/attestation-review/update");
    expect(confirmed.status()).toBe(200);
    expect(((await confirmed.json()) as { data: { reviewId: number } }).data.reviewId).toBeGreaterThan(0);

    const context = await browser.newContext({ baseURL });
    const auditor = await context.newPage();
    await signInShared(auditor, "auditor@example.com");
    expect((await auditor.request.get("/api/v2/admin/attestation-review/users")).status()).toBe(403);
    expect((await auditor.request.put("/api/v2/admin/attestation-review/update")).status()).toBe(403);
    await context.close();
  });
});
