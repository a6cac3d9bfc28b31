import { describe, expect, it } from "vitest";
import {
  acknowledgementReminderDue,
  awaitsAcknowledgement,
  compareFeedItems,
  countsAsUnread,
  MAX_ACKNOWLEDGEMENT_REMINDERS,
  splitByRead,
  unreadCountsByBrand,
} from "~/announcements/rules";
import { announcementSchema } from "~/announcements/schema";

const DAY = 86_400_000;
const start = new Date("2026-06-01T00:00:00Z");
const at = (days: number) => new Date(start.getTime() + days * DAY);

describe("issue #40 §3 an announcement that must be acknowledged awaits it until the user confirms", () => {
  it("awaits acknowledgement only when it asks for it and the user has not given it", () => {
    expect(awaitsAcknowledgement({ id: 1, requiresAcknowledgement: true }, new Set())).toBe(true);
    expect(awaitsAcknowledgement({ id: 1, requiresAcknowledgement: true }, new Set([1]))).toBe(false);
    expect(awaitsAcknowledgement({ id: 1, requiresAcknowledgement: false }, new Set())).toBe(false);
    expect(awaitsAcknowledgement({ id: 1 }, new Set())).toBe(false);
  });

  it("stays in the unread view when opened but not acknowledged; read once acknowledged", () => {
    const item = { id: 7, requiresAcknowledgement: true };
    expect(countsAsUnread(item, new Set([7]), new Set())).toBe(true);
    expect(countsAsUnread(item, new Set([7]), new Set([7]))).toBe(false);
    expect(countsAsUnread({ id: 8 }, new Set([8]), new Set())).toBe(false);
    const { unread, read } = splitByRead([item, { id: 8 }], new Set([7, 8]), new Set());
    expect(unread.map((i) => i.id)).toEqual([7]);
    expect(read.map((i) => i.id)).toEqual([8]);
  });

  it("counts as unread in the brand switcher's counts until acknowledged", () => {
    const items = [
      { id: 1, brandIds: [1], requiresAcknowledgement: true },
      { id: 2, brandIds: [1] },
    ];
    expect(unreadCountsByBrand(items, new Set([1, 2]), [1])).toEqual({ 1: 1 });
    expect(unreadCountsByBrand(items, new Set([1, 2]), [1], new Set([1]))).toEqual({ 1: 0 });
  });

  it("heads the feed until acknowledged, above any priority; then SPEC §2's order again", () => {
    const items = [
      { id: 1, title: "A", priority: "highest" as const },
      { id: 2, title: "Z", priority: "lowest" as const, requiresAcknowledgement: true },
      { id: 3, title: "B", priority: "highest" as const },
    ];
    expect([...items].sort(compareFeedItems(new Set())).map((i) => i.id)).toEqual([2, 1, 3]);
    expect([...items].sort(compareFeedItems(new Set([2]))).map((i) => i.id)).toEqual([1, 3, 2]);
  });
});

describe("issue #40 §3 reminders after ACKNOWLEDGEMENT_REMINDER_DAYS, at most twice", () => {
  it("the first is due the given days after the announcement went live, not before", () => {
    expect(acknowledgementReminderDue({ sent: 0, lastSentAt: null }, start, at(2.9), 3)).toBe(false);
    expect(acknowledgementReminderDue({ sent: 0, lastSentAt: null }, start, at(3), 3)).toBe(true);
  });

  it("the second is due as many days after the first, however late the first was", () => {
    expect(acknowledgementReminderDue({ sent: 1, lastSentAt: at(5) }, start, at(7), 3)).toBe(false);
    expect(acknowledgementReminderDue({ sent: 1, lastSentAt: at(5) }, start, at(8), 3)).toBe(true);
  });

  it("none after the second", () => {
    expect(MAX_ACKNOWLEDGEMENT_REMINDERS).toBe(2);
    expect(acknowledgementReminderDue({ sent: 2, lastSentAt: at(6) }, start, at(60), 3)).toBe(false);
  });
});

describe("issue #40 §3 acknowledgement is asked on the portal's home page only", () => {
  const valid = {
    title: "Recall",
    language: "en",
    priority: "highest",
    linkUrl: "https://portal.example/recall",
    startDate: "2026-06-01",
    expirationDate: "2026-07-01",
    brandIds: ["1"],
    regionCodes: ["NA"],
  };
  it("the editor refuses it at another display location, on the checkbox, and takes it at dealer-home", () => {
    const elsewhere = announcementSchema.safeParse({
      ...valid,
      displayLocationCode: "parts-portal",
      requiresAcknowledgement: "on",
    });
    expect(elsewhere.success).toBe(false);
    expect(elsewhere.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["requiresAcknowledgement", "validations.acknowledgementOnHome"],
    ]);
    const home = announcementSchema.safeParse({
      ...valid,
      displayLocationCode: "dealer-home",
      requiresAcknowledgement: "on",
    });
    expect(home.success && home.data.requiresAcknowledgement).toBe(true);
    expect(announcementSchema.safeParse({ ...valid, displayLocationCode: "parts-portal" }).success).toBe(true);
  });
});
