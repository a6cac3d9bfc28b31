/**
 * Property-based fuzzing of every form action and every /api/v2 write of the built portal,
 * signed in as the demo administrator. Rules: no generated request answers 5xx, a refused
 * write (4xx) changes no row, and an API write never accepts a body that is not JSON.
 * Run with `npm run build && npm run test:built`; FUZZ_RUNS sets the
 * requests per route (default 100), FUZZ_REPORT=<file> writes every finding as JSON.
 */
import { writeFileSync } from "node:fs";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ADMIN_EMAIL,
  changedTables,
  discoverActionRoutes,
  Fingerprints,
  PortalClient,
  startPortal,
  type ActionRoute,
  type Portal,
} from "./portal";
import { arbitraryOf, type JsonSchema } from "../support/json-schema-arbitrary";

const SEED = 20261122;
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 100);
const EXAMPLES_PER_RULE = 5;

// ---------------------------------------------------------------------------------------------
// Discovery: the action routes come from the server build's route table, at collection time.

const actionRoutes = await discoverActionRoutes();
console.log(
  `fuzz: ${actionRoutes.length} action routes\n${actionRoutes
    .map((r) => `  ${r.pattern}${r.needsIndexParam ? "?index" : ""}  (${r.id})`)
    .join("\n")}`,
);

// ---------------------------------------------------------------------------------------------
// Generators.

const today = new Date().toISOString().slice(0, 10);
const later = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);

/** A valid announcement's fields other than its title and audience (the form and the API write them the same). */
const ANNOUNCEMENT_FIELDS = {
  description: "Made by the fuzzer",
  content: "<p>Hello</p>",
  language: "en",
  priority: "medium",
  linkUrl: "https://example.com/",
  startDate: today,
  expirationDate: later,
};

// prettier-ignore
const HOSTILE = [
  "", "\u0000", "a\u0000b", "\r\n", "\t", " ", "0", "-1", "1", "2", "1.5", "2147483647", "2147483648", "-2147483649",
  "9007199254740993", "1e20", "NaN", "Infinity", "10000-01-01", "2026-13-45", "0000-00-00", "9999-12-31", "275760-09-13",
  "2026-02-30", new Date().toISOString(), "null", "[]", "{}", "true", "<script>alert(1)</script>", "' or 1=1 --",
  "../../etc/passwd", "//evil.example.com", "https://evil.example.com/", "javascript:alert(1)", "https://example.com/",
  "/documents", "%00", "%zz",
];

// Values the app's forms really use; the real demo password is deliberately absent (a valid
// change-password post would otherwise lock the suite out).
// prettier-ignore
const DOMAIN = [
  "delete", "save", "move", "moveUp", "moveTop", "markRead", "upload", "replace", "edit", "endSession", "endOtherSessions",
  "endOthers", "changePassword", "subscriptions", "up", "down", "top", "en", "nl", "de", "zz", "highest", "medium", "lowest",
  "NA", "EMEA", "APAC", "General", "Sales", "jobTitle", "phoneMobile", "phoneSecondary", "fax", "listingName",
  "preferredLanguage", "unread", "read", "DEALER_ADMIN", ADMIN_EMAIL, "0123456789abcdef", "resync",
  // One-time keys of the portal's shape (issue #34): a reused one meets the first answer again.
  "FuzzFuzzFuzzFuzzFuzz0001.default-R1", "FuzzFuzzFuzzFuzzFuzz0002.default-R2",
];

// prettier-ignore
const FIELDS = [
  "intent", "id", "title", "name", "displayName", "description", "content", "link", "linkUrl", "startDate", "expirationDate",
  "brandIds", "regionCodes", "regionCode", "roles", "categories", "customRules", "priority", "language",
  "displayLocationCode", "locale", "brandId", "returnTo", "q", "direction", "field", "value", "lists", "handle", "subject",
  "updatedAt", "currentPassword", "newPassword", "confirmPassword", "email", "password", "view", "announcementId",
  "translations.nl.displayName", "roles.new", "userId", "__formKey",
];

