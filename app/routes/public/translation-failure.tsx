import type { ActionFunctionArgs } from "@remix-run/node";
import { logger } from "~/logger.server";
import { readFormData } from "~/security/form-body.server";
import { withinLogBudget } from "~/i18n/translation-failure";
import { translationFailureSchema } from "~/i18n/translation-failure-schema";

let budget = { startedAt: 0, written: 0 };

/**
 * SPEC §8 translation failure: the browser could not fetch a translations file and says so here
 * (a beacon, signed in or not). The report is logged as a warning, within a budget per minute.
 */
export async function action({ request }: ActionFunctionArgs) {
  const parsed = translationFailureSchema.safeParse(Object.fromEntries(await readFormData(request)));
  if (!parsed.success) return Response.json({ error: "invalid report" }, { status: 400 });
  const next = withinLogBudget(budget, Date.now());
  budget = next.window;
  if (next.allowed) logger.warn({ event: "translations_failed", ...parsed.data }, "translations could not be fetched");
  return new Response(null, { status: 204 });
}
