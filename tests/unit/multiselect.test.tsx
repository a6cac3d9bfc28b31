import { TranslatorProvider } from "~/translate/react";
import { describe, expect, it } from "vitest";
import { quietLayoutEffectWarnings, renderInRouter } from "./render-in-router";
import { MultiSelect } from "~/ui/MultiSelect";
import { registerTranslations } from "~/i18n/i18n-registry";
import { MULTISELECT_OPTIONS_LIMIT } from "~/limits";
import en from "~/i18n/locales/en.json";

const translator = registerTranslations("test:en:multiselect", "en", en);
const render = (props: Partial<Parameters<typeof MultiSelect>[0]>) =>
  renderInRouter(
    <TranslatorProvider translator={translator}>
      <MultiSelect name="tags" label="Tags" errorId="tags-error" defaultValue={[]} {...props} />
    </TranslatorProvider>,
  );

quietLayoutEffectWarnings();

describe("SPEC §5, §9 multiselect (as the server renders it, before JavaScript)", () => {
  it("offers at most 1000 options", () => {
    expect(MULTISELECT_OPTIONS_LIMIT).toBe(1000);
    const options = Array.from({ length: 1200 }, (_, i) => `tag-${i}`);
    const html = render({ options });
    expect(html.match(/<option /g)).toHaveLength(1000);
    expect(html).toContain('value="tag-999"');
    expect(html).not.toContain('value="tag-1000"');
  });
  it("the field for new values says 'Press enter to create a tag'; fixed choices have none", () => {
    expect(render({ options: ["a"] })).toMatch(/<input[^>]*placeholder="Press enter to create a tag"/);
    expect(render({ choices: [{ value: "1", label: "One" }] })).not.toContain("placeholder=");
  });
});