/** Starting points that pass (or nearly pass) some form's schema, so mutations reach deeper code. */
const FORM_TEMPLATES: Record<string, string | string[]>[] = [
  { intent: "markRead", announcementId: "1", view: "unread" },
  { intent: "move", id: "1", direction: "up", q: "", returnTo: "/admin/applications" },
  { brandId: "1", returnTo: "/" },
  { locale: "en", returnTo: "/" },
  { field: "jobTitle", value: "Service manager" },
  { field: "preferredLanguage", value: "en" },
  { intent: "subscriptions", lists: ["1", "2"] },
  { intent: "endSession", handle: "0123456789abcdef" },
  { intent: "endOtherSessions" },
  {
    intent: "changePassword",
    currentPassword: "Wrong#Password2026",
    newPassword: "Fuzzed#Password2026!x",
    confirmPassword: "Fuzzed#Password2026!x",
  },
  {
    title: "Fuzzed notice",
    ...ANNOUNCEMENT_FIELDS,
    brandIds: ["1"],
    regionCodes: ["NA"],
    roles: ["DEALER_ADMIN"],
  },
  {
    name: "fuzz-app",
    displayName: "Fuzz app",
    description: "",
    link: "https://example.com/",
    regionCode: "NA",
    brandId: "1",
    categories: ["Sales"],
    customRules: "",
  },
  { intent: "delete", id: "1", returnTo: "/documents" },
  {
    intent: "edit",
    id: "1",
    name: "Fuzz document",
    description: "",
    subject: "General",
    updatedAt: new Date().toISOString(),
  },
  { intent: "upload", name: "Fuzz document", subject: "General", description: "" },
  { intent: "replace", id: "1" },
  { email: ADMIN_EMAIL, password: "not-the-password" },
];

type Entries = [string, string][];

const templateEntries = (template: Record<string, string | string[]>): Entries =>
  Object.entries(template).flatMap(([name, value]) =>
    (Array.isArray(value) ? value : [value]).map((v): [string, string] => [name, v]),
  );

const dateLike = fc
  .tuple(fc.integer({ min: 0, max: 99_999 }), fc.integer({ min: 0, max: 99 }), fc.integer({ min: 0, max: 99 }))
  .map(([y, m, d]) => `${String(y).padStart(4, "0")}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`);

const huge = fc.constantFrom("x", "\u0000", "é", "1", "<b>").map((unit) => unit.repeat(100_000));

const formValue: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE) },
  { weight: 3, arbitrary: fc.constantFrom(...DOMAIN) },
  { weight: 3, arbitrary: fc.string({ maxLength: 300 }) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 300 }) },
  { weight: 2, arbitrary: fc.integer().map(String) },
  { weight: 1, arbitrary: fc.bigInt({ min: -(2n ** 80n), max: 2n ** 80n }).map(String) },
  { weight: 2, arbitrary: dateLike },
  { weight: 1, arbitrary: huge },
);

/** Names a form parser could expand or choke on (issue #30): huge list indices, deep paths, long names. */
// prettier-ignore
const HOSTILE_FIELD_NAMES = [
  "a[99999999]", "roles[1000]", "lists[4294967296]", "a[1][2][3][99999]", "a".repeat(300), `${"a.".repeat(200)}b`,
  "__proto__", "constructor.prototype", "a[]",
];

const fieldName = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...FIELDS) },
  { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_FIELD_NAMES) },
  { weight: 1, arbitrary: fc.string({ maxLength: 20 }) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 20 }) },
);

const randomEntries: fc.Arbitrary<Entries> = fc.array(fc.tuple(fieldName, formValue), { maxLength: 14 });

/** A template with a few fields overridden by hostile values and maybe repeated keys. */
const nearValidEntries: fc.Arbitrary<Entries> = fc
  .tuple(
    fc.constantFrom(...FORM_TEMPLATES.map(templateEntries)),
    fc.array(fc.tuple(fc.constantFrom(...FIELDS), formValue), { maxLength: 3 }),
    fc.array(fc.tuple(fieldName, formValue), { maxLength: 2 }),
  )
  .map(([template, overrides, extras]) => {
    const entries: Entries = template.filter(([name]) => !overrides.some(([overridden]) => overridden === name));
    return [...entries, ...overrides, ...extras];
  });

const formEntries = fc.oneof({ weight: 3, arbitrary: nearValidEntries }, { weight: 2, arbitrary: randomEntries });

