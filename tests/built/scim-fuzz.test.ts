/**
 * Issue #36: property-based fuzzing of the SCIM writes of the built portal with a SCIM
 * connection's token (the main fuzz suite signs in as a person, whom /scim/v2 refuses at once).
 * User creates and replaces, PATCHes of users and groups in every shape — Okta's and Entra's forms,
 * paths with filters, junk — and non-JSON bodies. Rules: no answer is 5xx, and a refused write
 * changes no row (beyond the record of the call itself: the audit of the client's calls and its
 * last use). FUZZ_RUNS sets the requests (default 100 per kind).
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { changedTables, Fingerprints, startPortal, type Portal } from "./portal";
import { scimConnection } from "../service/scim-connection";

const SEED = 20261126;
const RUNS = Number(process.env.FUZZ_RUNS ?? 100);
const USER = "urn:ietf:params:scim:schemas:core:2.0:User";
const ENTERPRISE = "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User";
const PORTAL = "urn:ietf:params:scim:schemas:extension:dealerportal:2.0:User";
const PATCH = "urn:ietf:params:scim:api:messages:2.0:PatchOp";
/** What every call writes, refused or not: the audit row of the call and the client's last use. */
const CALL_RECORDS = new Set(["audit_log", "api_clients"]);

const PATHS = [
  "active",
  "title",
  "displayName",
  "userName",
  "name.givenName",
  "name.familyName",
  "name.formatted",
  "emails",
  'emails[type eq "work"].value',
  'phoneNumbers[type eq "mobile"].value',
  'phoneNumbers[type eq "fax"]',
  "phoneNumbers",
  "groups",
  "id",
  "meta.version",
  "externalId",
  `${ENTERPRISE}:employeeNumber`,
  `${ENTERPRISE}:organization`,
  `${PORTAL}:locations`,
  `${PORTAL}:administrator`,
  PORTAL,
  "members",
  'members[value eq "1"]',
  "members[value",
  "x[y eq]",
  "",
];

const junk = fc.oneof(
  fc.anything({ maxDepth: 2 }),
  fc.string({ maxLength: 300 }),
  fc.constantFrom("True", "False", "", "\u0000", "x".repeat(5000), -1, 2 ** 31, 1e308, null),
);
const text = fc.oneof(fc.string({ maxLength: 40 }), junk);

let portal: Portal;
let token = "";
let locationId = 0;
const ids: string[] = [];
let groupId = "";

function userBody(): fc.Arbitrary<unknown> {
  const resource = fc.record(
    {
      schemas: fc.oneof(fc.constant([USER, ENTERPRISE, PORTAL]), junk),
      userName: fc.oneof(
        fc.emailAddress().map((email) => `fz.${email}`.slice(0, 200)),
        fc.constant("admin@example.com"),
        text,
      ),
      name: fc.oneof(fc.record({ givenName: text, familyName: text }, { requiredKeys: [] }), junk),
      emails: fc.oneof(fc.array(fc.record({ value: text, type: text, primary: junk }, { requiredKeys: [] })), junk),
      phoneNumbers: fc.oneof(
        fc.array(fc.record({ value: text, type: fc.constantFrom("mobile", "work", "fax", "home") })),
        junk,
      ),
      active: fc.oneof(fc.boolean(), junk),
      title: text,
      preferredLanguage: fc.oneof(fc.constantFrom("de-DE", "xx", "pt_BR"), junk),
      userType: fc.oneof(fc.constantFrom("internal", "external", "Internal"), junk),
      externalId: text,
      [ENTERPRISE]: fc.oneof(fc.record({ employeeNumber: text }, { requiredKeys: [] }), junk),
      [PORTAL]: fc.oneof(
        fc.record(
          {
            locations: fc.oneof(
              fc.constant([String(locationId)]),
              fc.array(fc.oneof(fc.nat(), text), { maxLength: 3 }),
              junk,
            ),
            administrator: fc.oneof(fc.boolean(), junk),
          },
          { requiredKeys: [] },
        ),
        junk,
      ),
    },
    { requiredKeys: [] },
  );
  return fc.oneof({ weight: 4, arbitrary: resource }, { weight: 1, arbitrary: junk });
}

function patchBody(memberValues: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  const operation = fc.record(
    {
      op: fc.oneof(fc.constantFrom("add", "Add", "replace", "Replace", "remove", "Remove", "move"), junk),
      path: fc.oneof(fc.constantFrom(...PATHS), text),
      value: fc.oneof(
        junk,
        fc.array(fc.record({ value: memberValues }), { maxLength: 3 }),
        fc.record({ active: fc.oneof(fc.boolean(), junk), title: text, "name.givenName": text }, { requiredKeys: [] }),
      ),
    },
    { requiredKeys: [] },
  );
  return fc.oneof(
    {
      weight: 4,
      arbitrary: fc.record({
        schemas: fc.oneof(fc.constant([PATCH]), junk),
        Operations: fc.oneof(fc.array(operation, { maxLength: 4 }), junk),
      }),
    },
    { weight: 1, arbitrary: junk },
  );
}

