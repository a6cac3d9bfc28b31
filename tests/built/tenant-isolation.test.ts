/**
 * Issue #30 §6: tenant isolation, against the built portal. Three dealership administrators of
 * different dealers (principal@ Denver, directory@ Omaha/Lincoln/Wichita, singular@ Tulsa) and a
 * dealer (dealer@ Columbus) try every write the portal has — each form action, each API write,
 * each import kind — against the other dealers' users and locations and the portal-wide
 * catalogue. Each attempt is refused (a 4xx, or the access-denied or sign-in redirect) and
 * changes no table.
 */
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  apiClients,
  announcements,
  applications,
  directoryConfigurations,
  directoryItems,
  documents,
  identities,
  organizations,
  permissionSets,
  roleAssignments,
  securityRoles,
} from "../../app/db/schema";
import {
  changedTables,
  discoverActionRoutes,
  Fingerprints,
  PortalClient,
  startPortal,
  type ActionRoute,
  type Portal,
} from "./portal";

/** Writes of one's own data, or none at all: not a way into another tenant, so not tried here. */
const OWN_DATA = new Set([
  "/",
  "/*",
  "/account/migrate",
  "/account/security",
  "/api/v2/user",
  "/api/v2/user/migrate/ldap",
  "/locale",
  "/theme",
  "/preferences/:path?",
  "/session/keepalive",
  "/signin/:uid",
  "/verify-email/:token",
  "/logout",
  // The browser's report of a translations file it could not fetch: a log line, nothing written.
  "/public/translation-failure",
  // Filters and exports of one's own audit view: it reads, it writes nothing.
  "/admin/audit/:view",
  // Confirming one's own security review and directory review.
  "/api/v2/admin/attestation-review/update",
  "/api/v2/admin/directory-data/last-review-date/:context",
]);

/**
 * The administrator's own records: a run of an import (its check is allowed, what it would write
 * is not), their directory review's state, and the access version such a write bumps.
 */
const OWN_RECORDS = new Set(["import_runs", "directory_review_states", "catalogue_versions"]);

const ACTORS = ["principal@example.com", "directory@example.com", "singular@example.com", "dealer@example.com"];

interface Targets {
  /** A user none of whose locations is the actor's. */
  foreignUser: number;
  /** The demo's deactivated user, of Columbus (issue #39 §5). */
  deactivatedUser: number;
  /** A dealer location that is not the actor's. */
  foreignLocation: number;
  /** Its external id (the organization import names it so). */
  foreignLocationExternalId: string;
  directoryConfiguration: number;
  directoryItem: number;
}

interface Catalogue {
  role: number;
  permissionSet: number;
  application: number;
  announcement: number;
  document: number;
  /** The demo admin's API client: another administrator's, for every actor. */
  apiClient: number;
}

interface Attempt {
  label: string;
  method: string;
  url: string;
  form?: [string, string][];
  json?: unknown;
  multipart?: { fields: [string, string][]; file: { name: string; text: string } };
}

let portal: Portal;
let prints: Fingerprints;
let catalogue: Catalogue;
const clients = new Map<string, PortalClient>();
const targets = new Map<string, Targets>();
const actionRoutes = await discoverActionRoutes();

async function idOf(email: string): Promise<number> {
  const [row] = await portal.db.select({ id: identities.id }).from(identities).where(eq(identities.email, email));
  return row.id;
}

