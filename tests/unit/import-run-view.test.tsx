import { TranslatorProvider } from "~/translate/react";
import { describe, expect, it } from "vitest";
import { quietLayoutEffectWarnings, renderInRouter } from "./render-in-router";
import { ImportRunView } from "~/imports/components/ImportRunView";
import type { ImportRunPage } from "~/imports/import-runs.server";
import { registerTranslations } from "~/i18n/i18n-registry";
import en from "~/i18n/locales/en.json";

const translator = registerTranslations("test:en", "en", en);
const report = { rows: 4, create: 3, update: 1, unchanged: 0, problemCount: 0, problems: [] };
const run = (changes: Partial<ImportRunPage>): ImportRunPage => ({
  id: 7,
  kind: "identities",
  fileName: "people.csv",
  state: "checked",
  report,
  mayStart: true,
  underWay: false,
  percent: 0,
  done: 0,
  total: 4,
  error: null,
  result: null,
  ...changes,
});
const render = (page: ImportRunPage) =>
  renderInRouter(
    <TranslatorProvider translator={translator}>
      <ImportRunView run={page} uploadPath="/admin/wsr-bulk-assignments" />
    </TranslatorProvider>,
  );

quietLayoutEffectWarnings();

describe("issue #17 §2 the import's page", () => {
  it("a running import shows its progress bar and, for browsers without JavaScript, refreshes itself", () => {
    const html = render(run({ state: "running", underWay: true, mayStart: false, percent: 50, done: 2 }));
    expect(html).toMatch(/<progress[^>]*max="100"[^>]*value="50"/);
    expect(html).toContain("2 of 4 rows (50 %)");
    expect(html).toMatch(/<noscript><meta http-equiv="refresh" content="2"\/?><\/noscript>/);
    expect(html).not.toContain(">Import<");
  });

  it("a checked file offers Import; a finished one shows its result and no longer refreshes", () => {
    expect(render(run({}))).toContain(">Import</button>");
    const done = render(
      run({
        state: "done",
        mayStart: false,
        result: {
          created: { count: 1, users: [{ row: 2, id: 41, key: "a@example.com" }] },
          updated: { count: 0, users: [] },
          unchanged: { count: 0, users: [] },
        },
      }),
    );
    expect(done).toContain("Import complete: 1 created, 0 updated, 0 unchanged.");
    expect(done).toContain('href="/admin/users/41/view"');
    expect(done).not.toContain("http-equiv");
  });

  it("a failed import says why and offers Run again", () => {
    const html = render(run({ state: "failed", error: "imports.errors.interrupted" }));
    expect(html).toContain("The import was interrupted (the server stopped) and changed nothing. Run it again.");
    expect(html).toContain(">Run again</button>");
  });
});
