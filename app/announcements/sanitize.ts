import sanitizeHtml from "sanitize-html";

/**
 * The only HTML an announcement's content may hold: text formatting, lists, headings and links
 * (http, https, mailto; opened safely). Everything else — scripts, styles, event handlers,
 * frames, images with remote sources — is removed.
 */
export function sanitizeAnnouncementHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: ["p", "br", "strong", "b", "em", "i", "u", "ul", "ol", "li", "h3", "h4", "blockquote", "a"],
    allowedAttributes: { a: ["href", "target", "rel"] },
    allowedSchemes: ["http", "https", "mailto"],
    transformTags: {
      a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, target: "_blank", rel: "noopener noreferrer" } }),
    },
  });
}
