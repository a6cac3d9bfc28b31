import { parseWithZod } from "@conform-to/zod/v4";
import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { inSiteRedirectTarget } from "~/security/redirect-target";
import { localeCookie } from "~/i18n/i18next.server";
import { localeSchema } from "~/preferences/schema";
import { readFormData } from "~/security/form-body.server";
import { portalError } from "~/security/portal-error";

export async function loader() {
  throw redirect("/");
}

/** The footer's language selector (works without JavaScript): keeps the choice in a cookie. */
export async function action({ request }: ActionFunctionArgs) {
  const submission = parseWithZod(await readFormData(request), { schema: localeSchema });
  if (submission.status !== "success") {
    // Only a tampered post names a language the selector does not offer.
    throw portalError(400, "errors.badRequest");
  }
  return redirect(inSiteRedirectTarget(submission.value.returnTo), {
    headers: { "Set-Cookie": await localeCookie.serialize(submission.value.locale) },
  });
}
