import { parseWithZod } from "@conform-to/zod/v4";
import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { inSiteRedirectTarget } from "~/security/redirect-target";
import { localeCookieHeader } from "~/theme/theme-cookie.server";
import { localeSchema } from "~/preferences/schema";
import { readFormData } from "~/security/form-body.server";

export async function loader() {
  throw redirect("/");
}

/** The footer's language selector (works without JavaScript): keeps the choice in a cookie. */
export async function action({ request }: ActionFunctionArgs) {
  const submission = parseWithZod(await readFormData(request), { schema: localeSchema });
  if (submission.status !== "success") {
    return new Response("Unsupported language", { status: 400 });
  }
  return redirect(inSiteRedirectTarget(submission.value.returnTo), {
    headers: { "Set-Cookie": localeCookieHeader(submission.value.locale) },
  });
}
