import { describe, expect, it } from "vitest";
import { databaseIsUnavailable } from "~/db/errors";
import { errorContentOf } from "~/shell/error-content";

describe("issue #37 §3: what counts as the database being unavailable", () => {
  const withCode = (code: string, message = "x") => Object.assign(new Error(message), { code });

  it("a refused or cut connection, a server shutting down or starting, directly or wrapped by Drizzle", () => {
    expect(databaseIsUnavailable(withCode("ECONNREFUSED"))).toBe(true);
    expect(databaseIsUnavailable(withCode("57P01", "terminating connection due to administrator command"))).toBe(true);
    expect(databaseIsUnavailable(withCode("57P03", "the database system is starting up"))).toBe(true);
    expect(databaseIsUnavailable(withCode("08006"))).toBe(true);
    expect(databaseIsUnavailable(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(databaseIsUnavailable(new Error("Failed query: select 1", { cause: withCode("ECONNREFUSED") }))).toBe(true);
    expect(databaseIsUnavailable(new AggregateError([withCode("ECONNREFUSED")], "connect failed"))).toBe(true);
  });

  it("an error of the query itself is not: it stays a server error", () => {
    expect(databaseIsUnavailable(withCode("23505"))).toBe(false);
    expect(databaseIsUnavailable(withCode("42P01", 'relation "x" does not exist'))).toBe(false);
    expect(databaseIsUnavailable(new Error("Failed query", { cause: withCode("22P02") }))).toBe(false);
    expect(databaseIsUnavailable("ECONNREFUSED")).toBe(false);
    expect(databaseIsUnavailable(undefined)).toBe(false);
  });
});

/** What a route's boundary receives for a thrown answer (Remix's route error response). */
const routeError = (status: number, data: unknown) => ({ status, statusText: "", internal: false, data });

describe("issue #37 §3: the error page of a 503", () => {
  it("says temporarily unavailable, its text by key, with the reference it carries", () => {
    const thrown = routeError(503, { key: "errors.databaseUnavailable", reference: "0123456789abcdef" });
    expect(errorContentOf(thrown, false)).toEqual({
      titleKey: "problems.unavailable",
      textKey: "errors.databaseUnavailable",
      details: null,
      serverError: true,
      reference: "0123456789abcdef",
    });
  });

  it("a reference that is not a request id's shape is not shown", () => {
    const thrown = routeError(503, { key: "errors.databaseUnavailable", reference: "<script>" });
    expect(errorContentOf(thrown, false).reference).toBeUndefined();
  });
});
