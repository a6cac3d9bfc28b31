import { TranslatorProvider } from "~/translate/react";
import { describe, expect, it } from "vitest";
import { quietLayoutEffectWarnings, renderInRouter } from "./render-in-router";
import { SecurityReviewModal, type SecurityReviewData } from "~/security-review/SecurityReviewModal";
import { registerTranslations } from "~/i18n/i18n-registry";
import en from "~/i18n/locales/en.json";

const translator = registerTranslations("test:en:security-review", "en", en);
// Required at sign-in: not closable while nothing has failed.
const review: SecurityReviewData = {
  users: [],
  sort: { sortBy: "daysSinceLogin", sortType: "desc" },
  returnTo: "/",
  closable: false,
};
const render = (failure?: string) =>
  renderInRouter(
    <TranslatorProvider translator={translator}>
      <SecurityReviewModal review={review} failure={failure} />
    </TranslatorProvider>,
  );
const closeLinks = (html: string) => html.match(/<a [^>]*>Close<\/a>|aria-label="Close"/g) ?? [];

quietLayoutEffectWarnings();

describe("SPEC §8 attestation failures: the modal's banner shows 'Error: {message}' and the modal may be closed", () => {
  it("a failure is the banner's alert, with its message", () => {
    const html = render("connection refused");
    expect(html).toMatch(/<p class="form-error" role="alert">Error: connection refused<\/p>/);
    expect(closeLinks(html).length).toBeGreaterThan(0);
  });
  it("without a failure there is no banner, and the required review cannot be closed", () => {
    const html = render();
    expect(html).not.toContain("Error: ");
    expect(closeLinks(html)).toEqual([]);
  });
});
