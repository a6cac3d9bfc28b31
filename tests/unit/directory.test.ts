import { describe, expect, it } from "vitest";
import type { SanitizedHtml } from "~/ui/sanitized-html";
import {
  brandIdsParam,
  directoryContextOf,
  directoryDropdownOptions,
  selectionSerialNumberHolds,
  directoryReviewIsDue,
  directoryContextOfAction,
  locationsToReview,
  reviewIsComplete,
  reviewedItems,
  personLabel,
  requiresAttention,
  selectionsToSave,
  type DirectoryItem,
  type DirectoryLocation,
} from "~/directory/rules";

const DAY = 86_400_000;
const now = new Date("2026-11-23T12:00:00Z");
const person = { id: 7, firstName: "Ada", lastName: "Berg", email: "ada@example.com", serialNumber: "SN-7" };
const item = (id: number, required: boolean, assigned: boolean): DirectoryItem => ({
  id,
  name: `ROLE_${id}`,
  displayName: `Role ${id}`,
  description: "" as SanitizedHtml,
  required,
  identity: assigned ? person : null,
});
const location = (...configurations: DirectoryItem[][]): DirectoryLocation => ({
  id: 1,
  locationName: "Columbus",
  configurations: configurations.map((items, index) => ({ id: index + 1, items })),
});

describe("SPEC §4 requires attention: an item of the first configuration is required and has no identity", () => {
  it("a required role without a person needs attention", () => {
    expect(requiresAttention(location([item(1, true, false), item(2, false, false)]))).toBe(true);
  });
  it("optional roles left empty, or required ones filled, do not", () => {
    expect(requiresAttention(location([item(1, true, true), item(2, false, false)]))).toBe(false);
  });
  it("only the first configuration counts; none at all needs nothing", () => {
    expect(requiresAttention(location([item(1, true, true)], [item(2, true, false)]))).toBe(false);
    expect(requiresAttention(location())).toBe(false);
  });
});

describe("SPEC §3 directory save payload: selections with identityId 0 are dropped", () => {
  it("keeps the chosen people and drops the placeholder", () => {
    const selections = [
      { directoryDataTypeId: 1, identityId: 0 },
      { directoryDataTypeId: 2, identityId: 7, serialNumber: "SN-7" },
    ];
    expect(selectionsToSave(selections)).toEqual([{ directoryDataTypeId: 2, identityId: 7, serialNumber: "SN-7" }]);
  });
});

describe("SPEC §4 directory review prompts: skipping re-prompts after 90 days; singular roles at the next sign-in", () => {
  const due = (context: "DEALER_LOCATION" | "SINGULAR_ROLES", lastReviewedAt: Date | null, attention = true) =>
    directoryReviewIsDue({ context, anyLocationNeedsAttention: attention, lastReviewedAt, now });
  it("nothing to fix asks nothing", () => {
    expect(due("DEALER_LOCATION", null, false)).toBe(false);
    expect(due("SINGULAR_ROLES", null, false)).toBe(false);
  });
  it("the dealer-location review asks when never reviewed or more than 90 days ago", () => {
    expect(due("DEALER_LOCATION", null)).toBe(true);
    expect(due("DEALER_LOCATION", new Date(now.getTime() - 90 * DAY))).toBe(false);
    expect(due("DEALER_LOCATION", new Date(now.getTime() - 91 * DAY))).toBe(true);
  });
  it("the singular-roles review asks again while unfilled, however recent the last one", () => {
    expect(due("SINGULAR_ROLES", new Date(now.getTime() - DAY))).toBe(true);
  });
  it("a skipped dealer-location review asks again only after 90 days", () => {
    const closed = (days: number) =>
      directoryReviewIsDue({
        context: "DEALER_LOCATION",
        anyLocationNeedsAttention: true,
        lastReviewedAt: null,
        reminderClosedAt: new Date(now.getTime() - days * DAY),
        now,
      });
    expect(closed(1)).toBe(false);
    expect(closed(90)).toBe(false);
    expect(closed(91)).toBe(true);
  });
  it("a closed singular-roles review stays closed until the next sign-in", () => {
    const signedInAt = new Date(now.getTime() - 60_000);
    const closedAt = (at: Date | null) =>
      directoryReviewIsDue({
        context: "SINGULAR_ROLES",
        anyLocationNeedsAttention: true,
        lastReviewedAt: null,
        reminderClosedAt: at,
        signedInAt,
        now,
      });
    expect(closedAt(null)).toBe(true);
    expect(closedAt(new Date(now.getTime() - 30_000))).toBe(false);
    // Closed during an earlier sign-in: this sign-in asks again.
    expect(closedAt(new Date(now.getTime() - DAY))).toBe(true);
  });
});

