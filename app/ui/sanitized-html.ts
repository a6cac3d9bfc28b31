/**
 * HTML that went through the server's sanitiser (announcement content rules): the only HTML a
 * component may insert. The brand keeps a plain string from being passed by mistake.
 */
export type SanitizedHtml = string & { readonly __sanitized: true };