/** One generated request body and how it is labelled in a report. */
interface Payload {
  label: string;
  contentType?: string;
  body?: string | Uint8Array<ArrayBuffer> | FormData;
  /** Only JSON counts as a well-formed API write body. */
  json: boolean;
}

/** Labels a body of one kind. */
const kind =
  (label: string, contentType: string | undefined, json = false) =>
  (body: Payload["body"]): Payload => ({ label, contentType, body, json });

const FORM_TYPE = "application/x-www-form-urlencoded";
const encoder = new TextEncoder();
const formEncoded = (entries: Entries) => new URLSearchParams(entries).toString();
const xmlOf = (entries: Entries) =>
  `<?xml version="1.0"?><form>${entries.map(([k, v]) => `<f name="${k}">${v}</f>`).join("")}</form>`;

const fileArbitrary = fc.record({
  name: fc.oneof(
    fc.constantFrom("notes.pdf", "report.txt", "virus.exe", "", "a\u0000b.pdf", "../../x.pdf"),
    fc.string({ maxLength: 40 }),
  ),
  type: fc.constantFrom("application/pdf", "text/plain", "application/x-msdownload", "", "image/png"),
  bytes: fc.oneof(fc.uint8Array({ maxLength: 2_000 }), fc.constant(encoder.encode("%PDF-1.4\n%fuzz\n"))),
});

type FilePart = { name: string; type: string; bytes: Uint8Array<ArrayBuffer> };

function multipartBody(entries: Entries, file: FilePart | null): FormData {
  const form = new FormData();
  for (const [name, value] of entries) form.append(name, value);
  if (file) form.append("file", new Blob([file.bytes], { type: file.type }), file.name);
  return form;
}

const BAD_FORM_ENCODINGS = ["a=%zz&b=%", "%=%&&==", "a=1&a=2&a", "\u0000=\u0000", "x=" + "%00".repeat(50)];

const BROKEN_MULTIPART = [
  // The closing boundary is missing.
  '--XyZ\r\nContent-Disposition: form-data; name="intent"\r\n\r\ndelete',
  // A part without the blank line after its headers.
  '--XyZ\r\nContent-Disposition: form-data; name="intent"\r\ndelete\r\n--XyZ--\r\n',
  // A part without a Content-Disposition.
  "--XyZ\r\nContent-Type: text/plain\r\n\r\nhello\r\n--XyZ--\r\n",
  // The declared boundary never appears.
  "just some text\r\n",
  // A file part whose name has a NUL.
  '--XyZ\r\nContent-Disposition: form-data; name="file"; filename="a\u0000.pdf"\r\n\r\n%PDF\r\n--XyZ--\r\n',
  "--XyZ--\r\n",
  "",
];

/** Bodies for a form action: mostly form posts, some multipart, some of the wrong type. */
const formPayload: fc.Arbitrary<Payload> = fc.oneof(
  { weight: 8, arbitrary: formEntries.map(formEncoded).map(kind("form", FORM_TYPE)) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom(...BAD_FORM_ENCODINGS), fc.constantFrom(FORM_TYPE, `${FORM_TYPE}; charset=utf-16`))
      .map(([body, type]) => kind("form, bad encoding", type)(body)),
  },
  {
    weight: 3,
    arbitrary: fc
      .tuple(formEntries, fc.option(fileArbitrary, { nil: null }))
      .map(([e, file]) => kind(file ? "multipart with file" : "multipart", undefined)(multipartBody(e, file))),
  },
  {
    weight: 1,
    arbitrary: fc
      .oneof(
        formEntries.map((e): unknown => Object.fromEntries(e)),
        fc.jsonValue(),
      )
      .map((v) => JSON.stringify(v))
      .map(kind("JSON", "application/json", true)),
  },
  { weight: 1, arbitrary: formEntries.map(formEncoded).map(kind("text/plain", "text/plain")) },
  { weight: 1, arbitrary: formEntries.map(xmlOf).map(kind("application/xml", "application/xml")) },
  {
    weight: 1,
    arbitrary: formEntries.map((e) => encoder.encode(formEncoded(e))).map(kind("no content type", undefined)),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(...BROKEN_MULTIPART).map(kind("multipart without boundary", "multipart/form-data")),
  },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom(...BROKEN_MULTIPART)
      .map(kind("multipart, broken part", "multipart/form-data; boundary=XyZ")),
  },
);

