import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireRouteAccess } from "~/auth/user.server";
import { routeAccessFor } from "~/permissions/route-rules";
import { titleMeta } from "~/shell/page-title";

export const meta = titleMeta("notFound.title");

/**
 * Paths without a screen. A path of the route table (a screen a later issue builds) is still
 * guarded by its rule, so access is decided the same way before and after its screen exists;
 * then, like any unknown path, it is a themed, translated 404.
 */
async function notFound(request: Request): Promise<never> {
  if (routeAccessFor(new URL(request.url).pathname)) await requireRouteAccess(request);
  throw new Response("Not Found", { status: 404 });
}

export const loader = ({ request }: LoaderFunctionArgs) => notFound(request);
export const action = ({ request }: ActionFunctionArgs) => notFound(request);

export default function NotFound() {
  return null;
}
