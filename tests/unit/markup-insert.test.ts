import { describe, expect, it } from "vitest";
import { insertMarkup } from "~/announcements/markup-insert";

describe("announcement content toolbar: markup around the selection", () => {
  it("bold wraps the selection in <strong> and keeps it selected", () => {
    const edit = insertMarkup("Check serials now", 6, 13, "bold");
    expect(edit.value).toBe("Check <strong>serials</strong> now");
    expect(edit.value.slice(edit.selectionStart, edit.selectionEnd)).toBe("serials");
  });
  it("italic and heading wrap in <em> and <h3>", () => {
    expect(insertMarkup("a b", 2, 3, "italic").value).toBe("a <em>b</em>");
    expect(insertMarkup("Title", 0, 5, "heading").value).toBe("<h3>Title</h3>");
  });
  it("a list makes each selected line an item; empty lines are dropped", () => {
    expect(insertMarkup("one\n\ntwo", 0, 8, "list").value).toBe("<ul>\n<li>one</li>\n<li>two</li>\n</ul>");
  });
  it("a link wraps the text and selects its address to type over", () => {
    const edit = insertMarkup("see the notes", 8, 13, "link");
    expect(edit.value).toBe('see the <a href="https://">notes</a>');
    expect(edit.value.slice(edit.selectionStart, edit.selectionEnd)).toBe("https://");
  });
  it("with nothing selected an empty pair is inserted at the caret", () => {
    const edit = insertMarkup("ab", 1, 1, "bold");
    expect(edit.value).toBe("a<strong></strong>b");
    expect(edit.selectionStart).toBe(edit.selectionEnd);
  });
});