/** JSON values of the wrong type for a field that expects a string, a number or a list. */
const wrongTyped: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom(...HOSTILE),
  fc.string({ unit: "binary", maxLength: 200 }),
  huge,
  fc.array(
    fc.oneof(fc.integer(), fc.constantFrom(...HOSTILE), fc.bigInt({ min: 2n ** 31n, max: 2n ** 62n }).map(Number)),
    { maxLength: 5 },
  ),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
  fc.jsonValue({ maxDepth: 3 }),
);

const API_TEMPLATES: Record<string, unknown>[] = [
  {
    title: "Fuzzed API notice",
    ...ANNOUNCEMENT_FIELDS,
    brandIds: [1],
    regionCodes: ["NA"],
    roles: [],
    updatedAt: new Date().toISOString(),
  },
  { key: "jobTitle", value: "Service manager" },
  { key: "preferredLanguage", value: "en" },
  { key: "phoneMobile", value: "+1 555 0100" },
  { emailPreferences: [1, 2] },
];

const API_FIELDS = [...new Set(API_TEMPLATES.flatMap((t) => Object.keys(t)))];

/** A real API body with up to three fields given a value of the wrong type or range. */
const apiObject: fc.Arbitrary<unknown> = fc
  .tuple(
    fc.constantFrom(...API_TEMPLATES),
    fc.array(fc.tuple(fc.constantFrom(...API_FIELDS), fc.oneof(wrongTyped, fc.constantFrom(...DOMAIN), dateLike)), {
      maxLength: 3,
    }),
  )
  .map(([template, overrides]) => ({ ...template, ...Object.fromEntries(overrides) }));

const MALFORMED_JSON = [
  '{"title": ',
  "{",
  "nul\u0000",
  "",
  "[1,2,",
  '{"a":1}{"b":2}',
  "\ufeff{}",
  // Well-formed, but nested far deeper than any body (issue #30).
  "[".repeat(5000) + "]".repeat(5000),
  '{"a":'.repeat(5000) + "1" + "}".repeat(5000),
];

/** Bodies for an API write: mostly JSON, some malformed, some of another type (which must be refused). */
const apiPayload: fc.Arbitrary<Payload> = fc.oneof(
  { weight: 5, arbitrary: apiObject.map((v) => JSON.stringify(v)).map(kind("JSON object", "application/json", true)) },
  {
    weight: 3,
    arbitrary: fc
      .jsonValue()
      .map((v) => JSON.stringify(v))
      .map(kind("JSON value", "application/json", true)),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(...MALFORMED_JSON).map(kind("malformed JSON", "application/json; charset=utf-8", true)),
  },
  { weight: 2, arbitrary: formEntries.map(formEncoded).map(kind("form", FORM_TYPE)) },
  { weight: 1, arbitrary: apiObject.map((v) => JSON.stringify(v)).map(kind("JSON as text/plain", "text/plain")) },
  {
    weight: 1,
    arbitrary: apiObject.map((v) => encoder.encode(JSON.stringify(v))).map(kind("no content type", undefined)),
  },
  { weight: 1, arbitrary: formEntries.map((e) => multipartBody(e, null)).map(kind("multipart", undefined)) },
);

/** Path parameter values: real small ids, the route's own vocabulary, and hostile ones (already URL-encoded). */
function paramValue(name: string): fc.Arbitrary<string> {
  const own: Record<string, string[]> = {
    id: ["1", "2", "3"],
    mode: ["edit", "view", "new"],
    path: ["contact", "language", "subscriptions", "locations", "applications"],
    brand: ["1"],
    locale: ["en"],
    ids: ["1,2"],
    uid: [],
    view: ["users", "organizations"],
    tab: ["contact", "integrations", "sessions"],
  };
  return fc.oneof(
    { weight: 3, arbitrary: own[name]?.length ? fc.constantFrom(...own[name]) : fc.constantFrom("1", "2") },
    {
      weight: 1,
      arbitrary: fc.constantFrom("0", "-1", "2147483648", "1e20", "abc", "%00", "1.5", "%20", "99999999999999999999"),
    },
    { weight: 1, arbitrary: fc.integer({ min: 1, max: 2_000_000 }).map(String) },
    { weight: 1, arbitrary: fc.string({ minLength: 1, maxLength: 30 }).map(encodeSegment) },
    {
      weight: name === "uid" ? 3 : 0,
      arbitrary: fc.string({ unit: "grapheme-ascii", minLength: 1, maxLength: 43 }).map(encodeSegment),
    },
  );
}

