import type { SanitizedHtml } from "~/ui/sanitized-html";
import sanitizeHtml from "sanitize-html";

/**
 * The only HTML an announcement's content may hold: text formatting, lists, headings and links
 * (http, https, mailto; opened safely). Everything else — scripts, styles, event handlers,
 * frames, images with remote sources — is removed.
 */
/** Announcement HTML as the modal and the feed may insert it. */
export function sanitizedHtml(html: string): SanitizedHtml {
  return sanitizeAnnouncementHtml(html) as SanitizedHtml;
}

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
