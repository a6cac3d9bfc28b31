import { describe, expect, it } from "vitest";
import { deactivationNoticeOf, reactivationRequestable } from "~/users/reactivation";

describe("issue #39 §5: what a deactivated user is told, and whether they may ask", () => {
  const deactivatedAt = new Date("2026-11-17T02:05:00Z");

  it("deactivationNoticeOf names inactivity only when that was the reason, with the moment it happened", () => {
    expect(
      deactivationNoticeOf({ deactivationReason: "inactivity", deactivatedAt, reactivationRequestedAt: null }),
    ).toEqual({
      forInactivity: true,
      deactivatedAt: "2026-11-17T02:05:00.000Z",
      requestedAt: null,
    });
    for (const reason of ["leftCompany", "securityConcern", "deprovisioned", null])
      expect(
        deactivationNoticeOf({ deactivationReason: reason, deactivatedAt, reactivationRequestedAt: null })
          .forInactivity,
        String(reason),
      ).toBe(false);
    expect(
      deactivationNoticeOf({
        deactivationReason: "inactivity",
        deactivatedAt: null,
        reactivationRequestedAt: deactivatedAt,
      }),
    ).toEqual({ forInactivity: true, deactivatedAt: null, requestedAt: "2026-11-17T02:05:00.000Z" });
  });

  it("reactivationRequestable: once per deactivation, never for an active user", () => {
    expect(reactivationRequestable({ status: "inactive", reactivationRequestedAt: null })).toBe(true);
    expect(reactivationRequestable({ status: "inactive", reactivationRequestedAt: deactivatedAt })).toBe(false);
    expect(reactivationRequestable({ status: "active", reactivationRequestedAt: null })).toBe(false);
  });
});
