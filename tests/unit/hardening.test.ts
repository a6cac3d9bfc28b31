import { describe, expect, it } from "vitest";
import { dateRangeErrors, dateRangeOf } from "~/announcements/date-range";
import { withSecureFlag } from "~/security/cookie-flags";
import { isFormBodyType, requestShapeProblem } from "~/security/request-shape";
import { RateWindow } from "~/security/rate-window";
import { describeServerError } from "~/shell/server-error";
import { calendarDayOf } from "~/validation/calendar-day";
import { announcementSchema } from "~/announcements/schema";
import { optionalIdParam, recordIdOf, requiredIdParam } from "~/navigation/id-param";
import { pageWindowOf } from "~/lists/list-query";

const shape = (method: string, url: string, contentType?: string) =>
  requestShapeProblem({ method, url, contentType })?.status ?? null;

describe("issue #10 §2: undecodable URLs answer 400, TRACE and unknown methods 405", () => {
  it.each(["/%", "/%ff", "/admin/%", "/%E0%A4%A", "/documents/%c0%af"])("%s is a 400", (url) => {
    expect(shape("GET", url)).toBe(400);
  });
  it.each(["TRACE", "CONNECT", "PROPFIND", "FOO"])("%s is a 405", (method) => {
    expect(shape(method, "/")).toBe(405);
  });
  it("a query that is only oddly escaped is left to the page (URLSearchParams reads it)", () => {
    expect(shape("GET", "/admin?q=%")).toBeNull();
    expect(shape("GET", "/admin?q=100%25")).toBeNull();
  });
});

describe("issue #10 §2: a NUL byte in an address is a 400 (PostgreSQL refuses NUL in text)", () => {
  it.each(["/admin?q=%00", "/documents?q=%00", "/admin/applications?q=a%00b", "/%00", "/admin?q=a\u0000"])(
    "%j",
    (url) => {
      expect(shape("GET", url)).toBe(400);
    },
  );
});

describe("issue #10 §2: a page post with a non-form body answers 415", () => {
  it.each([
    ["application/json"],
    ["text/plain"],
    ["application/xml"],
    [undefined],
    ["multipart/form-data"],
    ["multipart/form-data; charset=utf-8"],
    ["multipart/form-data; boundary="],
  ])("%s", (contentType) => {
    expect(shape("POST", "/admin/application", contentType)).toBe(415);
  });
  it("form bodies pass, and the API and the identity provider read their own types", () => {
    expect(shape("POST", "/locale", "application/x-www-form-urlencoded;charset=UTF-8")).toBeNull();
    expect(shape("POST", "/documents", "multipart/form-data; boundary=----WebKitFormBoundaryA1b2")).toBeNull();
    expect(shape("POST", "/documents", 'multipart/form-data; boundary="quoted boundary"')).toBeNull();
    expect(shape("PUT", "/api/v2/announcements/1", "application/json")).toBeNull();
    expect(shape("POST", "/oidc/token", "application/json")).toBeNull();
    expect(shape("GET", "/admin", "application/json")).toBeNull();
  });
  it("recognises form body types", () => {
    expect(isFormBodyType("Application/X-WWW-Form-Urlencoded")).toBe(true);
    expect(isFormBodyType("multipart/form-data;boundary=x")).toBe(true);
    expect(isFormBodyType("multipart/mixed; boundary=x")).toBe(false);
    expect(isFormBodyType(null)).toBe(false);
  });
});

describe("issue #10 §2: one id parser for every route and API (out of range → 404)", () => {
  it.each(["2147483648", "1e20", "12345678901234567890", "0", "-1", "01", "0x10", "1.5", " 1", "", "abc"])(
    "%j is not an id",
    (raw) => {
      expect(recordIdOf(raw)).toBeNull();
      expect(() => requiredIdParam(raw)).toThrow(Response);
    },
  );
  it("ids in the serial range are read", () => {
    expect(recordIdOf("1")).toBe(1);
    expect(recordIdOf("2147483647")).toBe(2147483647);
    expect(optionalIdParam(undefined)).toBeNull();
  });
  it("the thrown answer is a 404", () => {
    try {
      requiredIdParam("1e20");
    } catch (thrown) {
      expect((thrown as Response).status).toBe(404);
    }
    expect.assertions(1);
  });
  it("a page number is a whole page within the list", () => {
    expect(pageWindowOf(25, 10, 1e20)).toEqual({ page: 3, pageCount: 3, offset: 20 });
    expect(pageWindowOf(25, 10, -4).page).toBe(1);
    expect(pageWindowOf(25, 10, 2.7).page).toBe(2);
    expect(pageWindowOf(25, 10, Number.NaN).page).toBe(1);
  });
});

