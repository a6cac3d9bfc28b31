import { expect, test } from "@playwright/test";
import { MIGRATORS } from "./fixture-accounts";
import { signIn, axeOn } from "./helpers";

const jsOn = () => test.info().project.use.javaScriptEnabled !== false;
const NEW_PASSWORD = "Harbor#Light42";

test.describe("issue #16 §2: the account migration (change password) modal", () => {
  test("SPEC §4 changePassword opens the modal at sign-in; it cannot be closed; bad input gets the spec's messages and keeps the choices; success, Close, and the new password signs in", async ({
    page,
    browser,
    baseURL,
  }) => {
    const email = MIGRATORS[test.info().project.name as "js-on" | "js-off"];
    await signIn(page, email);
    const modal = page.getByRole("dialog", { name: "Change password" });
    await expect(modal).toBeVisible();
    await expect(modal.getByRole("link", { name: "Close" })).toHaveCount(0);
    const question = modal.getByLabel("Security question");
    await expect(question).toHaveValue("What was the name of your first pet?");
    // With JavaScript the focus lands in the first field.
    if (jsOn()) await expect(modal.getByLabel("New password")).toBeFocused();
    if (jsOn()) {
      // axe runs as a script in the page: with JavaScript on only.
      const axe = await axeOn(page, ".modal");
      expect(axe.violations).toEqual([]);
    }

    const save = modal.getByRole("button", { name: "Save" });
    await modal.getByLabel("New password").fill("short");
    await modal.getByLabel("Confirm password").fill("different");
    if (jsOn())
      await test.step("SPEC §5 first error after touch: leaving the confirmation shows that it differs, before the other fields are touched", async () => {
        await expect(modal.getByText("The value must be equal to the other value")).toHaveCount(0);
        await modal.getByLabel("Confirm password").blur();
        await expect(modal.getByText("The value must be equal to the other value")).toBeVisible();
        await expect(modal.getByText("Value is required")).toHaveCount(0);
      });
    await question.selectOption("In which city were you born?");
    await modal.getByLabel("Answer").fill("Ulm");
    if (jsOn()) {
      // With JavaScript Save stays disabled while the form is invalid, and Escape does not close it.
      await expect(save).toBeDisabled();
      await page.keyboard.press("Escape");
      await expect(modal).toBeVisible();
      await modal.getByLabel("Answer").blur();
      await expect(modal.getByText("This field should be at least 4 characters long")).toBeVisible();
    } else {
      await save.click();
      await expect(page).toHaveURL(/\/account\/migrate\?returnTo=%2F$/);
      await expect(modal.getByText("This field should be at least 8 characters long")).toBeVisible();
      await expect(modal.getByText("The value must be equal to the other value")).toBeVisible();
      await expect(modal.getByText("This field should be at least 4 characters long")).toBeVisible();
      // What was chosen and typed stays (not the passwords).
      await expect(question).toHaveValue("In which city were you born?");
      await expect(modal.getByLabel("Answer")).toHaveValue("Ulm");
    }

    await modal.getByLabel("New password").fill(NEW_PASSWORD);
    await modal.getByLabel("Confirm password").fill(NEW_PASSWORD);
    await modal.getByLabel("Answer").fill("Ulm an der Donau");
    await expect(save).toBeEnabled();
    await save.click();
    await expect(modal.getByRole("status")).toHaveText("Password has been changed");
    await modal.getByRole("link", { name: "Close" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("dialog", { name: "Change password" })).toHaveCount(0);

    // The old password no longer signs in; the new one does, straight to the portal.
    const context = await browser.newContext({ baseURL, javaScriptEnabled: jsOn() });
    const again = await context.newPage();
    await again.goto("/");
    await again.getByLabel("Email").fill(email);
    await again.getByLabel("Password").fill("Demo#Portal2026");
    await again.getByRole("button", { name: "Sign in" }).click();
    await expect(again.getByText("The email or password is incorrect.")).toBeVisible();
    await signIn(again, email, "/", { password: NEW_PASSWORD, javaScript: jsOn() });
    await expect(again.getByRole("dialog", { name: "Change password" })).toHaveCount(0);
    await context.close();
  });

  test("SPEC §7 the migration API: questions in the asked language; a refused body says why per field; an account with nothing to migrate is refused", async ({
    page,
  }) => {
    test.skip(!jsOn(), "the API does not depend on the page's JavaScript");
    await signIn(page, "dealer@example.com");
    const german = await page.request.get("/api/v2/user/migrate/security-questions?language=de");
    expect(german.status()).toBe(200);
    const items = ((await german.json()) as { data: { items: { key: string; value: string }[] } }).data.items;
    expect(items.map((item) => item.key)).toEqual([
      "firstPet",
      "birthCity",
      "firstSchool",
      "motherMaidenName",
      "firstCar",
    ]);
    expect(items[0].value).not.toBe("What was the name of your first pet?");

    const refused = await page.request.post("/api/v2/user/migrate/ldap", {
      data: { password: "weak", securityQuestion: "Who are you?", securityAnswer: "x" },
    });
    expect(refused.status()).toBe(400);
    const fields = ((await refused.json()) as { error: { fields: Record<string, string[]> } }).error.fields;
    expect(fields.password).toEqual(["This field should be at least 8 characters long"]);
    expect(fields.securityQuestion).toEqual(["Value is required"]);
    expect(fields.securityAnswer).toEqual(["This field should be at least 4 characters long"]);

    const notPending = await page.request.post("/api/v2/user/migrate/ldap", {
      data: { password: NEW_PASSWORD, securityQuestion: items[1].value, securityAnswer: "Hamburg" },
    });
    expect(notPending.status()).toBe(409);
    expect(((await notPending.json()) as { error: { message: string } }).error.message).toBe(
      "This account has no password change pending.",
    );
  });
});
