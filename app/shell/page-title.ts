import type { MetaFunction } from "@remix-run/react";
import { translationsAt } from "~/i18n/i18n-registry";

/** SPEC §2: "Dealer Portal" when signed out; otherwise "{page title} | {theme brand name}". */
export function pageTitle(input: { signedIn: boolean; pageTitle: string; appName: string; brandName: string }): string {
  return input.signedIn ? `${input.pageTitle} | ${input.brandName}` : input.appName;
}

interface RootShape {
  translations: string;
  themeBrandName: string;
  user: unknown;
}

/** A route meta function giving the page title of SPEC §2 from a translation key. */
export function titleMeta(titleKey: string): MetaFunction {
  return ({ matches }) => {
    const root = matches.find((m) => m.id === "root")?.data as RootShape | undefined;
    const t = translationsAt(root?.translations)?.t ?? ((key: string) => key);
    return [
      {
        title: pageTitle({
          signedIn: Boolean(root?.user),
          pageTitle: t(titleKey),
          appName: t("app.name"),
          brandName: root?.themeBrandName ?? "",
        }),
      },
    ];
  };
}
