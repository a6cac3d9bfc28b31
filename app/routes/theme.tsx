import { parseWithZod } from "@conform-to/zod/v4";
import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { inSiteRedirectTarget } from "~/security/redirect-target";
import { requireUser } from "~/auth/user.server";
import { themeCookieHeader } from "~/theme/theme-cookie.server";
import { themeSchema } from "~/preferences/schema";
import { withSearchParam } from "~/ui/search-params";
import { readFormData } from "~/security/form-body.server";

export async function loader() {
  throw redirect("/");
}

/** The brand switcher's Continue: only the user's own brands are selectable. */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const submission = parseWithZod(await readFormData(request), { schema: themeSchema });
  const returnTo = inSiteRedirectTarget(submission.payload.returnTo);
  if (submission.status !== "success" || !user.access.brands.some((b) => b.id === submission.value.brandId)) {
    const url = new URL(returnTo, "http://portal");
    throw redirect(withSearchParam({ pathname: url.pathname, search: url.search }, "modal", "brands"));
  }
  return redirect(returnTo, { headers: { "Set-Cookie": themeCookieHeader(submission.value.brandId) } });
}
