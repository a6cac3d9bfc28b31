import { describe, expect, it } from "vitest";
import {
  announcementVisibleTo,
  commaJoined,
  compareAnnouncements,
  isLive,
  narrowToRequested,
  splitByRead,
  unreadCountsByBrand,
  type AnnouncementTargeting,
} from "~/announcements/rules";
import { fallbackOnFailure } from "~/server-context/fallback-on-failure";
import { sanitizeAnnouncementHtml } from "~/announcements/sanitize";

const now = new Date("2026-06-15T12:00:00Z");
const day = 86_400_000;
const base: AnnouncementTargeting = {
  id: 1,
  title: "B",
  language: "en",
  displayLocationCode: "dealer-home",
  priority: "medium",
  startDate: new Date(now.getTime() - day),
  expirationDate: new Date(now.getTime() + day),
  roles: [],
  brandIds: [1],
  regionCodes: ["NA"],
};
const dealer = { locale: "en", brandIds: [1], regions: ["NA"], webRoles: ["SALES"] };

describe("announcement live window: start ≤ now < expiration", () => {
  it("is live from its start up to, not including, its expiration", () => {
    expect(isLive({ startDate: now, expirationDate: new Date(now.getTime() + 1) }, now)).toBe(true);
    expect(isLive({ startDate: new Date(now.getTime() + 1), expirationDate: new Date(now.getTime() + day) }, now)).toBe(
      false,
    );
    expect(isLive({ startDate: new Date(now.getTime() - day), expirationDate: now }, now)).toBe(false);
  });
});

describe("announcement targeting", () => {
  it("needs the user's language, display location, brand and region", () => {
    expect(announcementVisibleTo(base, dealer, now)).toBe(true);
    expect(announcementVisibleTo({ ...base, language: "de" }, dealer, now)).toBe(false);
    expect(announcementVisibleTo({ ...base, displayLocationCode: "service-home" }, dealer, now)).toBe(false);
    expect(announcementVisibleTo({ ...base, brandIds: [2, 3] }, dealer, now)).toBe(false);
    expect(announcementVisibleTo({ ...base, regionCodes: ["EMEA"] }, dealer, now)).toBe(false);
  });
  it("roles, when set, must include one of the user's web security roles", () => {
    expect(announcementVisibleTo({ ...base, roles: ["SALES", "SERVICE"] }, dealer, now)).toBe(true);
    expect(announcementVisibleTo({ ...base, roles: ["SERVICE"] }, dealer, now)).toBe(false);
  });
  it("future and expired announcements stay hidden", () => {
    expect(
      announcementVisibleTo(
        { ...base, startDate: new Date(now.getTime() + day), expirationDate: new Date(now.getTime() + 2 * day) },
        dealer,
        now,
      ),
    ).toBe(false);
    expect(
      announcementVisibleTo(
        { ...base, startDate: new Date(now.getTime() - 2 * day), expirationDate: new Date(now.getTime() - day) },
        dealer,
        now,
      ),
    ).toBe(false);
  });
});

describe("SPEC §2 announcement order: priority, then title for equal priorities", () => {
  it("sorts highest, medium, lowest and alphabetically within a priority", () => {
    const items = [
      { priority: "lowest" as const, title: "A" },
      { priority: "medium" as const, title: "Zebra" },
      { priority: "highest" as const, title: "Y" },
      { priority: "medium" as const, title: "Apple" },
    ];
    expect([...items].sort(compareAnnouncements).map((i) => i.title)).toEqual(["Y", "Apple", "Zebra", "A"]);
  });
});

describe("SPEC §2 unread and read views, split by read ids", () => {
  it("splits and keeps order", () => {
    const { unread, read } = splitByRead([{ id: 1 }, { id: 2 }, { id: 3 }], new Set([2]));
    expect(unread.map((i) => i.id)).toEqual([1, 3]);
    expect(read.map((i) => i.id)).toEqual([2]);
  });
});

describe("unread counts per brand", () => {
  it("counts each unread announcement under every user brand it targets", () => {
    const counts = unreadCountsByBrand(
      [
        { id: 1, brandIds: [1, 2] },
        { id: 2, brandIds: [2] },
        { id: 3, brandIds: [1, 5] },
      ],
      new Set([3]),
      [1, 2, 4],
    );
    expect(counts).toEqual({ 1: 1, 2: 2, 4: 0 });
  });
});

describe("announcement content is sanitised", () => {
  it("keeps formatting and safe links, removes scripts, handlers and javascript: links", () => {
    const clean = sanitizeAnnouncementHtml(
      '<p onclick="x()">Hi <strong>all</strong><script>alert(1)</script><a href="javascript:alert(1)">x</a> <a href="https://a.example">y</a><img src=x onerror=alert(1)></p>',
    );
    expect(clean).toBe(
      '<p>Hi <strong>all</strong><a target="_blank" rel="noopener noreferrer">x</a> <a href="https://a.example" target="_blank" rel="noopener noreferrer">y</a></p>',
    );
  });
});

