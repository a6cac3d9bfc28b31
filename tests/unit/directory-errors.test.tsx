import { TranslatorProvider } from "~/translate/react";
import { describe, expect, it } from "vitest";
import { quietLayoutEffectWarnings, renderInRouter } from "./render-in-router";
import { DirectoryReviewModal, type DirectoryReviewData } from "~/directory/DirectoryReviewModal";
import { directorySaveFailureMessage } from "~/directory/rules";
import { registerTranslations } from "~/i18n/i18n-registry";
import en from "~/i18n/locales/en.json";

const translator = registerTranslations("test:en:directory", "en", en);
const review = (changes: Partial<DirectoryReviewData>): DirectoryReviewData => ({
  context: "DEALER_LOCATION",
  locations: [],
  returnTo: "/",
  ...changes,
});
const render = (data: DirectoryReviewData, failure?: { key: string }) =>
  renderInRouter(
    <TranslatorProvider translator={translator}>
      <DirectoryReviewModal review={data} failure={failure} />
    </TranslatorProvider>,
  );
/** The alerts the modal shows, as text. */
const alerts = (html: string) =>
  [...html.matchAll(/<p class="form-error" role="alert">([^<]*)<\/p>/g)].map(([, text]) => text);

quietLayoutEffectWarnings();

describe("SPEC §8 directory errors", () => {
  it("a cancelled fetch says so, as an error, and the empty list is not taken for a finished review", () => {
    const html = render(review({ loadFailure: "cancelled" }));
    expect(alerts(html)).toEqual(["Getting dealer location data was cancelled."]);
    expect(html).not.toContain(en.manageDirectory.directoryReviewAllLocationsFixed);
  });
  it("a failed fetch says 'Failed to fetch dealer location data'", () => {
    expect(alerts(render(review({ loadFailure: "failed" })))).toEqual(["Failed to fetch dealer location data"]);
  });
  it("a failed update of the last review date says 'Failed to update last review date'", () => {
    expect(alerts(render(review({ reviewDateFailed: true })))).toEqual(["Failed to update last review date"]);
  });
  it("a failed save shows the failure's own message where the save knows it, else 'Error while saving data'", () => {
    const shown = (failure: Parameters<typeof directorySaveFailureMessage>[0]) =>
      alerts(render(review({}), { key: directorySaveFailureMessage(failure) }));
    expect(shown("unexpected")).toEqual(["Error while saving data"]);
    expect(shown("missing")).toEqual([en.manageDirectory.errors.saveMissing]);
    expect(shown("invalid")).toEqual([en.manageDirectory.errors.saveInvalid]);
    expect(en.manageDirectory.errors.saveInvalid).not.toBe(en.manageDirectory.errors.save);
  });
});
