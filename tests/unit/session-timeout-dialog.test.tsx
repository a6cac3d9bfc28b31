import { TranslatorProvider } from "~/translate/react";
import { describe, expect, it } from "vitest";
import { quietLayoutEffectWarnings, renderInRouter } from "./render-in-router";
import { SessionTimeoutDialog } from "~/auth/SessionTimeoutDialog";
import { registerTranslations } from "~/i18n/i18n-registry";
import en from "~/i18n/locales/en.json";

const translator = registerTranslations("test:en", "en", en);

function render(countdown: boolean): string {
  const element = (
    <TranslatorProvider translator={translator}>
      <SessionTimeoutDialog
        remainingMs={90_500}
        countdown={countdown}
        closeTo="/"
        onStay={() => {}}
        onSignOut={() => {}}
      />
    </TranslatorProvider>
  );
  return renderInRouter(element);
}

quietLayoutEffectWarnings();

describe("SPEC §4 inactivity logout warning and SPEC §2 session-expiry modal", () => {
  it("the warning says the user is about to be logged out, offers to stay, and cannot be dismissed", () => {
    const html = render(false);
    expect(html).toContain('role="dialog"');
    expect(html).toContain("You are about to be logged out");
    expect(html).toContain(">Stay logged in</button>");
    expect(html).not.toContain("modal__x");
    // Exact timing is not shown (SPEC §4) while the countdown is off.
    expect(html).not.toContain('role="timer"');
    expect(html).not.toContain("01:31");
  });

  it("with SESSION_COUNTDOWN the modal counts down in mm:ss", () => {
    const html = render(true);
    expect(html).toMatch(/role="timer"[^>]*>Time remaining: 01:31</);
  });
});