describe("SPEC §2 manage announcements: date-range filter", async () => {
  const { dateRangeOf, overlapsRange, dateRangeFromSearch } = await import("~/announcements/date-range");
  const window = (start: string, end: string) => ({
    startDate: new Date(`${start}T00:00:00Z`),
    expirationDate: new Date(`${end}T00:00:00Z`),
  });
  it("last N days ends now, next N days starts now, custom includes its last day", () => {
    expect(dateRangeOf({ kind: "last", days: 7 }, now)).toEqual({ from: new Date(now.getTime() - 7 * day), to: now });
    expect(dateRangeOf({ kind: "next", days: 7 }, now)).toEqual({ from: now, to: new Date(now.getTime() + 7 * day) });
    expect(dateRangeOf({ kind: "custom", from: "2026-06-01", to: "2026-06-30" }, now)).toEqual({
      from: new Date("2026-06-01T00:00:00Z"),
      to: new Date("2026-07-01T00:00:00Z"),
    });
  });
  it("an announcement matches when its window overlaps the range", () => {
    const june = { from: new Date("2026-06-01T00:00:00Z"), to: new Date("2026-07-01T00:00:00Z") };
    expect(overlapsRange(window("2026-05-20", "2026-06-02"), june)).toBe(true);
    expect(overlapsRange(window("2026-06-30", "2026-08-01"), june)).toBe(true);
    expect(overlapsRange(window("2026-05-01", "2026-06-01"), june)).toBe(false);
    expect(overlapsRange(window("2026-07-01", "2026-07-10"), june)).toBe(false);
  });
  it("reads the filter from the list's search parameters", () => {
    expect(dateRangeFromSearch(new URLSearchParams("range=last&days=14"))).toEqual({ kind: "last", days: 14 });
    expect(dateRangeFromSearch(new URLSearchParams("range=next&days=-3"))).toEqual({ kind: "next", days: 1 });
    expect(dateRangeFromSearch(new URLSearchParams(""))).toBeNull();
    // A number of days that is none filters nothing; its field says why (dateRangeErrors).
    expect(dateRangeFromSearch(new URLSearchParams("range=last&days=abc"))).toBeNull();
  });
});

describe("announcement editor validation", async () => {
  const { announcementSchema } = await import("~/announcements/schema");
  const valid = {
    title: "T",
    language: "en",
    priority: "medium",
    linkUrl: "https://x.example",
    startDate: "2026-06-01",
    expirationDate: "2026-06-10",
    brandIds: ["1"],
    regionCodes: ["NA"],
  };
  it("link URL is required and must be a URL; expiration after start; a brand and a region are required", () => {
    expect(announcementSchema.safeParse(valid).success).toBe(true);
    const messages = (input: object) => announcementSchema.safeParse(input).error?.issues.map((i) => i.message) ?? [];
    expect(messages({ ...valid, linkUrl: "" })).toContain("validations.required");
    expect(messages({ ...valid, linkUrl: "javascript:alert(1)" })).toContain("validations.url");
    expect(messages({ ...valid, expirationDate: "2026-06-01" })).toContain("validations.dateOrder");
    expect(messages({ ...valid, brandIds: [] })).toContain("validations.selectionBrands");
    expect(messages({ ...valid, regionCodes: [] })).toContain("validations.selectionRegions");
    expect(messages({ ...valid, title: "x".repeat(256) })).toContain("validations.maxLength");
  });
});

describe("SPEC §7 notifications: brands and regionCode are comma-joined and narrow the list", () => {
  it("commaJoined splits, trims and drops empty parts", () => {
    expect(commaJoined("1, 2,,4 ")).toEqual(["1", "2", "4"]);
    expect(commaJoined(null)).toEqual([]);
    expect(commaJoined("")).toEqual([]);
  });
  const items = [
    { id: 1, brandIds: [1], regionCodes: ["NA"] },
    { id: 2, brandIds: [2, 4], regionCodes: ["EMEA"] },
    { id: 3, brandIds: [4], regionCodes: ["NA", "APAC"] },
  ];
  it("an empty request narrows nothing", () => {
    expect(narrowToRequested(items, { brandIds: [], regionCodes: [] }).map((i) => i.id)).toEqual([1, 2, 3]);
  });
  it("brands keep those for any requested brand; regions those for any requested region; both must hold", () => {
    expect(narrowToRequested(items, { brandIds: [4], regionCodes: [] }).map((i) => i.id)).toEqual([2, 3]);
    expect(narrowToRequested(items, { brandIds: [], regionCodes: ["NA"] }).map((i) => i.id)).toEqual([1, 3]);
    expect(narrowToRequested(items, { brandIds: [4], regionCodes: ["NA"] }).map((i) => i.id)).toEqual([3]);
  });
});

describe("SPEC §8 announcements fetch failure: logged; an empty list is returned", () => {
  it("a failing load is logged and answers the empty value", async () => {
    const logged: string[] = [];
    const result = await fallbackOnFailure(
      () => Promise.reject(new Error("connection reset")),
      () => [] as number[],
      (m) => logged.push(m),
    );
    expect(result).toEqual([]);
    expect(logged).toEqual(["connection reset"]);
  });
  it("a load that works is passed through and nothing is logged", async () => {
    const logged: string[] = [];
    expect(
      await fallbackOnFailure(
        () => Promise.resolve([1, 2]),
        () => [] as number[],
        (m) => logged.push(m),
      ),
    ).toEqual([1, 2]);
    expect(logged).toEqual([]);
  });
});