function encodeSegment(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return encodeURIComponent(value.replace(/[\uD800-\uDFFF]/g, "\uFFFD"));
  }
}

/** A concrete URL for the route: optional segments sometimes left out, the splat filled with a few segments. */
function urlFor(route: ActionRoute): fc.Arbitrary<string> {
  const parts = route.pattern
    .split("/")
    .filter(Boolean)
    .map((segment): fc.Arbitrary<string | null> => {
      if (segment === "*")
        return fc
          .array(
            fc.oneof(
              fc.constantFrom("nowhere", "admin", "documents", "%00", ".."),
              fc.string({ minLength: 1, maxLength: 12 }).map(encodeSegment),
            ),
            { minLength: 1, maxLength: 3 },
          )
          .map((s) => s.join("/"));
      if (!segment.startsWith(":")) return fc.constant(segment);
      const optional = segment.endsWith("?");
      const value = paramValue(segment.slice(1).replace(/\?$/, ""));
      return optional ? fc.option(value, { nil: null, freq: 3 }) : value;
    });
  return fc
    .tuple(...parts)
    .map(
      (values) => `/${values.filter((v): v is string => v !== null).join("/")}${route.needsIndexParam ? "?index" : ""}`,
    );
}

interface Sample {
  method: string;
  url: string;
  payload: Payload;
}

const API_METHODS = ["POST", "PUT", "PATCH", "DELETE"] as const;

/**
 * The bodies the OpenAPI document describes for the route's writes, by method (issue #35 §2): drawn
 * from each request body's JSON Schema, so they keep to it and reach the services.
 */
function documentedBodies(route: ActionRoute): Map<string, fc.Arbitrary<Payload>> {
  const template = route.pattern.replace(/:([A-Za-z]+)\??/g, "{$1}");
  const operations = openApi?.paths[template] ?? {};
  const bodies = new Map<string, fc.Arbitrary<Payload>>();
  for (const [method, operation] of Object.entries(operations)) {
    const schema = operation.requestBody?.content["application/json"]?.schema;
    if (!schema) continue;
    bodies.set(
      method.toUpperCase(),
      arbitraryOf(schema, openApi?.components?.schemas)
        .map((value) => JSON.stringify(value))
        .map(kind("JSON from the document's schema", "application/json", true)),
    );
  }
  return bodies;
}

/** API methods mostly among those the route answers (others still sometimes, for their 405). */
function sampleArbitrary(route: ActionRoute, allowed: readonly string[]): fc.Arbitrary<Sample> {
  if (!route.api) return fc.record({ method: fc.constant("POST"), url: urlFor(route), payload: formPayload });
  const any = fc.constantFrom(...API_METHODS);
  const method =
    allowed.length > 0
      ? fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...allowed) }, { weight: 1, arbitrary: any })
      : any;
  const documented = documentedBodies(route);
  return method.chain((chosen) => {
    const fromSchema = documented.get(chosen);
    const payload = fromSchema
      ? fc.oneof({ weight: 2, arbitrary: fromSchema }, { weight: 3, arbitrary: apiPayload })
      : apiPayload;
    return fc.record({ method: fc.constant(chosen), url: urlFor(route), payload });
  });
}

/** The API methods the route does not refuse with 405, probed with `{}` on an id no record has (harmless). */
async function allowedApiMethods(route: ActionRoute): Promise<string[]> {
  const url = route.pattern
    .split("/")
    .filter((segment) => !segment.endsWith("?"))
    .map((segment) => (segment.startsWith(":") ? "2147483647" : segment))
    .join("/");
  const allowed: string[] = [];
  for (const method of API_METHODS) {
    const response = await client.sendAlone(url, { method, body: "{}", contentType: "application/json" });
    if (response.status !== 405) allowed.push(method);
  }
  return allowed;
}

// ---------------------------------------------------------------------------------------------
// Running and reporting.

