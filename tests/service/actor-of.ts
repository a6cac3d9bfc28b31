import type { Database } from "~/db/client.server";
import { portalUserFrom } from "~/auth/user.server";
import type { Actor } from "~/permissions/actor";
import { loadAccessProfile } from "~/permissions/access-profile.server";
import { identityIdOf } from "./backends";

/** The acting user a route would pass to a service for this demo account: its access profile as loaded at sign-in. */
export async function actorOf(database: Database, email: string): Promise<Actor> {
  return actorOfId(database, await identityIdOf(database, email));
}

/** The same for an identity known by its id (one a test created). */
export async function actorOfId(database: Database, identityId: number): Promise<Actor> {
  const profile = await loadAccessProfile(database, identityId);
  if (!profile) throw new Error(`no access profile for identity ${identityId}`);
  return portalUserFrom(identityId, { sub: String(identityId) }, profile);
}
