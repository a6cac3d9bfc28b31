import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import type { DatabaseHandle } from "~/db/client.server";
import { auditLog, distributionLists } from "~/db/schema";
import {
  assignedLocationsOf,
  distributionListsFor,
  ownProfile,
  setOwnSubscriptions,
  subscriptionIdsOf,
  updateOwnProfileField,
} from "~/preferences/preferences.server";
import { BACKENDS, identityIdOf, seededDatabase } from "./backends";
import { actorOf, actorOfId } from "./actor-of";

describe.each(BACKENDS)("global preferences on $name", (backend) => {
  let handle: DatabaseHandle;
  const idOf = (email: string) => identityIdOf(handle.db, email);
  const auditOf = async (identityId: number, field: string) =>
    handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "identity"), eq(auditLog.entityId, identityId), eq(auditLog.field, field)));

  beforeAll(async () => {
    handle = await seededDatabase(backend);
  });
  afterAll(async () => handle?.close());

  it("the demo dealer's profile carries the seeded contact data", async () => {
    const profile = await ownProfile(handle.db, await actorOf(handle.db, "dealer@example.com"));
    expect(profile).toMatchObject({
      firstName: "Dana",
      jobTitle: "Service advisor",
      phoneMobile: "+1 614 555 0142",
      preferredLanguage: "en",
    });
  });

  it("one field changes alone and is audited with old and new value; an unchanged value writes nothing", async () => {
    const dealer = await idOf("dealer@example.com");
    expect(
      await updateOwnProfileField(handle.db, await actorOfId(handle.db, dealer), {
        field: "phoneMobile",
        value: "+1 614 555 0199",
      }),
    ).toBe(true);
    const profile = await ownProfile(handle.db, await actorOfId(handle.db, dealer));
    expect(profile).toMatchObject({ phoneMobile: "+1 614 555 0199", jobTitle: "Service advisor" });
    expect(await auditOf(dealer, "phoneMobile")).toEqual([
      expect.objectContaining({ oldValue: "+1 614 555 0142", newValue: "+1 614 555 0199", changedBy: dealer }),
    ]);
    expect(
      await updateOwnProfileField(handle.db, await actorOfId(handle.db, dealer), {
        field: "phoneMobile",
        value: "+1 614 555 0199",
      }),
    ).toBe(false);
    expect(await auditOf(dealer, "phoneMobile")).toHaveLength(1);
  });

  it("an empty optional field clears it", async () => {
    const dealer = await idOf("dealer@example.com");
    await updateOwnProfileField(handle.db, await actorOfId(handle.db, dealer), {
      field: "fax",
      value: "+1 614 555 0150",
    });
    await updateOwnProfileField(handle.db, await actorOfId(handle.db, dealer), { field: "fax", value: undefined });
    expect((await ownProfile(handle.db, await actorOfId(handle.db, dealer)))?.fax).toBeNull();
  });

  it("lists are offered by brand, in the user's language, English when not translated", async () => {
    const dealerLists = await distributionListsFor(handle.db, [1], "de");
    expect(dealerLists.map((l) => l.code)).not.toContain("halden-newsletter");
    expect(dealerLists.find((l) => l.code === "service-bulletins")?.name).toBe("Service-Bulletins");
    expect((await distributionListsFor(handle.db, [3], "en")).map((l) => l.code)).toContain("halden-newsletter");
    await handle.db
      .insert(distributionLists)
      .values({ code: "english-only", translations: { en: { name: "English only", description: "" } } });
    expect((await distributionListsFor(handle.db, [1], "ko")).find((l) => l.code === "english-only")?.name).toBe(
      "English only",
    );
  });

  it("subscriptions: the chosen offered lists, nothing else; audited by code", async () => {
    const dealer = await idOf("dealer@example.com");
    const offered = await distributionListsFor(handle.db, [1], "en");
    const [halden] = await handle.db
      .select({ id: distributionLists.id })
      .from(distributionLists)
      .where(eq(distributionLists.code, "halden-newsletter"));
    const parts = offered.find((l) => l.code === "parts-promotions")!;
    expect(
      await setOwnSubscriptions(handle.db, await actorOfId(handle.db, dealer), offered, [parts.id, halden.id]),
    ).toBe(true);
    expect(await subscriptionIdsOf(handle.db, await actorOfId(handle.db, dealer))).toEqual([parts.id]);
    expect((await auditOf(dealer, "emailSubscriptions")).at(-1)).toMatchObject({
      oldValue: "service-bulletins",
      newValue: "parts-promotions",
    });
    expect(await setOwnSubscriptions(handle.db, await actorOfId(handle.db, dealer), offered, [parts.id])).toBe(false);
  });

  it("assigned locations: each once, the preferred one first", async () => {
    const locations = await assignedLocationsOf(handle.db, await actorOf(handle.db, "admin@example.com"));
    expect(locations).toHaveLength(3);
    expect(locations[0].preferred).toBe(true);
    expect(locations.filter((l) => l.preferred)).toHaveLength(1);
  });
});
