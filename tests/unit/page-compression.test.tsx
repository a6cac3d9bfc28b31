import { renderToPipeableStream } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { acceptsGzip, compressPage, COMPRESS_PAGES_FROM_BYTES, pageCollector } from "~/shell/page-compression";

function Page({ rows }: { rows: number }) {
  return (
    <ul>
      {Array.from({ length: rows }, (_, i) => (
        <li key={i}>Row {i} — ünïcode</li>
      ))}
    </ul>
  );
}

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

  it("pageCollector: React's whole page arrives once, in order, across many writes", async () => {
    let ends = 0;
    const page = await new Promise<Buffer>((resolve, reject) => {
      const { pipe } = renderToPipeableStream(<Page rows={2_000} />, {
        onAllReady() {
          pipe(
            pageCollector((html) => {
              ends += 1;
              resolve(html);
            }),
          );
        },
        onShellError: reject,
      });
    });
    const html = page.toString("utf8");
    expect(html.startsWith("<ul><li>Row <!-- -->0<!-- --> — ünïcode</li>")).toBe(true);
    expect(html.endsWith("<li>Row <!-- -->1999<!-- --> — ünïcode</li></ul>")).toBe(true);
    expect(html.match(/<li>/g)).toHaveLength(2_000);
    expect(ends).toBe(1);
  });
});