interface Finding {
  /** Groups equal failures: method, body label, status. */
  kind: string;
  detail: string;
}

interface RouteReport {
  requests: number;
  statuses: Map<number, number>;
  serverErrors: Finding[];
  refusedChanges: Finding[];
  acceptedNonJson: Finding[];
}

function excerpt(text: string, max = 140): string {
  const flat = JSON.stringify(text.length > max ? text.slice(0, max) : text);
  return text.length > max ? `${flat}… (${text.length} chars)` : flat;
}

function describeBody(payload: Payload): string {
  const { body } = payload;
  if (body === undefined) return "(none)";
  if (typeof body === "string") return excerpt(body);
  if (body instanceof Uint8Array) return excerpt(new TextDecoder().decode(body));
  const fields = [...body.entries()].map(([k, v]) =>
    typeof v === "string" ? `${k}=${v}` : `${k}=<file ${v.name || "?"} ${v.size}B>`,
  );
  return excerpt(fields.join("&"));
}

async function answerExcerpt(response: Response): Promise<string> {
  const text = await response.text().catch(() => "");
  const title = /<title>([^<]*)<\/title>/i.exec(text)?.[1];
  return excerpt((title ?? text).replace(/\s+/g, " ").trim(), 120);
}

/** Up to EXAMPLES_PER_RULE findings of distinct kinds, with how often each kind occurred. */
function summarise(findings: Finding[]): string {
  const byKind = new Map<string, Finding[]>();
  for (const finding of findings) byKind.set(finding.kind, [...(byKind.get(finding.kind) ?? []), finding]);
  const lines = [...byKind.values()]
    .slice(0, EXAMPLES_PER_RULE)
    .map((group) => `  - ${group[0].kind} ×${group.length}\n      ${group[0].detail}`);
  if (byKind.size > EXAMPLES_PER_RULE) lines.push(`  … and ${byKind.size - EXAMPLES_PER_RULE} more kinds`);
  return `${findings.length} of the generated requests:\n${lines.join("\n")}`;
}

let portal: Portal;
let client: PortalClient;
let prints: Fingerprints;

type OpenApi = {
  paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: JsonSchema }> } }>>;
  components?: { schemas?: Record<string, JsonSchema> };
};
/** The portal's OpenAPI document, which the API bodies are drawn from too. */
let openApi: OpenApi | undefined;
const reports = new Map<string, RouteReport>();

/** After this answer the session may be gone: check it (a GET) before the next request. */
function mayHaveSignedOut(route: ActionRoute, response: Response | null): boolean {
  if (!client.jar.has("__session") || route.pattern === "/account/security" || !response) return true;
  const location = response.headers.get("location") ?? "";
  return response.status === 401 || response.status === 403 || /\/login\b|\/oidc\//.test(location);
}

async function fuzzRoute(route: ActionRoute, seed: number): Promise<RouteReport> {
  const report: RouteReport = {
    requests: 0,
    statuses: new Map(),
    serverErrors: [],
    refusedChanges: [],
    acceptedNonJson: [],
  };
  if (!(await client.signedIn())) await client.signIn();
  const allowed = route.api ? await allowedApiMethods(route) : [];
  // fc.sample, not fc.assert: every failure is collected rather than the first one shrunk
  // against a server whose state each request changes.
  const samples = fc.sample(sampleArbitrary(route, allowed), { seed, numRuns: RUNS_PER_ROUTE });
  let checkSession = false;
  for (const { method, url, payload } of samples) {
    if (checkSession && !(await client.signedIn())) await client.signIn();
    const before = await prints.take();
    const shownUrl = url.length > 120 ? `${url.slice(0, 120)}…` : url;
    const type =
      payload.contentType ??
      (payload.body instanceof FormData ? "multipart/form-data with its boundary" : "no Content-Type");
    const shown = `${method} ${shownUrl} [${type}] body ${describeBody(payload)}`;
    let response: Response | null = null;
    try {
      response = await client.sendAlone(url, { method, body: payload.body, contentType: payload.contentType });
    } catch (error) {
      // No status at all (reset, timeout) is as much a failure as a 5xx.
      const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
      report.serverErrors.push({
        kind: `${method} ${payload.label} → no answer (${code})`,
        detail: `${shown} → no answer: ${code}`,
      });
    }
    const after = await prints.take();
    report.requests += 1;
    checkSession = mayHaveSignedOut(route, response);
    if (!response) continue;
    const status = response.status;
    report.statuses.set(status, (report.statuses.get(status) ?? 0) + 1);
    const detail = `${shown} → ${status} ${await answerExcerpt(response)}`;
    const kind = `${method} ${payload.label} → ${status}`;
    if (status >= 500) report.serverErrors.push({ kind, detail });
    if (status >= 400) {
      const changed = changedTables(before, after);
      if (changed.length > 0) report.refusedChanges.push({ kind: `${kind} changed ${changed.join(", ")}`, detail });
    }
    if (route.api && !payload.json && method !== "DELETE" && status < 400) {
      report.acceptedNonJson.push({ kind, detail });
    }
  }
  return report;
}

