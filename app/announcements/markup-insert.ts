/** What the content toolbar can insert (the tags the sanitiser keeps, app/announcements/sanitize.ts). */
export type MarkupKind = "bold" | "italic" | "heading" | "list" | "link";

export interface TextEdit {
  value: string;
  selectionStart: number;
  selectionEnd: number;
}

const LINK_PLACEHOLDER = "https://";

/**
 * Wraps the selected text of an HTML textarea in the markup of `kind` and says what to select
 * next: the wrapped text, or for a link its address so it can be typed over. A list makes each
 * selected line an item.
 */
export function insertMarkup(value: string, start: number, end: number, kind: MarkupKind): TextEdit {
  const before = value.slice(0, start);
  const selected = value.slice(start, end);
  const after = value.slice(end);
  const wrap = (open: string, inner: string, close: string): TextEdit => ({
    value: before + open + inner + close + after,
    selectionStart: before.length + open.length,
    selectionEnd: before.length + open.length + inner.length,
  });
  switch (kind) {
    case "bold":
      return wrap("<strong>", selected, "</strong>");
    case "italic":
      return wrap("<em>", selected, "</em>");
    case "heading":
      return wrap("<h3>", selected, "</h3>");
    case "list": {
      const lines = selected
        .split("\n")
        .map((line) => line.trim())
        .filter(Boolean);
      const items = (lines.length > 0 ? lines : [""]).map((line) => `<li>${line}</li>`).join("\n");
      return wrap("<ul>\n", items, "\n</ul>");
    }
    case "link": {
      const open = `<a href="${LINK_PLACEHOLDER}">`;
      const edit = wrap(open, selected, "</a>");
      const hrefAt = before.length + '<a href="'.length;
      return { ...edit, selectionStart: hrefAt, selectionEnd: hrefAt + LINK_PLACEHOLDER.length };
    }
  }
}
