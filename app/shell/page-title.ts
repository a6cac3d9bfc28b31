import type { MetaFunction } from "@remix-run/react";
import type { Messages } from "~/i18n/messages";

/** Looks a dotted key up in a messages tree; the key itself when absent. */
export function messageAt(messages: Messages | undefined, key: string): string {
  let node: unknown = messages;
  for (const part of key.split("."))
    node = node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined;
  return typeof node === "string" ? node : key;
}

/** SPEC §2: "Dealer Portal" when signed out; otherwise "{page title} | {theme brand name}". */
export function pageTitle(input: { signedIn: boolean; pageTitle: string; appName: string; brandName: string }): string {
  return input.signedIn ? `${input.pageTitle} | ${input.brandName}` : input.appName;
}

interface RootShape {
  messages: Messages;
  themeBrandName: string;
  user: unknown;
}

/** A route meta function giving the page title of SPEC §2 from a translation key. */
export function titleMeta(titleKey: string): MetaFunction {
  return ({ matches }) => {
    const root = matches.find((m) => m.id === "root")?.data as RootShape | undefined;
    return [
      {
        title: pageTitle({
          signedIn: Boolean(root?.user),
          pageTitle: messageAt(root?.messages, titleKey),
          appName: messageAt(root?.messages, "app.name"),
          brandName: root?.themeBrandName ?? "",
        }),
      },
    ];
  };
}