describe("fuzz: every form action and /api/v2 write", () => {
  beforeAll(async () => {
    // The jobs only when sent: on their clock they would write between a request and its check.
    portal = await startPortal({}, { schedules: false });
    client = new PortalClient(portal.origin, portal.db);
    prints = new Fingerprints(portal.db);
    openApi = (await (await fetch(`${portal.origin}/api/v2/openapi.json`)).json()) as OpenApi;
  });

  afterAll(async () => {
    const lines = [...reports].map(([pattern, r]) => {
      const statuses = [...r.statuses]
        .sort(([a], [b]) => a - b)
        .map(([s, n]) => `${s}×${n}`)
        .join(" ");
      return `  ${pattern}: ${r.requests} requests (${statuses}); 5xx ${r.serverErrors.length}, refused-but-changed ${r.refusedChanges.length}, non-JSON accepted ${r.acceptedNonJson.length}`;
    });
    console.log(
      `fuzz summary (seed ${SEED}, ${RUNS_PER_ROUTE} runs per route, ${client?.signIns ?? 0} sign-ins):\n${lines.join(
        "\n",
      )}`,
    );
    // Every finding, not just the examples in the assertion messages, for whoever fixes them.
    if (process.env.FUZZ_REPORT) {
      const all = Object.fromEntries(
        [...reports].map(([pattern, r]) => [
          pattern,
          { serverErrors: r.serverErrors, refusedChanges: r.refusedChanges, acceptedNonJson: r.acceptedNonJson },
        ]),
      );
      writeFileSync(process.env.FUZZ_REPORT, JSON.stringify(all, null, 2));
    }
    await portal?.close();
  });

  it("discovers the action routes from the route table (at least 10, with /locale, /theme, an application editor and an announcements API write)", () => {
    const patterns = actionRoutes.map((r) => r.pattern);
    expect(patterns.length).toBeGreaterThanOrEqual(10);
    expect(patterns).toContain("/locale");
    expect(patterns).toContain("/theme");
    expect(patterns.some((p) => p.startsWith("/admin/application/"))).toBe(true);
    expect(patterns).toContain("/api/v2/announcements");
  });

  it("signs in as the demo administrator through the code + PKCE flow", async () => {
    expect(await client.signIn()).toBe("sign-in form");
    expect(await client.signedIn()).toBe(true);
  });

  actionRoutes.forEach((route, index) => {
    describe(route.pattern, () => {
      let report: RouteReport;

      beforeAll(async () => {
        report = await fuzzRoute(route, SEED + index);
        reports.set(route.pattern, report);
      });

      it(`no generated body answers 5xx (or nothing) on ${route.pattern}`, () => {
        expect(report.serverErrors, `5xx on ${route.pattern} for ${summarise(report.serverErrors)}`).toHaveLength(0);
      });

      it(`a refused write to ${route.pattern} changes no row`, () => {
        expect(
          report.refusedChanges,
          `rows changed on a refusal by ${route.pattern} for ${summarise(report.refusedChanges)}`,
        ).toHaveLength(0);
      });

      if (route.api) {
        it(`${route.pattern} never accepts a write whose body is not JSON`, () => {
          expect(
            report.acceptedNonJson,
            `non-JSON accepted by ${route.pattern} for ${summarise(report.acceptedNonJson)}`,
          ).toHaveLength(0);
        });
      }
    });
  });
});