describe("SPEC §4 directory review: only locations with a required, unfilled role are listed", () => {
  const holder = { id: 9, firstName: "Ada", lastName: "Berg", email: "ada@example.com", serialNumber: "SN-9" };
  const item = (id: number, required: boolean, identity: typeof holder | null) => ({
    id,
    name: `ROLE_${id}`,
    displayName: `Role ${id}`,
    description: "" as SanitizedHtml,
    required,
    identity,
  });
  const location = (id: number, items: ReturnType<typeof item>[]) => ({
    id,
    locationName: `Location ${id}`,
    configurations: [{ id: 1, items }],
  });
  const filled = location(1, [item(1, true, holder), item(2, false, null)]);
  const open = location(2, [item(1, true, null), item(2, false, holder)]);
  it("keeps the locations needing attention, and of each the required roles", () => {
    expect(locationsToReview([filled, open]).map((l) => l.id)).toEqual([2]);
    expect(reviewedItems(open).map((i) => i.id)).toEqual([1]);
  });
  it("updates the last review date only when none remain and nothing failed to load", () => {
    expect(reviewIsComplete({ remaining: 0, loadFailed: false })).toBe(true);
    expect(reviewIsComplete({ remaining: 0, loadFailed: true })).toBe(false);
    expect(reviewIsComplete({ remaining: 1, loadFailed: false })).toBe(false);
  });
  it("each context raises its own required action", () => {
    expect(directoryContextOfAction("directoryReview")).toBe("DEALER_LOCATION");
    expect(directoryContextOfAction("singularRolesReview")).toBe("SINGULAR_ROLES");
    expect(directoryContextOfAction("adminAttestation")).toBeNull();
  });
});

describe("directory helpers", () => {
  it("a person reads 'first last - email' (SPEC §2)", () => {
    expect(personLabel(person)).toBe("Ada Berg - ada@example.com");
  });
  it("the context defaults to SINGULAR_ROLES; an unknown one is refused", () => {
    expect(directoryContextOf(undefined)).toBe("SINGULAR_ROLES");
    expect(directoryContextOf("DEALER_LOCATION")).toBe("DEALER_LOCATION");
    expect(directoryContextOf("OTHER")).toBeNull();
  });
});

describe("SPEC §7 directory brandIds: comma-separated, default 1", () => {
  it("reads the list, once each, and defaults to the first brand", () => {
    expect(brandIdsParam(null)).toEqual([1]);
    expect(brandIdsParam("")).toEqual([1]);
    expect(brandIdsParam("1,2, 2")).toEqual([1, 2]);
  });
  it("anything but brand ids is refused", () => {
    expect(brandIdsParam("1,x")).toBeNull();
    expect(brandIdsParam("6")).toBeNull();
    expect(brandIdsParam("1,,2")).toBeNull();
  });
});

describe("SPEC §3 directory dropdown option and save payload", () => {
  it("options carry id, the 'first last - email' name, roleId and serialNumber; the placeholder is id 0 'Select User'", () => {
    expect(directoryDropdownOptions([person], 12, "Select User")).toEqual([
      { id: 0, name: "Select User", roleId: 12, serialNumber: "" },
      { id: 7, name: "Ada Berg - ada@example.com", roleId: 12, serialNumber: "SN-7" },
    ]);
  });
  it("a selection's serial number, when given, must be its person's", () => {
    expect(selectionSerialNumberHolds({ directoryDataTypeId: 1, identityId: 7, serialNumber: "SN-7" }, person)).toBe(
      true,
    );
    expect(selectionSerialNumberHolds({ directoryDataTypeId: 1, identityId: 7 }, person)).toBe(true);
    expect(selectionSerialNumberHolds({ directoryDataTypeId: 1, identityId: 7, serialNumber: "SN-8" }, person)).toBe(
      false,
    );
  });
});
