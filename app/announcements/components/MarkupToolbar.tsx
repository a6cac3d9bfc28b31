import { useEffect, useState } from "react";
import { useTranslation } from "~/translate/react";
import { insertMarkup, type MarkupKind } from "~/announcements/markup-insert";

const KINDS: MarkupKind[] = ["bold", "italic", "heading", "list", "link"];

/** Sets a textarea's value so React and Conform see an edit (React tracks the value setter). */
function setTextareaValue(textarea: HTMLTextAreaElement, value: string) {
  Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, "value")?.set?.call(textarea, value);
  textarea.dispatchEvent(new Event("input", { bubbles: true }));
}

/**
 * Formatting buttons over the content's HTML textarea, with JavaScript only (without it the
 * textarea of HTML stays, and the server sanitises either way).
 */
export function MarkupToolbar({ textareaId }: { textareaId: string }) {
  const { t } = useTranslation();
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  if (!mounted) return null;
  const apply = (kind: MarkupKind) => {
    const textarea = document.getElementById(textareaId);
    if (!(textarea instanceof HTMLTextAreaElement) || textarea.disabled) return;
    const edit = insertMarkup(textarea.value, textarea.selectionStart, textarea.selectionEnd, kind);
    setTextareaValue(textarea, edit.value);
    textarea.focus();
    textarea.setSelectionRange(edit.selectionStart, edit.selectionEnd);
  };
  return (
    <div className="markup-toolbar" role="toolbar" aria-label={t("markupToolbar.label")} aria-controls={textareaId}>
      {KINDS.map((kind) => (
        <button key={kind} type="button" className="button button--small button--secondary" onClick={() => apply(kind)}>
          {t(`markupToolbar.${kind}`)}
        </button>
      ))}
    </div>
  );
}
