import { describe, expect, it } from "vitest";
import { answerStands, FORM_KEY_FIELD, formKeyOf, replayTarget } from "~/security/form-key";
import { rescuableFields, rescuedForm, RESCUE_MAX_FIELDS } from "~/forms/form-rescue";
import { seal, unseal } from "~/security/sealed.server";
import {
  postReplacedBy,
  queueableFields,
  replayOutcomeOf,
  replayStepsOf,
  type QueuedPost,
} from "~/forms/offline-queue";
import { offlinePageWithQueue } from "~/pwa/sw-rules";

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
    // The second-to-last character carries only data bits; a different one changes the ciphertext.
    const flipped = body.slice(0, -2) + (body.at(-2) === "A" ? "B" : "A") + body.slice(-1);
    expect(unseal([nonce, tag, flipped].join("."), "form-rescue")).toBeNull();
    expect(unseal("not sealed", "form-rescue")).toBeNull();
  });
});

describe("issue #34 offline posts are queued, not lost: the rules", () => {
  const post = (id: number, page: string, extra: Partial<QueuedPost> = {}): QueuedPost => ({
    id,
    owner: "k",
    action: page,
    page,
    label: `post ${id}`,
    fields: [[FORM_KEY_FIELD, `seed.${id}`]],
    queuedAt: "2026-11-26T10:00:00.000Z",
    ...extra,
  });

  it("queueableFields keeps text fields in order and refuses a post with a chosen file", () => {
    expect(
      queueableFields([
        ["title", "A"],
        ["file", new File([], "")],
        ["intent", "save"],
      ]),
    ).toEqual([
      ["title", "A"],
      ["intent", "save"],
    ]);
    expect(queueableFields([["file", new File(["x"], "a.pdf")]])).toBeNull();
  });

  it("replayOutcomeOf: applied, refused, sign in first, or try later", () => {
    const at = (status: number, url = "http://portal.test/admin", redirected = false) =>
      replayOutcomeOf({ status, url, redirected });
    expect(at(200, "http://portal.test/admin/announcement/4?saved=1", true)).toBe("sent");
    expect(at(204)).toBe("sent");
    expect(at(409)).toBe("refused");
    expect(at(400)).toBe("refused");
    expect(at(200, "http://portal.test/login?returnTo=%2Fadmin", true)).toBe("signIn");
    expect(at(200, "http://portal.test/signin/vantor", true)).toBe("signIn");
    expect(at(500)).toBe("retry");
    expect(at(503)).toBe("retry");
    expect(at(429)).toBe("retry");
  });

  it("replayStepsOf sends in order, the open page's post by the page (then waits), a refused one only by its page", () => {
    const posts = [post(3, "/c"), post(1, "/a"), post(2, "/b", { refused: 409 }), post(4, "/d")];
    expect(replayStepsOf(posts, "/x").map((step) => [step.post.id, step.by])).toEqual([
      [1, "background"],
      [3, "background"],
      [4, "background"],
    ]);
    expect(replayStepsOf(posts, "/c").map((step) => [step.post.id, step.by])).toEqual([
      [1, "background"],
      [3, "page"],
    ]);
    expect(replayStepsOf(posts, "/b").map((step) => [step.post.id, step.by])).toEqual([
      [1, "background"],
      [2, "page"],
    ]);
    expect(replayStepsOf([], "/a")).toEqual([]);
  });

  it("postReplacedBy: the same rendered form sent again takes its waiting post's place", () => {
    const waiting = [post(1, "/a"), post(2, "/b")];
    expect(postReplacedBy(waiting, [[FORM_KEY_FIELD, "seed.2"]], FORM_KEY_FIELD)?.id).toBe(2);
    expect(postReplacedBy(waiting, [[FORM_KEY_FIELD, "seed.9"]], FORM_KEY_FIELD)).toBeUndefined();
    expect(postReplacedBy(waiting, [["title", "x"]], FORM_KEY_FIELD)).toBeUndefined();
  });

  it("offlinePageWithQueue shows the waiting count and the posts' names, escaped; unchanged when none waits", () => {
    const html =
      '<details class="menu" data-queued-changes="" hidden=""><summary>Waiting <span class="badge" data-queued-count="">0</span></summary><ul data-queued-list=""></ul></details>' +
      '<p data-queued-changes="" hidden="">On this device: <span data-queued-count="">0</span></p>';
    expect(offlinePageWithQueue(html, [])).toBe(html);
    const shown = offlinePageWithQueue(html, ["New announcement", "<b>x</b>"]);
    expect(shown).not.toContain("hidden");
    expect(shown.match(/data-queued-count="">2</g)).toHaveLength(2);
    expect(shown).toContain("<li>New announcement</li><li>&lt;b&gt;x&lt;/b&gt;</li>");
  });
});
