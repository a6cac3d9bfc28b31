import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { DatabaseHandle } from "~/db/client.server";
import { identities } from "~/db/schema";
import { helpDesksOf, locationAdministratorsOf } from "~/support/support.server";
import { BACKENDS, identityIdOf, seededDatabase } from "./backends";
import { actorOf } from "./actor-of";

describe.each(BACKENDS)("help and support on $name", (backend) => {
  let handle: DatabaseHandle;
  const idOf = (email: string) => identityIdOf(handle.db, email);
  beforeAll(async () => {
    handle = await seededDatabase(backend);
  });
  afterAll(async () => handle?.close());

  it("the dealer's administrators: the admin of their location, with e-mail and phone", async () => {
    const admins = await locationAdministratorsOf(handle.db, await actorOf(handle.db, "dealer@example.com"));
    expect(admins).toEqual([
      expect.objectContaining({
        name: "Alex Morgan",
        email: "admin@example.com",
        phone: "+1 614 555 0100",
        locations: ["Prairie Equipment – Columbus"],
      }),
    ]);
  });

  it("an administrator is not listed as their own administrator", async () => {
    expect(await locationAdministratorsOf(handle.db, await actorOf(handle.db, "admin@example.com"))).toEqual([]);
  });

  it("SPEC §8: a location without administrators gives an empty list (the page says so)", async () => {
    expect(await locationAdministratorsOf(handle.db, await actorOf(handle.db, "halden@example.com"))).toEqual([]);
  });

  it("an inactive administrator is not offered", async () => {
    const admin = await idOf("admin@example.com");
    await handle.db.update(identities).set({ status: "inactive" }).where(eq(identities.id, admin));
    expect(await locationAdministratorsOf(handle.db, await actorOf(handle.db, "dealer@example.com"))).toEqual([]);
    await handle.db.update(identities).set({ status: "active" }).where(eq(identities.id, admin));
  });

  it("help desks follow the brand and region of each location, hours in the user's language", async () => {
    const dealer = await helpDesksOf(handle.db, await actorOf(handle.db, "dealer@example.com"), "de");
    expect(dealer.map((d) => [d.brandId, d.regionCode])).toEqual([[1, "NA"]]);
    expect(dealer[0].hours).toContain("Montag");
    const admin = await helpDesksOf(handle.db, await actorOf(handle.db, "admin@example.com"), "en");
    expect(admin.map((d) => [d.brandId, d.regionCode])).toEqual([
      [1, "NA"],
      [2, "NA"],
      [4, "EMEA"],
    ]);
  });
});
