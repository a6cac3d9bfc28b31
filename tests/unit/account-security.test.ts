import { describe, expect, it } from "vitest";
import { deviceLabelOf } from "~/account/device-label";
import { changePasswordSchema } from "~/account/schema";

describe("account page: the device of a session", () => {
  it.each([
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36 Edg/131.0",
      "Edge",
      "Windows",
    ],
    [
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36",
      "Chrome",
      "Linux",
    ],
    ["Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0; rv:132.0) Gecko/20100101 Firefox/132.0", "Firefox", "macOS"],
    [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1",
      "Safari",
      "iOS",
    ],
    [
      "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36",
      "Chrome",
      "Android",
    ],
  ])("%s → %s on %s", (ua, browser, system) => {
    expect(deviceLabelOf(ua)).toEqual({ browser, system });
  });
  it("an unknown or missing User-Agent names nothing", () => {
    expect(deviceLabelOf(null)).toEqual({ browser: null, system: null });
    expect(deviceLabelOf("curl/8.0")).toEqual({ browser: null, system: null });
  });
});

describe("SPEC §5 confirm password: required and equal to the password", () => {
  const schema = changePasswordSchema(["Dana Reyes"]);
  const base = { intent: "changePassword", currentPassword: "old", newPassword: "Fresh#Pass2026" };
  it("equal passes", () => {
    expect(schema.safeParse({ ...base, confirmPassword: "Fresh#Pass2026" }).success).toBe(true);
  });
  it("different gives the spec's message on the confirm field", () => {
    const result = schema.safeParse({ ...base, confirmPassword: "Fresh#Pass2025" });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ["confirmPassword"], message: "validations.equalTo" }),
    ]);
  });
  it("the new password goes through the policy with the user's name", () => {
    const result = schema.safeParse({ ...base, newPassword: "Reyes#2026x", confirmPassword: "Reyes#2026x" });
    expect(result.error?.issues[0]).toMatchObject({ path: ["newPassword"], message: "validations.passwordNamePart" });
  });
});
