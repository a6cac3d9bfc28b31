import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { earlyTranslationsScript, takeEarlyTranslations } from "~/i18n/early-translations";

// The browser's global object, in Node.
beforeEach(() => {
  vi.stubGlobal("window", globalThis);
  vi.stubGlobal("document", { readyState: "complete" });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe("issue #38 §4 no translation waterfall: the head starts the page's translations, the app takes them", () => {
  it("the head's script fetches the file once and leaves the answer for the app's entry, which takes it once", async () => {
    const answer = new Response("{}");
    const fetched: string[] = [];
    vi.stubGlobal("fetch", (href: string) => {
      fetched.push(href);
      return Promise.resolve(answer);
    });
    new Function(earlyTranslationsScript("/locales/de.0123456789ab.json"))();
    expect(fetched).toEqual(["/locales/de.0123456789ab.json"]);
    expect(takeEarlyTranslations("/locales/en.0123456789ab.json")).toBeUndefined();
    expect(await takeEarlyTranslations("/locales/de.0123456789ab.json")).toBe(answer);
    expect(takeEarlyTranslations("/locales/de.0123456789ab.json")).toBeUndefined();
  });

  it("while the page is still loading, the fetch waits for its load (the page's own files come first)", async () => {
    const listeners: (() => void)[] = [];
    vi.stubGlobal("document", { readyState: "interactive" });
    vi.stubGlobal(
      "addEventListener",
      (type: string, listener: () => void) => type === "load" && listeners.push(listener),
    );
    const fetched: string[] = [];
    vi.stubGlobal("fetch", (href: string) => {
      fetched.push(href);
      return Promise.resolve(new Response("{}"));
    });
    new Function(earlyTranslationsScript("/locales/de.0123456789ab.json"))();
    expect(fetched).toEqual([]);
    expect(takeEarlyTranslations("/locales/de.0123456789ab.json")).toBeUndefined();
    for (const listener of listeners) listener();
    expect(fetched).toEqual(["/locales/de.0123456789ab.json"]);
    expect(takeEarlyTranslations("/locales/de.0123456789ab.json")).toBeDefined();
  });

  it("a failed early fetch is the app's to report: the script itself leaves no unhandled rejection", async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on("unhandledRejection", onUnhandled);
    vi.stubGlobal("fetch", () => Promise.reject(new TypeError("offline")));
    new Function(earlyTranslationsScript("/locales/de.0123456789ab.json"))();
    await new Promise((resolve) => setTimeout(resolve, 0));
    process.off("unhandledRejection", onUnhandled);
    expect(unhandled).toEqual([]);
    await expect(takeEarlyTranslations("/locales/de.0123456789ab.json")).rejects.toThrow("offline");
  });

  it("no address can close the script element it is written into", () => {
    const script = earlyTranslationsScript("/locales/x</script><script>alert(1)</script>.json");
    expect(script).not.toContain("</script>");
    expect(script).toContain("\\u003c/script>");
  });
});
