import { getConfig } from "~/config.server";
import { db } from "~/db/client.server";
import type { AccessData } from "~/permissions/access-data";
import { loadAccessData } from "~/services/access-data.server";
import { identityForSignIn } from "~/services/identity.server";
import { embeddedProvider } from "./identity-provider.server";
import { issuerEndpoints } from "./oidc-client.server";
import { optionalUser } from "./user.server";

/** The identity behind a bearer access token: the embedded provider's token store, or the issuer's userinfo. */
async function identityIdForBearer(token: string): Promise<number | null> {
  const config = getConfig();
  if (config.embeddedIdp) {
    const found = await embeddedProvider().AccessToken.find(token);
    if (!found || found.isExpired || !found.accountId) return null;
    const id = Number(found.accountId);
    return Number.isInteger(id) ? id : null;
  }
  const { issuer } = await issuerEndpoints("default");
  const discovery = await fetch(`${issuer.replace(/\/$/, "")}/.well-known/openid-configuration`).then((r) => r.json() as Promise<{ userinfo_endpoint?: string }>);
  if (!discovery.userinfo_endpoint) return null;
  const response = await fetch(discovery.userinfo_endpoint, { headers: { Authorization: `Bearer ${token}` } });
  if (!response.ok) return null;
  const claims = (await response.json()) as { sub: string; email?: string };
  const identity = await identityForSignIn(db(), claims, false);
  return identity?.id ?? null;
}

/** Access data for an API request authenticated by session cookie or `Authorization: Bearer`. */
export async function accessDataForApiRequest(request: Request): Promise<AccessData | null> {
  const header = request.headers.get("Authorization");
  if (header?.startsWith("Bearer ")) {
    const identityId = await identityIdForBearer(header.slice("Bearer ".length).trim());
    return identityId === null ? null : loadAccessData(db(), identityId);
  }
  const user = await optionalUser(request).catch(() => null);
  return user?.access ?? null;
}