async function targetsOf(email: string): Promise<Targets> {
  const actor = await idOf(email);
  const own = (
    await portal.db
      .select({ id: roleAssignments.organizationId })
      .from(roleAssignments)
      .where(eq(roleAssignments.identityId, actor))
  ).map((row) => row.id);
  const [location] = await portal.db
    .select({ id: organizations.id, externalId: organizations.externalId, brandId: organizations.brandId })
    .from(organizations)
    .where(
      and(eq(organizations.type, "location"), eq(organizations.brandId, 1), sql`${organizations.id} not in ${own}`),
    )
    .orderBy(organizations.id);
  const [user] = await portal.db
    .selectDistinct({ id: roleAssignments.identityId })
    .from(roleAssignments)
    .where(
      and(
        eq(roleAssignments.organizationId, location.id),
        ne(roleAssignments.identityId, actor),
        sql`${roleAssignments.identityId} not in (select ra.identity_id from role_assignments ra where ra.organization_id in ${own})`,
      ),
    );
  const [item] = await portal.db
    .select({ configuration: directoryConfigurations.id, item: directoryItems.id })
    .from(directoryItems)
    .innerJoin(directoryConfigurations, eq(directoryConfigurations.id, directoryItems.configurationId))
    .where(and(eq(directoryConfigurations.brandId, 1), eq(directoryConfigurations.context, "DEALER_LOCATION")));
  return {
    foreignUser: user.id,
    deactivatedUser: await idOf("inactive@example.com"),
    foreignLocation: location.id,
    foreignLocationExternalId: location.externalId!,
    directoryConfiguration: item.configuration,
    directoryItem: item.item,
  };
}

async function firstId(table: typeof securityRoles | typeof permissionSets | typeof applications): Promise<number> {
  const [row] = await portal.db.select({ id: table.id }).from(table).orderBy(table.id).limit(1);
  return row.id;
}

/** A concrete address of a route: its parameters filled with the target of the route's kind. */
function urlOf(route: ActionRoute, t: Targets, mode = "view", tab = "contact"): string {
  const value = (name: string): string | null => {
    const pattern = route.pattern;
    if (name === "id") {
      if (pattern.toLowerCase().includes("users")) return String(t.foreignUser);
      if (pattern.includes("/scim/v2/Groups")) return String(catalogue.role);
      if (pattern.includes("security-role")) return String(catalogue.role);
      if (pattern.includes("permission-set")) return String(catalogue.permissionSet);
      if (pattern.includes("application")) return String(catalogue.application);
      if (pattern.includes("announcement")) return String(catalogue.announcement);
      if (pattern.includes("api-clients")) return String(catalogue.apiClient);
      return "1";
    }
    if (name === "context") return "DEALER_LOCATION";
    if (name === "mode") return mode;
    if (name === "tab") return tab;
    if (name === "runId") return "1";
    return null;
  };
  const path = route.pattern
    .split("/")
    .map((segment) => (segment.startsWith(":") ? value(segment.slice(1).replace(/\?$/, "")) : segment))
    .filter((segment): segment is string => segment !== null)
    .join("/");
  return `${path}${route.needsIndexParam ? "?index" : ""}`;
}

const announcementFields = (brandIds: string[]): [string, string][] => [
  ["title", "Taken over"],
  ["description", ""],
  ["content", "<p>x</p>"],
  ["language", "en"],
  ["priority", "highest"],
  ["linkUrl", "https://example.com/"],
  ["startDate", new Date().toISOString().slice(0, 10)],
  ["expirationDate", new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10)],
  ...brandIds.map((id): [string, string] => ["brandIds", id]),
  ["regionCodes", "NA"],
];

