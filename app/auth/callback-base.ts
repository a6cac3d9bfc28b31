/**
 * The base of the sign-in callback (SPEC §2): the fixed prefix when the page path starts
 * with it, otherwise empty.
 */
export function callbackBase(pathname: string, fixedPrefix: string): string {
  if (!fixedPrefix) return "";
  return pathname === fixedPrefix || pathname.startsWith(fixedPrefix + "/") ? fixedPrefix : "";
}

export function callbackPath(pathname: string, fixedPrefix: string): string {
  return `${callbackBase(pathname, fixedPrefix)}/login/callback`;
}
