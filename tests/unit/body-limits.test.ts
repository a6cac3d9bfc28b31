import { describe, expect, it } from "vitest";
import {
  bodyKindOf,
  bodySizeProblem,
  formFieldsReadable,
  jsonNestsDeeperThan,
  MAX_FIELD_INDEX,
  MAX_FORM_FIELDS,
  MAX_JSON_DEPTH,
  MAX_PAGE_FORM_BYTES,
  MAX_UPLOAD_BODY_BYTES,
} from "~/security/body-limits";
import { originMatchesHost } from "~/security/cross-site";
import { uploadPatterns } from "~/permissions/route-rules";
import { ownFields } from "~/security/form-body.server";
import { signInSchema } from "~/auth/sign-in-schema";

/** The routes the domains mark `takesFiles` (assembled by the test setup, as the server's start does). */
const UPLOADS = uploadPatterns();

const size = (path: string, contentLength?: string, transferEncoding?: string) =>
  bodySizeProblem({ path, uploadPaths: UPLOADS, contentLength, transferEncoding })?.status ?? null;

describe("issue #30 §1: bodies are bounded by kind before any parser", () => {
  it("the pages that take a file are the document library and the two imports, marked by their domains", () => {
    expect([...UPLOADS].sort()).toEqual(["/admin/orgs-bulk-assignments", "/admin/wsr-bulk-assignments", "/documents"]);
  });
  it("a path's kind decides its limit: page form, upload, API, provider", () => {
    expect(bodyKindOf("/signin/abc", UPLOADS)).toBe("page form");
    expect(bodyKindOf("/documents", UPLOADS)).toBe("upload");
    // The same upload posted with JavaScript (Remix's single fetch).
    expect(bodyKindOf("/documents.data", UPLOADS)).toBe("upload");
    expect(bodyKindOf("/admin/wsr-bulk-assignments.data", UPLOADS)).toBe("upload");
    expect(bodyKindOf("/admin/wsr-bulk-assignments/", UPLOADS)).toBe("upload");
    expect(bodyKindOf("/admin/orgs-bulk-assignments", UPLOADS)).toBe("upload");
    // Without the list nothing is an upload page.
    expect(bodyKindOf("/documents")).toBe("page form");
    expect(bodyKindOf("/api/v2/admin/users/2", UPLOADS)).toBe("api");
    expect(bodyKindOf("/oidc/token", UPLOADS)).toBe("provider");
  });
  it("a page form over its limit is a 413; at the limit it passes", () => {
    expect(size("/signin/abc", String(MAX_PAGE_FORM_BYTES))).toBeNull();
    expect(size("/signin/abc", String(MAX_PAGE_FORM_BYTES + 1))).toBe(413);
    expect(size("/signin/abc", String(50 * 1024 * 1024))).toBe(413);
  });
  it("only an upload page takes a file-sized body", () => {
    expect(size("/documents", String(21 * 1024 * 1024))).toBeNull();
    expect(size("/documents", String(MAX_UPLOAD_BODY_BYTES + 1))).toBe(413);
    expect(size("/api/v2/announcements", String(21 * 1024 * 1024))).toBe(413);
  });
  it("a body without a length (chunked) is a 411; no body at all passes", () => {
    expect(size("/theme", undefined, "chunked")).toBe(411);
    expect(size("/theme")).toBeNull();
  });
  it("a length that is not a number is refused", () => {
    expect(size("/theme", "-1")).toBe(413);
    expect(size("/theme", "1e9")).toBe(413);
  });
});

describe("issue #30 §1: field names are bounded in count, length and list index", () => {
  it("an index up to the multiselect limit is readable, one beyond is not", () => {
    expect(formFieldsReadable(["roles[0]", `roles[${MAX_FIELD_INDEX}]`, "translations.nl.displayName"])).toBe(true);
    expect(formFieldsReadable([`roles[${MAX_FIELD_INDEX + 1}]`])).toBe(false);
    expect(formFieldsReadable(["a[99999999]"])).toBe(false);
    expect(formFieldsReadable(["a[1].b[100000]"])).toBe(false);
    expect(formFieldsReadable(["a[99999999999999999999999]"])).toBe(false);
  });
  it("too many fields or too long a name is not readable", () => {
    expect(formFieldsReadable(Array.from({ length: MAX_FORM_FIELDS }, () => "lists"))).toBe(true);
    expect(formFieldsReadable(Array.from({ length: MAX_FORM_FIELDS + 1 }, () => "lists"))).toBe(false);
    expect(formFieldsReadable(["x".repeat(201)])).toBe(false);
  });
});

describe("issue #30 §1: a JSON body's nesting is measured without parsing it", () => {
  it("5,000 levels are too deep, the limit is not, brackets inside strings do not count", () => {
    expect(jsonNestsDeeperThan("[".repeat(5000) + "]".repeat(5000), MAX_JSON_DEPTH)).toBe(true);
    expect(jsonNestsDeeperThan("[".repeat(MAX_JSON_DEPTH) + "]".repeat(MAX_JSON_DEPTH), MAX_JSON_DEPTH)).toBe(false);
    expect(jsonNestsDeeperThan(`{"a":"${"[".repeat(100)}\\"{{{"}`, 2)).toBe(false);
    expect(jsonNestsDeeperThan('{"a":{"b":{"c":1}}}', 2)).toBe(true);
  });
});

describe("issue #30 §1: a page echoes only the fields its form owns", () => {
  it("the sign-in form keeps email and password, lists of its own fields and Conform's intent, and drops the rest", () => {
    const form = new FormData();
    for (const [name, value] of [
      ["email", "a@example.com"],
      ["password", "x"],
      ["a[999]", "1"],
      ["stranger", "y"],
      ["__intent__", "validate"],
      ["emailx", "z"],
    ])
      form.append(name, value);
    expect([...ownFields(form, signInSchema).keys()]).toEqual(["email", "password", "__intent__"]);
  });
  it("a schema without a shape keeps every field", () => {
    const form = new FormData();
    form.append("anything", "1");
    expect([...ownFields(form, {}).keys()]).toEqual(["anything"]);
  });
});

describe("issue #30 §5: a write whose Origin is not the host it was sent to is refused (403, not Remix's 500)", () => {
  const check = (origin: string | null, host: string, forwardedHost?: string, method = "POST") =>
    originMatchesHost({ method, origin, host, forwardedHost });
  it("the same host passes; another Host or X-Forwarded-Host does not", () => {
    expect(check("http://localhost:3000", "localhost:3000")).toBe(true);
    expect(check("http://localhost:3000", "evil.example")).toBe(false);
    expect(check("http://localhost:3000", "localhost:3000", "evil.example")).toBe(false);
    expect(check("http://portal.example", "10.0.0.5:3000", "portal.example, proxy")).toBe(true);
  });
  it("reads and writes without an Origin are left to the cross-site check", () => {
    expect(check(null, "evil.example")).toBe(true);
    expect(check("http://localhost:3000", "evil.example", undefined, "GET")).toBe(true);
  });
});
