import { describe, expect, it } from "vitest";
import { quietLayoutEffectWarnings, renderInRouter } from "./render-in-router";
import { ConfirmModal as Modal } from "~/ui/ModalParts";
import type { SanitizedHtml } from "~/ui/sanitized-html";

const render = renderInRouter;
quietLayoutEffectWarnings();

const base = { title: "Disable accounts", titleId: "t", closeTo: "/", closeLabel: "Close" };

describe("SPEC §2 generic modal (admin kit)", () => {
  it("title, text, confirm as a post with its fields, cancel and exit; closable by × and outside click", () => {
    const html = render(
      <Modal
        {...base}
        text="Disable the selected accounts?"
        cancelLabel="Cancel"
        exit={{ label: "Leave", to: "/admin" }}
        confirm={{ label: "Disable", fields: { intent: "disable", ids: "4,5" }, danger: true }}
      />,
    );
    expect(html).toContain('role="dialog"');
    expect(html).toContain("Disable the selected accounts?");
    expect(html).toMatch(/<form method="post"[^>]*class="modal__actions"/);
    expect(html).toContain('name="intent" value="disable"');
    expect(html).toContain('name="ids" value="4,5"');
    expect(html).toMatch(/<button type="submit" class="button button--danger">Disable<\/button>/);
    expect(html).toContain(">Cancel</a>");
    expect(html).toContain('href="/admin"');
    expect(html).toContain('aria-label="Close"');
    expect(html).toContain("modal-backdrop__close");
  });
  it("unclosable: no ×, no outside click, no Cancel", () => {
    const html = render(<Modal {...base} unclosable cancelLabel="Cancel" confirm={{ label: "Save" }} />);
    expect(html).not.toContain('aria-label="Close"');
    expect(html).not.toContain("modal-backdrop__close");
    expect(html).not.toContain(">Cancel</a>");
  });
  it("loading: a spinner and its message, busy, not closable, confirm disabled", () => {
    const html = render(
      <Modal {...base} loading={{ message: "Disabling accounts…" }} confirm={{ label: "Disable" }} />,
    );
    expect(html).toContain('aria-busy="true"');
    expect(html).toMatch(/role="status"[^>]*>.*spinner.*Disabling accounts…/s);
    expect(html).not.toContain('aria-label="Close"');
    expect(html).toMatch(/<button type="submit" class="button" disabled="">Disable<\/button>/);
  });
  it("isConfirmDisabled keeps Confirm disabled; wide widens; sanitised HTML content is inserted", () => {
    const html = render(
      <Modal
        {...base}
        wide
        confirmDisabled
        confirm={{ label: "Proceed" }}
        html={"<p><strong>Read</strong> this</p>" as SanitizedHtml}
      />,
    );
    expect(html).toContain("modal modal--wide");
    expect(html).toMatch(/<button type="submit" class="button" disabled="">Proceed<\/button>/);
    expect(html).toContain("<p><strong>Read</strong> this</p>");
  });
  it("SPEC §3 modal state container: the server draws it where it stands, naming its container", () => {
    const html = render(<Modal {...base} container="modal-root" text="Sign out?" />);
    expect(html).toContain('data-container="modal-root"');
    expect(html).toContain('role="dialog"');
  });
});
