import type { TFunction } from "~/translate/translator";
import { SCIM_SCOPE } from "~/permissions/api-client-scopes";

/** A scope as the screens say it: "Users — read", or the SCIM connection's own. */
export function scopeLabel(t: TFunction, scope: string): string {
  if (scope === SCIM_SCOPE) return t("apiClients.scimScope");
  const [area, level] = scope.split(":");
  return t("apiClients.scopeLabel", { area: t(`apiClients.areas.${area}`), level: t(`apiClients.levels.${level}`) });
}
