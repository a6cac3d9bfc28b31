import { TranslatorProvider } from "~/translate/react";
import { describe, expect, it } from "vitest";
import { quietLayoutEffectWarnings, renderInRouter } from "./render-in-router";
import { registerTranslations } from "~/i18n/i18n-registry";
import en from "~/i18n/locales/en.json";
import type { UserDraft } from "~/users/draft";
import type { EditorTab } from "~/users/editor-tabs";
import { UserEditor } from "~/users/components/UserEditor";
import { LifecycleActions } from "~/routes/admin/users/$id/view/LifecycleActions";
import { SessionsTab } from "~/routes/admin/users/$id/view/SessionsTab";

const translator = registerTranslations("test:en", "en", en);
const refused = en.adminUsers.selfChangeRefused;

const draft: UserDraft = {
  contact: {
    firstName: "Alex",
    lastName: "Morgan",
    email: "admin@example.com",
    preferredLanguage: "en",
    userType: "external",
    role: "admin",
  },
  locations: [1],
  roles: [10],
  applications: [],
  permissions: [],
  emailLists: [],
};

function renderEditor(tab: EditorTab, self: boolean): string {
  return renderInRouter(
    <TranslatorProvider translator={translator}>
      <UserEditor
        base="/admin/users/1/edit"
        tab={tab}
        draft={draft}
        choices={{
          locations: [{ id: 1, name: "Prairie Equipment – Columbus" }],
          roles: [{ id: 10, displayName: "Portal administrator", excludeFromCopyUser: false }],
        }}
        review={null}
        kept={{ locations: [], roles: [] }}
        lists={[]}
        digital={{ applications: [], sets: [] }}
        self={self}
        title="Edit Alex Morgan"
      />
    </TranslatorProvider>,
  );
}

/** The HTML with the apostrophes React escapes put back, to find a text as written. */
const text = (html: string) => html.replaceAll("&#x27;", "'").replaceAll("&quot;", '"');

quietLayoutEffectWarnings();

describe("SPEC #30 an administrator cannot change their own roles, locations, user type, kind or status: the screens", () => {
  it("on one's own account the access tabs are read-only, say why, and have nothing to post", () => {
    for (const tab of ["locations", "roles", "applications", "permissions"] as const) {
      const html = text(renderEditor(tab, true));
      expect(html).toContain(refused);
      expect(html).toMatch(/<fieldset disabled="" class="editor__fields">/);
      expect(html).not.toContain("Save and continue");
      expect(html).not.toContain('method="post" class="editor"');
    }
    // Another user's tabs are as they were.
    const other = text(renderEditor("roles", false));
    expect(other).not.toContain(refused);
    expect(other).toContain("Save and continue");
  });

  it("on one's own contact tab user type and kind are disabled and posted as saved; the rest stays editable", () => {
    const html = text(renderEditor("contact", true));
    expect(html).toContain("Save and continue");
    expect(html).toContain(refused);
    expect(html).toContain('<input type="hidden" name="userType" value="external"/>');
    expect(html).toContain('<input type="hidden" name="role" value="admin"/>');
    expect(html).toMatch(
      /<fieldset disabled="" class="editor__fields"[^>]*>.*name="userType".*name="role".*<\/fieldset>/s,
    );
    expect(html).not.toMatch(/<fieldset disabled=""[^>]*>[^]*name="jobTitle"[^]*<\/fieldset>/);
    const other = text(renderEditor("contact", false));
    expect(other).not.toContain(refused);
    expect(other).not.toContain('type="hidden" name="userType"');
  });

  it("the user page offers no Deactivate, Activate or Delete on one's own account, and says why", () => {
    const render = (self: boolean, active: boolean) =>
      text(
        renderInRouter(
          <TranslatorProvider translator={translator}>
            <LifecycleActions
              name="Alex Morgan"
              active={active}
              canChangeStatus
              canResend={false}
              canResync={false}
              self={self}
            />
          </TranslatorProvider>,
        ),
      );
    for (const active of [true, false]) {
      const own = render(true, active);
      expect(own).toContain(refused);
      expect(own).not.toMatch(/confirm=(deactivate|activate|delete)/);
    }
    expect(render(false, true)).toMatch(/confirm=deactivate/);
    expect(render(false, false)).toMatch(/confirm=activate/);
  });

  it("the sessions tab offers no End all sessions on one's own account, and points to the account page", () => {
    const sessions = [
      {
        handle: "abc",
        current: true,
        device: { browser: "Firefox", system: "Linux" },
        signedInAt: "2026-01-01T10:00:00.000Z",
        lastSeenAt: null,
      },
    ];
    const render = (self: boolean) =>
      text(
        renderInRouter(
          <TranslatorProvider translator={translator}>
            <SessionsTab sessions={sessions} name="Alex Morgan" canEnd self={self} />
          </TranslatorProvider>,
        ),
      );
    const own = render(true);
    expect(own).toContain(en.adminUsers.endSessionsSelf);
    expect(own).not.toContain(en.adminUsers.endSessions);
    expect(render(false)).toContain(en.adminUsers.endSessions);
  });
});