/** The attempts of one route: the writes an attacker would try, with another tenant's ids. */
function attemptsOf(route: ActionRoute, t: Targets): Attempt[] {
  const url = urlOf(route, t);
  const p = route.pattern;
  const post = (label: string, form: [string, string][], at = url): Attempt => ({
    label,
    method: "POST",
    url: at,
    form,
  });
  const json = (method: string, label: string, body: unknown, at = url): Attempt => ({
    label,
    method,
    url: at,
    json: body,
  });
  const user = String(t.foreignUser);
  const location = String(t.foreignLocation);
  const directory = (intent: string): [string, string][] => [
    ["intent", intent],
    ["directoryDataConfigurationId", String(t.directoryConfiguration)],
    ["organizationId", location],
    ["selections[0].directoryDataTypeId", String(t.directoryItem)],
    ["selections[0].identityId", user],
  ];
  if (p === "/admin/users/:id/view/:tab?")
    return [
      ...["deactivate", "activate", "delete", "endSessions", "resend", "resync"].map((intent) =>
        post(intent, [
          ["intent", intent],
          ["reason", "left"],
        ]),
      ),
    ];
  if (p === "/admin/users")
    return [
      // Issue #39 §5: the demo's deactivated user (Columbus) is another dealer's for the administrators.
      post("one-click activation of another dealer's deactivated user", [
        ["intent", "activate"],
        ["id", String(t.deactivatedUser)],
      ]),
      post("one-click activation of another dealer's user", [
        ["intent", "activate"],
        ["id", user],
      ]),
    ];
  if (p === "/admin/users/:id/preview")
    return [
      post("a write in another dealer's user's preview", [
        ["intent", "markRead"],
        ["announcementId", "1"],
      ]),
    ];
  if (p === "/admin/users/:id/edit/:tab?")
    return [
      post("contact tab", [
        ["firstName", "Taken"],
        ["lastName", "Over"],
        ["email", "taken.over@example.com"],
        ["userType", "internal"],
        ["role", "admin"],
      ]),
      post("locations tab", [["locations", location]], urlOf(route, t, "edit", "locations")),
      post("complete", [["intent", "complete"]], urlOf(route, t, "edit", "review")),
    ];
  if (p.startsWith("/admin/users/create") || p === "/admin/users/copyrole" || p === "/admin/users/copyuser")
    return [
      post("a user at another dealer's location", [
        ["locations", location],
        ["userId", user],
        ["roles", String(catalogue.role)],
        ["firstName", "New"],
        ["lastName", "User"],
        ["email", "new.user.elsewhere@example.com"],
        ["intent", "complete"],
      ]),
    ];
  if (p === "/security-review")
    return ["disable", "disableConfirmed"].map((intent) =>
      post(intent, [
        ["intent", intent],
        ["identityIds", user],
      ]),
    );
  if (p === "/admin/api-clients/new")
    return [
      post("a client of another dealer's location", [
        ["name", "Elsewhere"],
        ["scopes", "users:write"],
        ["locationIds", location],
        ["expiresOn", new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10)],
      ]),
    ];
  if (p === "/admin/api-clients/:id")
    return ["rotate", "retirePrevious", "revoke"].map((intent) => post(intent, [["intent", intent]]));
  if (p === "/directory-review/:context" || p === "/admin/manage-directory/:context?")
    return [post("save", directory("save"))];
  if (p === "/api/v2/admin/directory-data/:context/selections")
    return ["PUT", "POST"].map((method) =>
      json(method, "selections", {
        directoryDataConfigurationId: t.directoryConfiguration,
        organizationId: t.foreignLocation,
        selections: [{ directoryDataTypeId: t.directoryItem, identityId: t.foreignUser }],
      }),
    );
  if (p === "/api/v2/admin/directory-data/last-review-date/:context") return [json("PUT", "review date", {})];
  if (p === "/api/v2/admin/attestation-review/deactivate")
    return [json("PUT", "deactivate", { identityIds: [t.foreignUser] })];
  if (p === "/api/v2/admin/attestation-review/update") return [json("PUT", "update", { accurate: true })];
  // A session is no SCIM connection: each is refused (401) before anything is read (issue #36).
  if (p === "/scim/v2/Users")
    return [
      json("POST", "SCIM create at another location", {
        schemas: ["urn:ietf:params:scim:schemas:core:2.0:User"],
        userName: "scim.elsewhere@example.com",
        name: { givenName: "New", familyName: "User" },
        "urn:ietf:params:scim:schemas:extension:dealerportal:2.0:User": { locations: [String(t.foreignLocation)] },
      }),
    ];
  if (p === "/scim/v2/Users/:id")
    return [
      json("PATCH", "SCIM deactivate", {
        schemas: ["urn:ietf:params:scim:api:messages:2.0:PatchOp"],
        Operations: [{ op: "replace", value: { active: false } }],
      }),
      json("PUT", "SCIM replace", { userName: "taken@example.com", name: { givenName: "A", familyName: "B" } }),
      json("DELETE", "SCIM delete", {}),
    ];
  if (p === "/scim/v2/Groups") return [json("POST", "SCIM group", { displayName: "Taken over" })];
  if (p === "/scim/v2/Groups/:id")
    return [
      json("PATCH", "SCIM member of another dealer", {
        schemas: ["urn:ietf:params:scim:api:messages:2.0:PatchOp"],
        Operations: [{ op: "add", path: "members", value: [{ value: user }] }],
      }),
      json("PUT", "SCIM members", { displayName: "Taken over", members: [{ value: user }] }),
      json("DELETE", "SCIM delete group", {}),
    ];
  if (p === "/scim/v2/*") return [json("POST", "SCIM unknown endpoint", {})];
  if (p === "/api/v2/admin/users")
    return [
      json("POST", "create at another location", {
        firstName: "New",
        lastName: "User",
        email: "api.elsewhere@example.com",
        locations: [t.foreignLocation],
        roles: [catalogue.role],
      }),
    ];
  if (p.startsWith("/api/v2/admin/users/:id"))
    return p === "/api/v2/admin/users/:id"
      ? [
          json("PATCH", "patch", { jobTitle: "Taken over", userType: "internal" }),
          json("PUT", "put", { jobTitle: "Taken over" }),
          json("DELETE", "delete", {}),
        ]
      : [json("PUT", "lifecycle", { reason: "left" }), json("POST", "lifecycle", { reason: "left" })];
  if (p === "/api/v2/admin/security-roles" || p === "/api/v2/admin/security-roles/:id") {
    const role = {
      name: "TAKEN",
      displayName: "Taken",
      features: ["admin:users:read"],
      assignableBy: [catalogue.role],
    };
    return p.endsWith(":id")
      ? [json("PUT", "add a feature", role), json("PATCH", "add a feature", role), json("DELETE", "delete", {})]
      : [json("POST", "create", role)];
  }
  if (p === "/api/v2/admin/permission-sets" || p === "/api/v2/admin/permission-sets/:id") {
    const set = {
      name: "TAKEN",
      displayName: "Taken",
      required: false,
      selectionMode: "single",
      roles: [catalogue.role],
    };
    return p.endsWith(":id")
      ? [json("PUT", "change", set), json("DELETE", "delete", {})]
      : [json("POST", "create", set)];
  }
  if (p === "/api/v2/announcements" || p === "/api/v2/announcements/:id") {
    const body = {
      title: "Taken over",
      content: "<p>x</p>",
      language: "en",
      priority: "highest",
      startDate: new Date().toISOString(),
      expirationDate: new Date(Date.now() + 7 * 86_400_000).toISOString(),
      brandIds: [3, 5],
      regionCodes: ["NA"],
      roles: [],
    };
    return p.endsWith(":id")
      ? [json("PUT", "edit", body), json("DELETE", "delete", {})]
      : [json("POST", "publish to brands 3 and 5", body)];
  }
  if (p === "/admin/security-role/:id?")
    return [
      post("add a feature", [
        ["name", "DEALER_STAFF"],
        ["displayName", "Dealer staff"],
        ["features", "documents:view"],
        ["features", "admin:users:read"],
      ]),
      post("delete", [["intent", "delete"]]),
    ];
  if (p === "/admin/permission-set/:id?")
    return [
      post("save", [
        ["displayName", "Taken"],
        ["roles", String(catalogue.role)],
      ]),
      post("delete", [["intent", "delete"]]),
    ];
  if (p === "/admin/application/:id?")
    return [
      post("save", [
        ["name", "TAKEN"],
        ["displayName", "Taken"],
        ["link", "https://example.com/"],
        ["brandId", "3"],
        ["regionCode", "NA"],
      ]),
      post("delete", [["intent", "delete"]]),
    ];
  if (p === "/admin/applications")
    return [
      post("move", [
        ["intent", "move"],
        ["id", String(catalogue.application)],
        ["direction", "top"],
      ]),
    ];
  if (p === "/admin/announcement/:id?/:mode?")
    return [post("edit to brands 3 and 5", announcementFields(["3", "5"])), post("delete", [["intent", "delete"]])];
  if (p === "/documents")
    return [
      post("delete", [
        ["intent", "delete"],
        ["id", String(catalogue.document)],
      ]),
      {
        label: "upload",
        method: "POST",
        url,
        multipart: {
          fields: [
            ["intent", "upload"],
            ["name", "Taken"],
            ["subject", "General"],
          ],
          file: { name: "a.pdf", text: "%PDF-1.4\n" },
        },
      },
    ];
  if (p === "/admin/orgs-bulk-assignments")
    return [
      {
        label: "rename another dealer's location",
        method: "POST",
        url,
        multipart: {
          fields: [],
          file: {
            name: "orgs.csv",
            text: `organizationId,name,type,brand,region,parentId,address\r\n${t.foreignLocationExternalId},Taken over,location,1,NA,,Elsewhere\r\n`,
          },
        },
      },
    ];
  if (p === "/admin/wsr-bulk-assignments")
    return [
      {
        label: "a user at another dealer's location",
        method: "POST",
        url,
        multipart: {
          fields: [],
          file: {
            name: "users.csv",
            text: `email,firstName,lastName,locationIds,securityRoles\r\nwsr.elsewhere@example.com,New,User,${location},Dealer staff\r\n`,
          },
        },
      },
    ];
  if (p === "/admin/orgs-bulk-assignments/:runId" || p === "/admin/wsr-bulk-assignments/:runId")
    return [post("import another's run", [["intent", "import"]])];
  return [];
}

