import { describe, expect, it } from "vitest";
import { encodingToServe, type Encoding } from "~/http/content-coding.server";
import { isWorthCompressing } from "~/server/precompressed";

const both = new Set<Encoding>(["br", "gzip"]);

describe("issue #38 §2 precompressed assets: which twin a browser gets", () => {
  it("prefers brotli where the browser takes it, gzip where it takes only gzip", () => {
    expect(encodingToServe("gzip, deflate, br, zstd", both)).toBe("br");
    expect(encodingToServe("gzip, deflate", both)).toBe("gzip");
    expect(encodingToServe("gzip, br", new Set<Encoding>(["gzip"]))).toBe("gzip");
  });

  it("never sends a coding the browser refused or did not name, and honours weights", () => {
    expect(encodingToServe(undefined, both)).toBeNull();
    expect(encodingToServe("", both)).toBeNull();
    expect(encodingToServe("identity", both)).toBeNull();
    expect(encodingToServe("br;q=0, gzip;q=0", both)).toBeNull();
    expect(encodingToServe("br;q=0, gzip", both)).toBe("gzip");
    expect(encodingToServe("br;q=0.5, gzip;q=0.8", both)).toBe("gzip");
    expect(encodingToServe("*", both)).toBe("br");
    expect(encodingToServe("*;q=0, gzip", both)).toBe("gzip");
    expect(encodingToServe("BR", both)).toBe("br");
    expect(encodingToServe("br;q=abc", both)).toBeNull();
  });

  it("compresses text files of a kilobyte or more, never images already compressed", () => {
    expect(isWorthCompressing("assets/components-abc.js", 200_000)).toBe(true);
    expect(isWorthCompressing("assets/app-abc.css", 22_000)).toBe(true);
    expect(isWorthCompressing("assets/tiny.js", 1023)).toBe(false);
    expect(isWorthCompressing("icons/brand-1-192.png", 40_000)).toBe(false);
    expect(isWorthCompressing("sw.js.br", 40_000)).toBe(false);
  });
});
