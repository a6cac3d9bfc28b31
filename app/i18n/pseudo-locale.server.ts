import type { Config } from "~/config.server";
import { getConfig } from "~/config.server";
import { primeRequestValue, requestScope } from "~/server-context/request-scope.server";
import { cookieValue, LOCALE_COOKIE } from "./locale";
import { PSEUDO_LOCALE } from "./pseudo-locale";

const PSEUDO_KEY = "i18n:pseudo-locale";

/** Whether the configuration lets a tester ask for the pseudo-locale: set, or unset outside production. */
export function pseudoLocaleAllowed(config: Pick<Config, "PSEUDO_LOCALE" | "APP_ENV">): boolean {
  return config.PSEUDO_LOCALE ? config.PSEUDO_LOCALE === "true" : config.APP_ENV !== "production";
}

/**
 * Marks the request (its scope, which every loader of it shares) when its locale cookie asks for
 * the pseudo-locale where allowed: the page is then English, in the pseudo-locale's texts.
 */
export function notePseudoLocale(cookieHeader: string | undefined): void {
  if (cookieValue(cookieHeader, LOCALE_COOKIE) === PSEUDO_LOCALE && pseudoLocaleAllowed(getConfig()))
    primeRequestValue(PSEUDO_KEY, true);
}

/** Whether the request being answered is shown in the pseudo-locale. */
export function pseudoLocaleRequested(): boolean {
  return requestScope.getStore()?.get(PSEUDO_KEY) === true;
}