async function send(client: PortalClient, attempt: Attempt): Promise<Response> {
  if (attempt.json !== undefined)
    return client.sendAlone(attempt.url, {
      method: attempt.method,
      body: JSON.stringify(attempt.json),
      contentType: "application/json",
    });
  if (attempt.multipart) {
    const form = new FormData();
    for (const [name, value] of attempt.multipart.fields) form.append(name, value);
    form.append("file", new Blob([attempt.multipart.file.text], { type: "text/csv" }), attempt.multipart.file.name);
    return client.sendAlone(attempt.url, { method: "POST", body: form });
  }
  return client.sendAlone(attempt.url, {
    method: "POST",
    body: new URLSearchParams(attempt.form ?? []).toString(),
    contentType: "application/x-www-form-urlencoded",
  });
}

/**
 * A refusal: a 4xx; the access-denied or sign-in redirect; the create flow sent back to its start;
 * or the review API's answer that names the user as refused and disables nobody.
 */
function refused(response: Response, body: string): boolean {
  if (response.status >= 400 && response.status < 500) return true;
  const location = response.headers.get("location") ?? "";
  if (response.status >= 300 && response.status < 400)
    return /^\/(access-denied|login)\b/.test(location) || location === "/admin/users/create";
  if (response.status === 200 && body.startsWith("{")) {
    const data = (JSON.parse(body) as { data?: { disabled?: unknown[]; refused?: unknown[] } }).data;
    return Array.isArray(data?.disabled) && data.disabled.length === 0 && (data.refused?.length ?? 0) > 0;
  }
  return false;
}

