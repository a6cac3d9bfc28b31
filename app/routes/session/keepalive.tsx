import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { requireRouteAccess } from "~/auth/user.server";
import { touchSession } from "~/auth/session.server";

export async function loader() {
  throw redirect("/");
}

/**
 * "Stay logged in" of the time-out warning: the session counts as active from now. A session
 * that has already ended answers as any page would: to sign-in, with the reason.
 */
export async function action({ request }: ActionFunctionArgs) {
  await requireRouteAccess(request);
  await touchSession(request);
  return Response.json({ ok: true }, { headers: { "Cache-Control": "no-store" } });
}
