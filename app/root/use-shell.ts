import { useRouteLoaderData } from "@remix-run/react";
import type { BrandId } from "~/theme/theme";
import type { ShellData } from "./shell-data.server";

/** The root loader's shell data (locale, theme, signed-in user), from any route component. */
export function useShell(): ShellData | undefined {
  return useRouteLoaderData("root") as ShellData | undefined;
}

export function useTheme(): BrandId {
  return useShell()?.theme ?? 1;
}
