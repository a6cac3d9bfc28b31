/** E2E fixture accounts the spec files name (kept free of imports so specs can load it). */

/** One dealer per e2e project whose password the account-security test changes (the demo accounts keep theirs). */
export const KEYHOLDERS = { "js-on": "keyholder-on@example.com", "js-off": "keyholder-off@example.com" } as const;

/** A user who holds no role at any organization: "No Active Organization Assigned" (SPEC §8). */
export const UNASSIGNED = "unassigned@example.com";

/** An internal employee of one brand (DEALER_STAFF at one brand-1 location): no brand entry, no password entry. */
export const SINGLE_BRAND_INSIDER = "insider@example.com";

/** A dealer the attestation API test disables (only the JavaScript-on project runs it). */
export const ATTESTATION_TARGET = "attest-target@example.com";

/** One dealer per e2e project whose account awaits migration (the changePassword required action). */
export const MIGRATORS = { "js-on": "migrate-on@example.com", "js-off": "migrate-off@example.com" } as const;

/** One dealer per e2e project whose other sessions the account-security test signs out. */
export const ROAMERS = { "js-on": "roamer-on@example.com", "js-off": "roamer-off@example.com" } as const;

/** One dealer per e2e project whose contact data, language and subscriptions the preferences test changes. */
export const PREFERENCE_USERS = { "js-on": "prefs-on@example.com", "js-off": "prefs-off@example.com" } as const;

/** A dealer holding only a role of their own (documents:view), whose features the role tests change. */
export const ROLE_PROBE = {
  email: "roleprobe@example.com",
  firstName: "Jo",
  lastName: "Probe",
  role: "E2E_DOCUMENT_READER",
} as const;

/** One dealer per e2e project whom the lifecycle test deactivates and activates again. */
export const LIFECYCLE_USERS = { "js-on": "lifecycle-on@example.com", "js-off": "lifecycle-off@example.com" } as const;

/** One dealer per e2e project whom the delete test removes. */
export const DELETABLE_USERS = { "js-on": "leaver-on@example.com", "js-off": "leaver-off@example.com" } as const;

/** One new user per e2e project who has not verified their e-mail yet (no password): the verification test's. */
export const NEWCOMERS = { "js-on": "newcomer-on@example.com", "js-off": "newcomer-off@example.com" } as const;

/** One user per e2e project last signed in 175 days ago: auto-deactivation in 5 days (issue #39 §4). */
export const DORMANT = { "js-on": "dormant-on@example.com", "js-off": "dormant-off@example.com" } as const;

/** One user per e2e project deactivated for inactivity 12 days ago, who asks to be active again (issue #39 §5). */
export const DEACTIVATED = { "js-on": "away-on@example.com", "js-off": "away-off@example.com" } as const;

/** One unverified user per e2e project whose link lapsed: the hourly job marked them (issue #15 §2). */
export const LAPSED = { "js-on": "lapsed-on@example.com", "js-off": "lapsed-off@example.com" } as const;

/**
 * One administrator per e2e project who creates users (a Portal administrator at the demo admin's
 * locations): a new user's draft is per administrator, so the projects must not share one.
 */
export const CREATORS = { "js-on": "creator-on@example.com", "js-off": "creator-off@example.com" } as const;

/**
 * One administrator per e2e project (a Portal administrator at the demo admin's locations) whose
 * session the form-rescue test ends from another browser while a post is on its way (issue #34).
 */
export const RESCUERS = { "js-on": "rescuer-on@example.com", "js-off": "rescuer-off@example.com" } as const;

/** One dealer per e2e project whom the edit test changes through the user editor. */
export const EDITABLE_USERS = { "js-on": "edited-on@example.com", "js-off": "edited-off@example.com" } as const;

/**
 * One dealer principal per e2e project whose security review is due (adminAttestation), each with
 * a dealership of their own: a user last signed in 150 days ago, one 40 days ago, two never.
 */
export const PRINCIPALS = {
  "js-on": {
    email: "principal-on@example.com",
    stale: "stale-on@example.com",
    idle: "idle-on@example.com",
    never: "never-on@example.com",
    newbie: "newbie-on@example.com",
    location: "E2E Review – North",
  },
  "js-off": {
    email: "principal-off@example.com",
    stale: "stale-off@example.com",
    idle: "idle-off@example.com",
    never: "never-off@example.com",
    newbie: "newbie-off@example.com",
    location: "E2E Review – South",
  },
} as const;

/**
 * One administrator per e2e project whose dealer location review is due (directoryReview): three
 * locations, the first with every contact, the second without Parts, the third without any; a
 * contact person at all three to assign.
 */
export const DIRECTORS = {
  "js-on": {
    email: "director-on@example.com",
    contact: "contact-on@example.com",
    locations: ["E2E Directory On – Ames", "E2E Directory On – Boone", "E2E Directory On – Clive"],
  },
  "js-off": {
    email: "director-off@example.com",
    contact: "contact-off@example.com",
    locations: ["E2E Directory Off – Ames", "E2E Directory Off – Boone", "E2E Directory Off – Clive"],
  },
} as const;

/** One administrator per e2e project whose location has no warranty signatory (singularRolesReview). */
export const SINGULARS = {
  "js-on": {
    email: "singular-on@example.com",
    signatory: "signatory-on@example.com",
    location: "E2E Singular On – Dubuque",
  },
  "js-off": {
    email: "singular-off@example.com",
    signatory: "signatory-off@example.com",
    location: "E2E Singular Off – Dubuque",
  },
} as const;

/** One bulk-import administrator per e2e project, at a location of their own (the users they import land there). */
export const IMPORTERS = {
  "js-on": { email: "importer-on@example.com", location: "E2E Import On – Ankeny" },
  "js-off": { email: "importer-off@example.com", location: "E2E Import Off – Ankeny" },
} as const;

/**
 * One dealer per e2e project at Prairie Equipment – Columbus (the demo admin's location) holding a
 * web role of its own: the acknowledgement test's announcement targets that role, so it reaches
 * them alone and its receipt counts are exact (issue #40 §3).
 */
export const ACKNOWLEDGERS = {
  "js-on": { email: "receipt-on@example.com", webRole: "E2E_ACKNOWLEDGER_ON", lastName: "Acker-On" },
  "js-off": { email: "receipt-off@example.com", webRole: "E2E_ACKNOWLEDGER_OFF", lastName: "Acker-Off" },
} as const;