describe("issue #10 §2: a date beyond year 9999 gets the field's validation message", () => {
  it("a calendar day is YYYY-MM-DD, exists, and lies in 1900–9999", () => {
    expect(calendarDayOf("2026-11-22")?.toISOString()).toBe("2026-11-22T00:00:00.000Z");
    expect(calendarDayOf("9999-12-31")).not.toBeNull();
    for (const bad of [
      "10000-01-01",
      "+010000-01-01",
      "2026-02-31",
      "2026-13-01",
      "0000-01-01",
      "1899-12-31",
      "2026-1-1",
      "",
      undefined,
      20261122,
    ]) {
      expect(calendarDayOf(bad)).toBeNull();
    }
  });
  it("the announcement editor answers the date message on start and expiration", () => {
    const base = {
      title: "t",
      language: "en",
      priority: "medium",
      linkUrl: "https://example.com",
      brandIds: [1],
      regionCodes: ["NA"],
    };
    const result = announcementSchema.safeParse({ ...base, startDate: "10000-01-01", expirationDate: "10000-02-01" });
    expect(result.success).toBe(false);
    const messages = result.error!.issues.map((i) => [i.path.join("."), i.message]);
    expect(messages).toContainEqual(["startDate", "validations.date"]);
    expect(messages).toContainEqual(["expirationDate", "validations.date"]);
  });
  it("the list's custom range reports each bad field and never reaches past year 9999", () => {
    expect(dateRangeErrors(new URLSearchParams("range=custom&from=10000-01-01&to=2026-01-01"))).toEqual({
      from: "validations.date",
    });
    expect(dateRangeErrors(new URLSearchParams("range=custom&from=&to="))).toEqual({});
    const range = dateRangeOf({ kind: "custom", from: "9999-12-30", to: "9999-12-31" }, new Date());
    expect(range.to).toBeUndefined();
    expect(range.from?.toISOString()).toBe("9999-12-30T00:00:00.000Z");
  });
});

describe("issue #10 §3: in production every cookie is Secure", () => {
  it("adds Secure once", () => {
    expect(withSecureFlag("__session=abc; Path=/; HttpOnly; SameSite=Lax")).toBe(
      "__session=abc; Path=/; HttpOnly; SameSite=Lax; Secure",
    );
    expect(withSecureFlag("a=b; Secure; HttpOnly")).toBe("a=b; Secure; HttpOnly");
    expect(withSecureFlag("a=b; secure")).toBe("a=b; secure");
  });
  it("a cookie value that merely contains the word is still flagged", () => {
    expect(withSecureFlag("note=secure; Path=/")).toBe("note=secure; Path=/; Secure");
  });
});

describe("issue #10 §3: the API rate limit (429 with Retry-After)", () => {
  it("allows the limit, refuses the next hit with the seconds left in the window", () => {
    const limit = new RateWindow(3, 60_000);
    const t0 = 1_000_000;
    expect([0, 1, 2].map((i) => limit.hit("user:1", t0 + i).allowed)).toEqual([true, true, true]);
    expect(limit.hit("user:1", t0 + 20_000)).toEqual({ allowed: false, retryAfterSeconds: 40 });
    expect(limit.hit("user:2", t0 + 20_000).allowed).toBe(true);
    expect(limit.hit("user:1", t0 + 60_000).allowed).toBe(true);
  });
});

describe("issue #10 §3: a refusal is logged as a readable line", () => {
  it("Remix's 405 error response reads as its status and text, not [object Object]", () => {
    const remix405 = {
      status: 405,
      statusText: "Method Not Allowed",
      internal: true,
      data: new Error('You made a POST request to "/" but did not provide an `action`'),
    };
    const described = describeServerError(remix405);
    expect(described.status).toBe(405);
    expect(described.message).toBe(
      '405 Method Not Allowed: You made a POST request to "/" but did not provide an `action`',
    );
    expect(described.message).not.toContain("[object Object]");
  });
  it("errors and other values", () => {
    expect(describeServerError(new Error("boom"))).toEqual({ status: 500, message: "boom" });
    expect(describeServerError({ a: 1 })).toEqual({ status: 500, message: '{"a":1}' });
    expect(describeServerError(new Response(null, { status: 404, statusText: "Not Found" }))).toEqual({
      status: 404,
      message: "404 Not Found",
    });
  });
});