beforeAll(async () => {
  // The jobs only when sent: on their clock they would write between a request and its check.
  portal = await startPortal({}, { schedules: false });
  prints = new Fingerprints(portal.db);
  catalogue = {
    role: (
      await portal.db.select({ id: securityRoles.id }).from(securityRoles).where(eq(securityRoles.name, "DEALER_STAFF"))
    )[0].id,
    permissionSet: await firstId(permissionSets),
    application: await firstId(applications),
    announcement: (
      await portal.db.select({ id: announcements.id }).from(announcements).orderBy(announcements.id).limit(1)
    )[0].id,
    document: (await portal.db.select({ id: documents.id }).from(documents).orderBy(documents.id).limit(1))[0].id,
    apiClient: (
      await portal.db
        .insert(apiClients)
        .values({
          clientId: "pc_tenantisolation000000001",
          name: "Demo admin's DMS",
          scopes: ["users:read"],
          locationIds: [],
          createdBy: await idOf("admin@example.com"),
          expiresAt: new Date(Date.now() + 30 * 86_400_000),
        })
        .returning({ id: apiClients.id })
    )[0].id,
  };
  for (const email of ACTORS) {
    const client = new PortalClient(portal.origin, portal.db);
    await client.signIn(email);
    clients.set(email, client);
    targets.set(email, await targetsOf(email));
  }
});

