import { describe, expect, it } from "vitest";
import { acceptsGzip, compressPage, COMPRESS_PAGES_FROM_BYTES } from "~/shell/page-compression";

describe("pages compressed in one piece (issue #12, ADR 27)", () => {
  it("acceptsGzip: gzip named or allowed by *, with a quality above zero", () => {
    expect(acceptsGzip("gzip, deflate, br")).toBe(true);
    expect(acceptsGzip("br;q=1.0, GZIP;q=0.5")).toBe(true);
    expect(acceptsGzip("*")).toBe(true);
    expect(acceptsGzip("identity")).toBe(false);
    expect(acceptsGzip("")).toBe(false);
    expect(acceptsGzip(null)).toBe(false);
    expect(acceptsGzip("gzip;q=0")).toBe(false);
    expect(acceptsGzip("*, gzip;q=0")).toBe(false);
    expect(acceptsGzip("deflate, *;q=0")).toBe(false);
    expect(acceptsGzip("gzip;q=abc")).toBe(false);
  });

  it("compressPage: only pages of at least the threshold, to clients that take gzip", () => {
    expect(compressPage("gzip", COMPRESS_PAGES_FROM_BYTES)).toBe(true);
    expect(compressPage("gzip", COMPRESS_PAGES_FROM_BYTES - 1)).toBe(false);
    expect(compressPage("br", 50_000)).toBe(false);
  });
});
