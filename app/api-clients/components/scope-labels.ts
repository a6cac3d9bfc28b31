import type { TFunction } from "i18next";

/** A scope as the screens say it: "Users — read". */
export function scopeLabel(t: TFunction, scope: string): string {
  const [area, level] = scope.split(":");
  return t("apiClients.scopeLabel", { area: t(`apiClients.areas.${area}`), level: t(`apiClients.levels.${level}`) });
}
