import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import type { DatabaseHandle } from "~/db/client.server";
import {
  directoryAssignments,
  directoryConfigurations,
  directoryStaffing,
  directoryItems,
  identities,
  integrationErrors,
  organizations,
  roleAssignments,
  securityReviews,
} from "~/db/schema";
import { networkDashboard, networkLocations, type NetworkRow } from "~/network/network.server";
import { refreshNetworkFigures } from "~/network/refresh.server";
import { BACKENDS, seededDatabase } from "./backends";
import { actorOf } from "./actor-of";

const DAY = 86_400_000;
const PERIOD = 90;

describe.each(BACKENDS)("issue #40 §1 network dashboard on $name", (backend) => {
  let handle: DatabaseHandle;
  const now = new Date(Date.now() + 60_000);

  beforeAll(async () => {
    handle = await seededDatabase(backend);
    // An error of the last week about a Columbus user, one about the Wichita location, one too old.
    const db = handle.db;
    const [columbus] = await db
      .select()
      .from(organizations)
      .where(eq(organizations.name, "Prairie Equipment – Columbus"));
    const [wichita] = await db
      .select()
      .from(organizations)
      .where(eq(organizations.name, "Great Plains Equipment – Wichita"));
    const [dana] = await db.select().from(identities).where(eq(identities.email, "dealer@example.com"));
    const error = {
      integrationType: "push",
      targetType: "DMS",
      targetId: "dms",
      functionName: "push",
      logGroup: "g",
      logStream: "s",
      message: "HTTP 503",
    };
    await db.insert(integrationErrors).values([
      { ...error, subjectKind: "identity", subjectId: dana.id, errorDate: new Date(now.getTime() - 2 * DAY) },
      { ...error, subjectKind: "organization", subjectId: wichita.id, errorDate: new Date(now.getTime() - DAY) },
      { ...error, subjectKind: "organization", subjectId: columbus.id, errorDate: new Date(now.getTime() - 30 * DAY) },
    ]);
  });
  afterAll(async () => {
    await handle?.close();
  });

  /** What a direct count over the tables gives for each brand and region (the oracle). */
  async function counted(): Promise<Map<string, Omit<NetworkRow, "dealerId" | "locationId" | "name">>> {
    const db = handle.db;
    const locations = await db.select().from(organizations).where(eq(organizations.type, "location"));
    const assignments = await db.select().from(roleAssignments);
    const people = new Map((await db.select().from(identities)).map((row) => [row.id, row]));
    const required = await db
      .select({ id: directoryItems.id, brandId: directoryConfigurations.brandId })
      .from(directoryItems)
      .innerJoin(directoryConfigurations, eq(directoryConfigurations.id, directoryItems.configurationId))
      .where(and(eq(directoryConfigurations.context, "DEALER_LOCATION"), eq(directoryItems.required, true)));
    const held = await db.select().from(directoryAssignments);
    const reviews = (await db.select().from(securityReviews)).filter((review) => review.confirmedAt);
    const errors = (await db.select().from(integrationErrors)).filter(
      (error) => error.errorDate.getTime() > now.getTime() - 7 * DAY,
    );
    const result = new Map<string, Omit<NetworkRow, "dealerId" | "locationId" | "name">>();
    for (const location of locations) {
      const key = `${location.brandId}-${location.regionCode}`;
      const row = result.get(key) ?? {
        brandId: location.brandId,
        regionCode: location.regionCode,
        locations: 0,
        complete: 0,
        reviewOverdue: 0,
        active: 0,
        neverSignedIn: 0,
        dormant: 0,
        dueSoon: 0,
        integrationErrors: 0,
      };
      result.set(key, row);
      row.locations += 1;
      const items = required.filter((item) => item.brandId === location.brandId);
      const staffed = (itemId: number) =>
        held.some(
          (h) =>
            h.itemId === itemId && h.organizationId === location.id && people.get(h.identityId)?.status === "active",
        );
      if (items.every((item) => staffed(item.id))) row.complete += 1;
      const last = Math.max(
        0,
        ...reviews.filter((r) => r.organizationIds.includes(location.id)).map((r) => r.confirmedAt!.getTime()),
      );
      if (last === 0 || last < now.getTime() - PERIOD * DAY) row.reviewOverdue += 1;
    }
    for (const row of result.values()) {
      const here = locations.filter((l) => l.brandId === row.brandId && l.regionCode === row.regionCode);
      const ids = new Set(here.map((l) => l.id));
      const users = [...new Set(assignments.filter((a) => ids.has(a.organizationId)).map((a) => a.identityId))]
        .map((id) => people.get(id)!)
        .filter((user) => user.status === "active");
      row.active = users.length;
      row.neverSignedIn = users.filter((user) => !user.lastLoginAt).length;
      row.dormant = users.filter(
        (user) => user.lastLoginAt && user.lastLoginAt.getTime() < now.getTime() - 90 * DAY,
      ).length;
      row.dueSoon = users.filter(
        (user) => (user.lastLoginAt ?? user.createdAt).getTime() <= now.getTime() - 166 * DAY,
      ).length;
      row.integrationErrors = errors.filter((error) => {
        if (error.subjectKind === "organization")
          return here.some((l) => l.id === error.subjectId || l.parentId === error.subjectId);
        return assignments.some((a) => a.identityId === error.subjectId && ids.has(a.organizationId));
      }).length;
    }
    return result;
  }

  it("the job's figures per brand and region equal a direct count over the tables, within the holder's scope only", async () => {
    await refreshNetworkFigures(handle.db, now);
    const admin = await actorOf(handle.db, "admin@example.com");
    const board = await networkDashboard(
      handle.db,
      admin.portalScope,
      { kind: "network" },
      { now, periodDays: PERIOD },
    );
    const oracle = await counted();
    expect(board.rows.length).toBeGreaterThan(1);
    for (const row of board.rows) {
      expect(admin.portalScope.brandIds).toContain(row.brandId);
      expect(admin.portalScope.regionCodes).toContain(row.regionCode);
      const { dealerId: _d, locationId: _l, name: _n, ...figures } = row;
      expect(figures, `${row.brandId}-${row.regionCode}`).toEqual(oracle.get(`${row.brandId}-${row.regionCode}`));
    }
    expect(board.refreshedAt?.toISOString()).toBe(now.toISOString());
  });

  it("oem@ sees the whole network (five brands, three regions), drills to a dealer and its locations; a dealer administrator has no network", async () => {
    const oem = await actorOf(handle.db, "oem@example.com");
    expect(oem.portalScope).toEqual({ brandIds: [1, 2, 3, 4, 5], regionCodes: ["APAC", "EMEA", "NA"] });
    const top = await networkDashboard(handle.db, oem.portalScope, { kind: "network" }, { now, periodDays: PERIOD });
    // The demo network (issue #40 §4): dealers in every brand and region.
    expect(top.rows).toHaveLength(15);
    const vantorNa = top.rows.find((row) => row.brandId === 1 && row.regionCode === "NA")!;
    const dealers = await networkDashboard(
      handle.db,
      oem.portalScope,
      { kind: "brandRegion", brandId: 1, regionCode: "NA" },
      { now, periodDays: PERIOD },
    );
    expect(dealers.rows.reduce((sum, row) => sum + row.locations, 0)).toBe(vantorNa.locations);
    const plains = dealers.rows.find((row) => row.name === "Great Plains Equipment")!;
    expect(plains.locations - plains.complete).toBe(2);
    const locations = await networkDashboard(
      handle.db,
      oem.portalScope,
      { kind: "dealer", brandId: 1, regionCode: "NA", dealerId: plains.dealerId! },
      { now, periodDays: PERIOD },
    );
    expect(locations.dealerName).toBe("Great Plains Equipment");
    expect(locations.rows.map((row) => row.name)).toEqual([
      "Great Plains Equipment – Lincoln",
      "Great Plains Equipment – Omaha",
      "Great Plains Equipment – Wichita",
    ]);
    expect(locations.gaps.map((gap) => `${gap.location}: ${gap.role}`)).toContain(
      "Great Plains Equipment – Lincoln: Parts",
    );
    const incomplete = await networkLocations(
      handle.db,
      oem.portalScope,
      { kind: "dealer", brandId: 1, regionCode: "NA", dealerId: plains.dealerId! },
      "incomplete",
      { now, periodDays: PERIOD },
    );
    expect(incomplete.rows.map((row) => row.name)).toEqual([
      "Great Plains Equipment – Lincoln",
      "Great Plains Equipment – Wichita",
    ]);
    const overdue = await networkLocations(handle.db, oem.portalScope, { kind: "network" }, "reviewOverdue", {
      now,
      periodDays: PERIOD,
    });
    expect(overdue.rows.map((row) => row.name)).toContain("Summit Machinery – Denver");
    // Outside the scope: brand 5 in Asia Pacific is not the portal administrator's, whatever the URL says.
    const admin = await actorOf(handle.db, "admin@example.com");
    const foreign = await networkDashboard(
      handle.db,
      admin.portalScope,
      { kind: "brandRegion", brandId: 5, regionCode: "APAC" },
      { now, periodDays: PERIOD },
    );
    expect(foreign.rows).toEqual([]);
    const principal = await actorOf(handle.db, "principal@example.com");
    expect(principal.access.features).not.toContain("admin:network:read");
    expect(
      (await networkDashboard(handle.db, principal.portalScope, { kind: "network" }, { now, periodDays: PERIOD })).rows,
    ).toEqual([]);
  });

  it("a gap keeps the moment it was first seen across runs, goes when filled, and comes back as a lost holder with a new moment", async () => {
    const db = handle.db;
    const [lincoln] = await db
      .select()
      .from(organizations)
      .where(eq(organizations.name, "Great Plains Equipment – Lincoln"));
    const gapsOf = async () =>
      (await db.select().from(directoryStaffing).where(eq(directoryStaffing.organizationId, lincoln.id))).filter(
        (row) => row.holderId === null,
      );
    const [before] = await gapsOf();
    await refreshNetworkFigures(db, new Date(now.getTime() + DAY));
    expect((await gapsOf())[0].unfilledSince).toEqual(before.unfilledSince);
    expect(before.holderLost).toBe(false);
    const [holder] = await db
      .select()
      .from(roleAssignments)
      .where(eq(roleAssignments.organizationId, lincoln.id))
      .limit(1);
    await db
      .insert(directoryAssignments)
      .values({ itemId: before.itemId, organizationId: lincoln.id, identityId: holder.identityId });
    await refreshNetworkFigures(db, new Date(now.getTime() + 2 * DAY));
    expect(await gapsOf()).toEqual([]);
    await db
      .delete(directoryAssignments)
      .where(and(eq(directoryAssignments.itemId, before.itemId), eq(directoryAssignments.organizationId, lincoln.id)));
    const later = new Date(now.getTime() + 3 * DAY);
    await refreshNetworkFigures(db, later);
    // Filled, then emptied: a lost holder, since that run.
    expect((await gapsOf()).map((gap) => [gap.unfilledSince, gap.holderLost])).toEqual([[later, true]]);
  });

  it("a required role whose only holder is deactivated is a gap", async () => {
    const db = handle.db;
    const [omaha] = await db
      .select()
      .from(organizations)
      .where(eq(organizations.name, "Great Plains Equipment – Omaha"));
    const gapsOf = async () =>
      (await db.select().from(directoryStaffing).where(eq(directoryStaffing.organizationId, omaha.id))).filter(
        (row) => row.holderId === null,
      );
    const at = new Date(now.getTime() + 4 * DAY);
    await refreshNetworkFigures(db, at);
    expect(await gapsOf()).toEqual([]);
    const [held] = await db
      .select()
      .from(directoryAssignments)
      .where(eq(directoryAssignments.organizationId, omaha.id));
    await db.update(identities).set({ status: "inactive" }).where(eq(identities.id, held.identityId));
    await refreshNetworkFigures(db, new Date(at.getTime() + 60_000));
    const gaps = await gapsOf();
    expect(gaps.find((gap) => gap.itemId === held.itemId)?.holderLost).toBe(true);
    await db.update(identities).set({ status: "active" }).where(eq(identities.id, held.identityId));
    await refreshNetworkFigures(db, new Date(at.getTime() + 120_000));
    expect(await gapsOf()).toEqual([]);
  });
});