interface Sample {
  method: string;
  path: string;
  body: string;
  contentType: string;
}

function requests(): fc.Arbitrary<Sample> {
  const userId = fc.oneof(fc.constantFrom(...ids), fc.constantFrom("1", "0", "999999", "abc", "-1", "1e3"));
  const member = fc.oneof(fc.constantFrom(...ids), fc.constantFrom("1", "2", "999999"), junk);
  const json = (value: unknown) => {
    try {
      return JSON.stringify(value) ?? "null";
    } catch {
      return "null";
    }
  };
  const contentType = fc.oneof(
    { weight: 8, arbitrary: fc.constant("application/scim+json") },
    { weight: 1, arbitrary: fc.constantFrom("application/json", "text/plain", "application/x-www-form-urlencoded") },
  );
  return fc.oneof(
    fc.record({ method: fc.constant("POST"), path: fc.constant("/Users"), body: userBody().map(json), contentType }),
    fc.record({
      method: fc.constant("PUT"),
      path: userId.map((id) => `/Users/${id}`),
      body: userBody().map(json),
      contentType,
    }),
    fc.record({
      method: fc.constant("PATCH"),
      path: userId.map((id) => `/Users/${id}`),
      body: patchBody(member).map(json),
      contentType,
    }),
    fc.record({
      method: fc.constantFrom("PATCH", "PUT"),
      path: fc.oneof(fc.constant(`/Groups/${groupId}`), fc.constantFrom("/Groups/1", "/Groups/999999", "/Groups/x")),
      body: patchBody(member).map(json),
      contentType,
    }),
    fc.record({
      method: fc.constantFrom("POST", "DELETE"),
      path: fc.constantFrom("/Groups", `/Groups/${groupId}`, "/Bulk", "/Me"),
      body: fc.constant("{}"),
      contentType,
    }),
    fc.record({
      method: fc.constant("POST"),
      path: fc.constant("/Users"),
      body: fc.oneof(fc.string({ maxLength: 200 }), fc.constant("[".repeat(3000))),
      contentType,
    }),
  );
}

beforeAll(async () => {
  // The jobs only when sent: on their clock they would write between a request and its check.
  portal = await startPortal({}, { schedules: false });
  const made = await scimConnection(portal.db, "Fuzz SCIM");
  token = made.token;
  locationId = made.milwaukee;
  groupId = String(made.roles[1].id);
  for (const n of [1, 2, 3]) {
    const answer = await scim(
      "POST",
      "/Users",
      JSON.stringify({
        schemas: [USER],
        userName: `fz.seed${n}@example.com`,
        name: { givenName: "Fuzz", familyName: `Seed ${n}` },
      }),
    );
    expect(answer.status).toBe(201);
    ids.push(((await answer.json()) as { id: string }).id);
  }
});

afterAll(async () => {
  await portal?.close();
});

function scim(method: string, path: string, body?: string, contentType = "application/scim+json"): Promise<Response> {
  return fetch(`${portal.origin}/scim/v2${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, "Content-Type": contentType },
    body: method === "GET" || method === "DELETE" ? undefined : body,
  });
}

describe("issue #36 fuzz: SCIM writes with a connection's token", () => {
  it("no generated write answers 5xx, and a refused one changes no row", async () => {
    const prints = new Fingerprints(portal.db);
    const serverErrors: string[] = [];
    const refusedChanges: string[] = [];
    const statuses = new Map<number, number>();
    for (const sample of fc.sample(requests(), { seed: SEED, numRuns: RUNS * 5 })) {
      const before = await prints.take();
      const answer = await scim(sample.method, sample.path, sample.body, sample.contentType);
      const text = await answer.text();
      const after = await prints.take();
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      const shown = `${sample.method} ${sample.path} ${sample.body.slice(0, 160)} → ${answer.status} ${text.slice(0, 160)}`;
      if (answer.status >= 500) serverErrors.push(shown);
      if (answer.status >= 400) {
        const changed = changedTables(before, after).filter((table) => !CALL_RECORDS.has(table));
        if (changed.length > 0) refusedChanges.push(`${shown} changed ${changed.join(", ")}`);
      }
    }
    console.log(
      `SCIM fuzz: ${[...statuses]
        .sort(([a], [b]) => a - b)
        .map(([s, n]) => `${s}×${n}`)
        .join(" ")}`,
    );
    expect(serverErrors.slice(0, 5)).toEqual([]);
    expect(refusedChanges.slice(0, 5)).toEqual([]);
    // The run reached past the checks: some writes were accepted, some refused.
    expect([...statuses.keys()].some((status) => status < 300)).toBe(true);
    expect([...statuses.keys()].some((status) => status === 400)).toBe(true);
  });
});
