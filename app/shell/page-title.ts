import type { MetaFunction } from "@remix-run/react";
import { fallbackTranslations, translationsAt } from "~/i18n/i18n-registry";
import { browserIsOffline, errorContentOf } from "./error-content";

/** SPEC §2: "Dealer Portal" when signed out; otherwise "{page title} | {theme brand name}". */
export function pageTitle(input: { signedIn: boolean; pageTitle: string; appName: string; brandName: string }): string {
  return input.signedIn ? `${input.pageTitle} | ${input.brandName}` : input.appName;
}

interface RootShape {
  translations: string;
  themeBrandName: string;
  user: unknown;
}

/** The title of SPEC §2 for a page of this root data, from a translation key of its own. */
function titleOf(root: RootShape | undefined, titleKey: string, translations = root?.translations): string {
  const t = translationsAt(translations)?.t ?? ((key: string) => key);
  return pageTitle({
    signedIn: Boolean(root?.user),
    pageTitle: t(titleKey),
    appName: t("app.name"),
    brandName: root?.themeBrandName ?? "",
  });
}

const rootDataOf = (matches: { id: string; data: unknown }[]) =>
  matches.find((m) => m.id === "root")?.data as RootShape | undefined;

/** A route meta function giving the page title of SPEC §2 from a translation key. */
export function titleMeta(titleKey: string): MetaFunction {
  return ({ matches }) => [{ title: titleOf(rootDataOf(matches), titleKey) }];
}

/**
 * The root's meta: an error page's title, in the head like every page's (the error boundary's
 * content is in the body). Without root data (its loader failed) the messages the page renders
 * with; other pages take their routes' titles.
 */
export const errorPageMeta: MetaFunction = ({ matches, error }) => {
  if (!error) return [];
  const root = rootDataOf(matches);
  const { titleKey } = errorContentOf(error, browserIsOffline(Boolean(root)));
  return [{ title: titleOf(root, titleKey, root?.translations ?? fallbackTranslations()) }];
};
