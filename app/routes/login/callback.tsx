import type { LoaderFunctionArgs } from "@remix-run/node";
import { SignInFailed } from "~/shell/components/SignInFailed";
import { handleSignInCallback } from "~/auth/callback.server";
import { titleMeta } from "~/shell/page-title";

export const meta = titleMeta("auth.errorTitle");

export async function loader({ request }: LoaderFunctionArgs) {
  return handleSignInCallback(request);
}

export default SignInFailed;
