import { describe, expect, it } from "vitest";
import { documentsReturnPath } from "~/documents/return-path";
import { inSiteRedirectTarget, MAX_REDIRECT_TARGET_LENGTH } from "~/security/redirect-target";

describe("issue #10 §1: one function decides every in-site redirect target", () => {
  it.each([
    ["/", "/"],
    ["/admin/users?q=a", "/admin/users?q=a"],
    ["/documents?subject=Sales&page=2", "/documents?subject=Sales&page=2"],
    ["/admin/a%20b", "/admin/a%20b"],
    ["/documents?q=safety+manual", "/documents?q=safety+manual"],
    ["/a/../admin", "/admin"],
    ["/admin#top", "/admin"],
  ])("keeps the same-origin path %j as %j", (value, expected) => {
    expect(inSiteRedirectTarget(value)).toBe(expected);
  });

  const hostile: [string, unknown][] = [
    ["tab before a second slash", "/\t/evil.example"],
    ["encoded tab", "/%09/evil.example"],
    ["carriage return", "/\r/evil.example"],
    ["line feed", "/admin\nSet-Cookie: x=1"],
    ["encoded CR LF", "/%0d%0aLocation:%20https://evil.example"],
    ["NUL", "/admin\u0000"],
    ["encoded NUL", "/admin%00"],
    ["DEL", "/admin\u007f"],
    ["space", "/ /evil.example"],
    ["non-breaking space", "/\u00a0/evil.example"],
    ["line separator", "/\u2028/evil.example"],
    ["scheme-relative", "//evil.example"],
    ["scheme-relative with path", "//evil.example/admin"],
    ["backslash", "/\\evil.example"],
    ["two backslashes", "\\\\evil.example"],
    ["slash and backslash", "\\/evil.example"],
    ["dot segment into scheme-relative", "/.//evil.example"],
    ["dot-dot into scheme-relative", "/a/..//evil.example"],
    ["other host", "https://evil.example/"],
    ["own-looking host", "http://portal.invalid/admin"],
    ["javascript scheme", "javascript:alert(1)"],
    ["data scheme", "data:text/html,<script>alert(1)</script>"],
    ["relative path", "admin"],
    ["encoded slash prefix is kept in-site but a bad escape is not", "/%"],
    ["undecodable escape", "/%ff%fe"],
    ["empty", ""],
    ["over-long", "/" + "a".repeat(MAX_REDIRECT_TARGET_LENGTH)],
    ["null", null],
    ["number", 42],
    ["array", ["/admin"]],
  ];
  it.each(hostile)("refuses %s, falling back to the root", (_name, value) => {
    expect(inSiteRedirectTarget(value)).toBe("/");
  });

  it("never answers anything that leaves the origin or starts with two slashes", () => {
    for (const [, value] of hostile) {
      const target = inSiteRedirectTarget(value);
      expect(target.startsWith("/")).toBe(true);
      expect(target.startsWith("//")).toBe(false);
      expect(new URL(target, "https://portal.example").origin).toBe("https://portal.example");
    }
  });

  it("an encoded slash stays a path character, not a host", () => {
    expect(inSiteRedirectTarget("/%2F/evil.example")).toBe("/%2F/evil.example");
    expect(new URL(inSiteRedirectTarget("/%2F/evil.example"), "https://portal.example").host).toBe("portal.example");
  });

  it("takes the caller's fallback", () => {
    expect(inSiteRedirectTarget("//evil.example", "/documents")).toBe("/documents");
  });

  it("the documents library returns only to itself", () => {
    expect(documentsReturnPath("/%09/evil.example", "deleted")).toBe("/documents?done=deleted");
    expect(documentsReturnPath("/documents?q=x&edit=3", "edited")).toBe("/documents?q=x&done=edited");
    expect(documentsReturnPath("/admin", "uploaded")).toBe("/documents?done=uploaded");
  });
});
