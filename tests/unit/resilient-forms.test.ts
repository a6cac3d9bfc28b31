import { describe, expect, it } from "vitest";
import { answerStands, FORM_KEY_FIELD, formKeyOf, replayTarget } from "~/security/form-key";
import { rescuableFields, rescuedForm, RESCUE_MAX_FIELDS } from "~/forms/form-rescue";
import { seal, unseal } from "~/security/sealed.server";

describe("issue #34 every post applies once: the one-time key", () => {
  it("takes keys as the portal makes them, and nothing else", () => {
    expect(formKeyOf("AbCdEfGhIjKlMnOpQrStUvWx.default-R1")).toBe("AbCdEfGhIjKlMnOpQrStUvWx.default-R1");
    for (const value of [
      undefined,
      42,
      "",
      "short.x",
      "AbCdEfGhIjKlMnOpQrStUvWx",
      "AbCdEfGhIjKlMnOpQrStUvWx.<b>",
      "x".repeat(200),
    ])
      expect(formKeyOf(value), String(value)).toBeNull();
  });
  it("a repeat gets the first answer's redirect, else the page it posted to", () => {
    expect(replayTarget("/admin/announcement/9/edit?saved=1", "/admin/announcement")).toBe(
      "/admin/announcement/9/edit?saved=1",
    );
    expect(replayTarget(null, "/admin/users/3/view?tab=roles")).toBe("/admin/users/3/view?tab=roles");
  });
  it("an answer that wrote nothing (a refusal, an error) frees the key", () => {
    expect(answerStands(302)).toBe(true);
    expect(answerStands(204)).toBe(true);
    expect(answerStands(400)).toBe(false);
    expect(answerStands(409)).toBe(false);
    expect(answerStands(500)).toBe(false);
  });
});

describe("issue #34 a post survives sign-in: what is kept", () => {
  it("text fields in order; no files, no secrets, no one-time key", () => {
    const form = new FormData();
    form.append("title", "Fleet notice");
    form.append(FORM_KEY_FIELD, "AbCdEfGhIjKlMnOpQrStUvWx.default-R1");
    form.append("password", "Harbor#Light42");
    form.append("confirmPassword", "Harbor#Light42");
    form.append("securityAnswer", "Rex");
    form.append("brandIds", "1");
    form.append("brandIds", "4");
    form.append("file", new Blob(["x"]), "x.csv");
    expect(rescuableFields(form)).toEqual([
      ["title", "Fleet notice"],
      ["brandIds", "1"],
      ["brandIds", "4"],
    ]);
    expect([...rescuedForm(rescuableFields(form)).getAll("brandIds")]).toEqual(["1", "4"]);
  });
  it("nothing beyond the bounds", () => {
    const many = Array.from({ length: RESCUE_MAX_FIELDS + 1 }, (_, i) => [`f${i}`, "v"] as [string, string]);
    expect(rescuableFields(many)).toEqual([]);
  });
  it("is sealed at rest: unreadable, tamper-evident, and opened only for its purpose", () => {
    const sealed = seal('[["title","Fleet notice"]]', "form-rescue");
    expect(sealed).not.toContain("Fleet");
    expect(unseal(sealed, "form-rescue")).toBe('[["title","Fleet notice"]]');
    expect(unseal(sealed, "another purpose")).toBeNull();
    const [nonce, tag, body] = sealed.split(".");
    const flipped = body.slice(0, -2) + (body.endsWith("A") ? "B" : "A") + body.slice(-1);
    expect(unseal([nonce, tag, flipped].join("."), "form-rescue")).toBeNull();
    expect(unseal("not sealed", "form-rescue")).toBeNull();
  });
});
