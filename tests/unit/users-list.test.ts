import { describe, expect, it } from "vitest";
import { lastLoginCutoff, userListStateOf, userStatusOf } from "~/users/list-options";
import { managesUser } from "~/users/scope";

describe("issue #14 §1 scope rule: an administrator manages users of the administrator's own locations", () => {
  it("manages a user who holds an assignment at one of the administrator's locations", () => {
    expect(managesUser([1, 2, 3], [3, 9])).toBe(true);
  });
  it("does not manage a user of other locations only, nor anyone when holding no location", () => {
    expect(managesUser([1, 2], [3, 4])).toBe(false);
    expect(managesUser([], [1])).toBe(false);
    expect(managesUser([1], [])).toBe(false);
  });
});

describe("issue #14 §2 users list state from the URL", () => {
  it("reads search, filters, sort, page and rows per page", () => {
    const state = userListStateOf(
      new URLSearchParams(
        "q= fargo &status=inactive&userType=internal&kind=administrator&lastLogin=over90&sortBy=lastLogin&sortType=desc&page=2&rowsPerPage=25",
      ),
    );
    expect(state).toEqual({
      query: "fargo",
      status: "inactive",
      userType: "internal",
      kind: "administrator",
      lastLogin: "over90",
      sortBy: "lastLogin",
      sortType: "desc",
      page: 2,
      rowsPerPage: 25,
    });
  });
  it("takes an unknown filter value as no filter and an unknown column as the default sort", () => {
    const state = userListStateOf(new URLSearchParams("status=deleted&userType=robot&lastLogin=over7&sortBy=password"));
    expect(state).toMatchObject({ status: undefined, userType: undefined, lastLogin: undefined, sortBy: "name" });
  });
});

describe("issue #14 §2 last-login filter: over 30, 90 or 180 days counts back from now", () => {
  const now = new Date("2026-11-23T00:00:00Z");
  it("gives the cutoff day", () => {
    expect(lastLoginCutoff("over30", now)).toEqual(new Date("2026-10-24T00:00:00Z"));
    expect(lastLoginCutoff("over180", now)).toEqual(new Date("2026-05-27T00:00:00Z"));
  });
  it("has no cutoff for never and no filter", () => {
    expect(lastLoginCutoff("never", now)).toBeNull();
    expect(lastLoginCutoff(undefined, now)).toBeNull();
  });
});

describe("issue #14 §2 a user's status in the list", () => {
  const none = { emailVerifiedAt: null, verificationExpiredAt: null };
  it("is inactive when switched off, awaiting verification until the e-mail is verified, else active", () => {
    expect(userStatusOf({ ...none, status: "inactive" })).toBe("inactive");
    expect(userStatusOf({ ...none, status: "active" })).toBe("awaitingVerification");
    expect(userStatusOf({ ...none, status: "active", emailVerifiedAt: new Date() })).toBe("active");
  });
  it("issue #15 §2 shows verification expired once the link lapsed unused, until verified", () => {
    const lapsed = { ...none, status: "active" as const, verificationExpiredAt: new Date() };
    expect(userStatusOf(lapsed)).toBe("verificationExpired");
    expect(userStatusOf({ ...lapsed, emailVerifiedAt: new Date() })).toBe("active");
    expect(userStatusOf({ ...lapsed, status: "inactive" })).toBe("inactive");
  });
});