afterAll(async () => {
  await portal?.close();
});

describe("issue #30 §6 tenant isolation: dealer administrators and a dealer reach nothing beyond their dealership", () => {
  it("every action route is either tried here or writes only the user's own data", () => {
    const untried = actionRoutes.filter(
      (route) =>
        !OWN_DATA.has(route.pattern) &&
        attemptsOf(route, {
          foreignUser: 1,
          deactivatedUser: 1,
          foreignLocation: 1,
          foreignLocationExternalId: "X",
          directoryConfiguration: 1,
          directoryItem: 1,
        }).length === 0,
    );
    expect(untried.map((route) => route.pattern)).toEqual([]);
  });

  it("the targets are real: each actor's foreign user and location exist and are not theirs", async () => {
    for (const email of ACTORS) {
      const t = targets.get(email)!;
      const theirs = await portal.db
        .select({ id: roleAssignments.organizationId })
        .from(roleAssignments)
        .where(
          and(
            eq(roleAssignments.identityId, await idOf(email)),
            inArray(roleAssignments.organizationId, [t.foreignLocation]),
          ),
        );
      expect(theirs).toEqual([]);
      expect(t.foreignUser).toBeGreaterThan(0);
    }
  });

  for (const email of ACTORS) {
    describe(email, () => {
      const crossing = actionRoutes.filter((route) => !OWN_DATA.has(route.pattern));
      it.each(crossing.map((route) => [route.pattern, route] as const))("%s", async (_pattern, route) => {
        const client = clients.get(email)!;
        const failures: string[] = [];
        for (const attempt of attemptsOf(route, targets.get(email)!)) {
          if (!(await client.signedIn())) await client.signIn(email);
          const before = await prints.take();
          const response = await send(client, attempt);
          const body = await response.text();
          const changed = changedTables(before, await prints.take()).filter((table) => !OWN_RECORDS.has(table));
          const upload =
            attempt.multipart && response.status === 302 && /\/\d+$/.test(response.headers.get("location") ?? "");
          if (!refused(response, body) && !upload)
            failures.push(
              `${attempt.method} ${attempt.url} (${attempt.label}) → ${response.status} ${response.headers.get("location") ?? ""} ${body.slice(0, 120)}`,
            );
          if (changed.length > 0)
            failures.push(`${attempt.method} ${attempt.url} (${attempt.label}) changed ${changed.join(", ")}`);
          if (upload) {
            // The check of an upload writes nothing but the run; importing it must change nothing either.
            const runUrl = response.headers.get("location")!;
            const beforeStart = await prints.take();
            const started = await client.sendAlone(runUrl, {
              method: "POST",
              body: "intent=import",
              contentType: "application/x-www-form-urlencoded",
            });
            const startedBody = await started.text();
            const changedByStart = changedTables(beforeStart, await prints.take()).filter(
              (table) => !OWN_RECORDS.has(table),
            );
            if (!refused(started, startedBody) || changedByStart.length > 0)
              failures.push(`import of ${attempt.label} → ${started.status}, changed ${changedByStart.join(", ")}`);
          }
        }
        if (failures.length > 0) console.log(`${email}:\n  ${failures.join("\n  ")}`);
        expect(failures).toEqual([]);
      });
    });
  }
});
