import type { LoaderFunctionArgs } from "@remix-run/node";
import { SignInFailed } from "~/shell/components/SignInFailed";
import { handleSignInCallback } from "~/auth/callback.server";
import { getConfig } from "~/config.server";
import { titleMeta } from "~/shell/page-title";

export const meta = titleMeta("auth.errorTitle");

/** {base}/login/callback (SPEC §2): the same callback under the configured fixed prefix. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  if (`/${params.base}` !== getConfig().CALLBACK_BASE) throw new Response("Not Found", { status: 404 });
  return handleSignInCallback(request);
}

export default SignInFailed;
