import { z } from "zod";
import { apiOperation, dataOf, idParams, notFound, pageOf, refused, type ApiOperation } from "~/api/contract";
import { listQueryOf } from "~/api/record-contract";
import { USERS_EDIT, USERS_LIFECYCLE } from "~/permissions/write-rules";
import { deactivationSchema, DEACTIVATION_REASONS, DEPROVISIONED } from "./lifecycle";
import { LAST_LOGIN_FILTERS, USER_KINDS as LIST_KINDS, USER_SORTS, USER_STATUSES } from "./list-options";
import { userRoutes } from "./routes";
import { USER_KINDS, USER_TYPES, userApiSchema, userPatchSchema } from "./schema";

/*
 * The /api/v2/admin/users operations (issue #35): the users of the caller's own locations; any
 * other user is 404, never 403 (issue #14 §1). Reads are guarded like the users list, writes need
 * USERS_EDIT or USERS_LIFECYCLE.
 */

/** A row of the users list (users.server.ts `UserListRow`). */
export const userListRowSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  jobTitle: z.string().nullable(),
  location: z
    .string()
    .nullable()
    .meta({ description: "The name of the user's preferred location (else the first by name)." }),
  lastLoginAt: z.iso.datetime().nullable(),
  status: z.enum(USER_STATUSES),
  userType: z.enum(USER_TYPES),
  role: z.enum(USER_KINDS),
  deactivatesIn: z.number().int().nullable().meta({
    description: "Days left before auto-deactivation for inactivity, from 14 days before on; null otherwise.",
  }),
  reactivationRequestedAt: z.iso.datetime().nullable().meta({
    description: "When the deactivated user asked to be active again at sign-in; null otherwise.",
  }),
});

/** One managed user as the API reads them (users.server.ts `ManagedUser`). */
export const managedUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  jobTitle: z.string().nullable(),
  phoneMobile: z.string().nullable(),
  phoneSecondary: z.string().nullable(),
  fax: z.string().nullable(),
  preferredLanguage: z.string(),
  activeDirectoryUsername: z.string().nullable(),
  listingName: z.string().nullable(),
  userType: z.enum(USER_TYPES),
  role: z.enum(USER_KINDS),
  serialNumber: z.string(),
  employeeNumber: z.string().nullable(),
  status: z.enum(USER_STATUSES),
  deactivationReason: z
    .string()
    .nullable()
    .meta({
      description: `Why the user was deactivated: ${[...DEACTIVATION_REASONS, DEPROVISIONED].join(", ")}; null when active.`,
    }),
  lastLoginAt: z.iso.datetime().nullable(),
  updatedAt: z.iso
    .datetime()
    .meta({ description: "The edit stamp: send it back with a PATCH to refuse a stale change." }),
  locations: z
    .array(z.object({ id: z.number().int(), name: z.string(), preferred: z.boolean() }))
    .meta({ description: "The user's locations, the preferred one first." }),
  assignments: z
    .array(z.object({ securityRoleId: z.number().int(), organizationId: z.number().int() }))
    .meta({ description: "The security roles held, at which location." }),
  emailLists: z.array(z.number().int()).meta({ description: "The distribution lists the user is subscribed to." }),
  applicationIds: z
    .array(z.number().int())
    .meta({ description: 'Applications flagged "requires assignment" the user is assigned to.' }),
  permissions: z
    .array(z.object({ set: z.number().int(), roles: z.array(z.number().int()) }))
    .meta({ description: "Digital permissions: the roles chosen per permission set." }),
});

const listRowExample = {
  id: 231,
  firstName: "Anna",
  lastName: "Keller",
  email: "anna.keller@autohaus-keller.example",
  jobTitle: "Service advisor",
  location: "Autohaus Keller Stuttgart",
  lastLoginAt: "2024-06-10T07:42:18.000Z",
  status: "active",
  userType: "external",
  role: "regular",
  deactivatesIn: null,
  reactivationRequestedAt: null,
};

const userExample = {
  id: 231,
  email: "anna.keller@autohaus-keller.example",
  firstName: "Anna",
  lastName: "Keller",
  jobTitle: "Service advisor",
  phoneMobile: "+49 171 5550123",
  phoneSecondary: null,
  fax: null,
  preferredLanguage: "de",
  activeDirectoryUsername: null,
  listingName: null,
  userType: "external",
  role: "regular",
  serialNumber: "U7K2M9QX4T",
  employeeNumber: null,
  status: "active",
  deactivationReason: null,
  lastLoginAt: "2024-06-10T07:42:18.000Z",
  updatedAt: "2024-06-11T09:03:51.774Z",
  locations: [{ id: 18, name: "Autohaus Keller Stuttgart", preferred: true }],
  assignments: [{ securityRoleId: 12, organizationId: 18 }],
  emailLists: [3],
  applicationIds: [],
  permissions: [{ set: 4, roles: [12] }],
};

const createBodyExample = {
  firstName: "Anna",
  lastName: "Keller",
  email: "anna.keller@autohaus-keller.example",
  jobTitle: "Service advisor",
  phoneMobile: "+49 171 5550123",
  preferredLanguage: "de",
  userType: "external",
  role: "regular",
  locations: [18],
  roles: [12],
  permissions: [{ set: 4, roles: [12] }],
  emailLists: [3],
};

const oneOf = (values: readonly string[]) => values.join(", ");

const listQuery = listQueryOf({
  q: "Text contained in the name, e-mail or job title, or in the name of one of the user's locations.",
  sortBy: `The sort column: ${oneOf(USER_SORTS)} (name unless given; an unknown one is name).`,
}).extend({
  status: z
    .string()
    .optional()
    .meta({ description: `Only users of this status: ${oneOf(USER_STATUSES)}.` }),
  userType: z
    .string()
    .optional()
    .meta({ description: `Only users of this type: ${oneOf(USER_TYPES)}.` }),
  kind: z
    .string()
    .optional()
    .meta({ description: `Only administrators or standard users: ${oneOf(LIST_KINDS)}.` }),
  lastLogin: z
    .string()
    .optional()
    .meta({
      description: `Last sign-in: ${oneOf(LAST_LOGIN_FILTERS)} (never, or more than 30, 90 or 180 days ago).`,
    }),
});

const userNotFound = notFound("the user (another dealer's user is not there for the caller)");

const incomplete = refused(
  "The body does not fit the schema, or the user would be incomplete as the editor checks it (a required choice missing): each field's messages.",
);

/** The JSON body of a write that takes none: the routes still read it as JSON (415 for another type). */
const EMPTY_BODY_NOTE = "Send `{}` (or an empty body) as application/json.";

export const usersApiOperations: ApiOperation[] = [
  apiOperation({
    method: "get",
    path: "/api/v2/admin/users",
    operationId: "listUsers",
    tag: "users",
    summary: "List the users of the caller's locations",
    description:
      "The users of the caller's own locations with the screen's parameters (search, filters, sort, page); guarded like the list.",
    rule: userRoutes.users.rule,
    query: listQuery,
    replies: {
      200: {
        description: "A page of users.",
        schema: dataOf(pageOf(userListRowSchema)),
        example: { data: { items: [listRowExample], total: 1, page: 1, pageCount: 1 } },
      },
    },
  }),
  apiOperation({
    method: "post",
    path: "/api/v2/admin/users",
    operationId: "createUser",
    tag: "users",
    summary: "Create a user",
    description:
      "A new user with contact data, locations (the first preferred) and roles — only the caller's locations and roles they may assign. The user gets the verification e-mail, as from the screen.",
    rule: USERS_LIFECYCLE,
    body: userApiSchema,
    bodyExample: createBodyExample,
    replies: {
      201: { description: "The user, created.", schema: dataOf(managedUserSchema), example: { data: userExample } },
      400: incomplete,
      403: refused(
        "The caller lacks the features this operation needs, the write came from another site, or the body gives a location, role, application, permission or list the caller may not give.",
      ),
      409: refused("The e-mail address is taken by another user."),
    },
  }),
  apiOperation({
    method: "get",
    path: "/api/v2/admin/users/{id}",
    operationId: "getUser",
    stamped: true,
    tag: "users",
    summary: "Read a user",
    description: "A user of the caller's own locations; any other id is 404, never 403.",
    rule: userRoutes.users.rule,
    params: idParams,
    replies: {
      200: { description: "The user.", schema: dataOf(managedUserSchema), example: { data: userExample } },
      404: userNotFound,
    },
  }),
  apiOperation({
    // The route answers PATCH: a partial change, not a replacement.
    method: "patch",
    path: "/api/v2/admin/users/{id}",
    operationId: "updateUser",
    stamped: true,
    tag: "users",
    summary: "Change a user",
    description:
      "Any of the contact data, locations, roles, applications, digital permissions (`[{ set, roles }]`) and e-mail lists, checked like the editor's complete; with `updatedAt` a user changed since is 409; one's own privileges are 403.",
    rule: USERS_EDIT,
    params: idParams,
    body: userPatchSchema,
    bodyExample: { jobTitle: "Service manager", roles: [12, 15], updatedAt: userExample.updatedAt },
    replies: {
      200: { description: "The user, saved.", schema: dataOf(managedUserSchema), example: { data: userExample } },
      400: incomplete,
      403: refused(
        "The caller lacks the features this operation needs, the write came from another site, the change gives what the caller may not give, or it changes the caller's own privileges (issue #30).",
      ),
      404: userNotFound,
      409: refused(
        "Nothing was saved: the user changed since the `updatedAt` sent was read, or the e-mail address is taken by another user.",
      ),
    },
  }),
  apiOperation({
    method: "delete",
    path: "/api/v2/admin/users/{id}",
    operationId: "deleteUser",
    tag: "users",
    summary: "Delete a user",
    description: "The user and their assignments go, with every session and token; never one's own account (403).",
    rule: USERS_LIFECYCLE,
    params: idParams,
    replies: {
      204: { description: "The user was deleted." },
      403: refused(
        "The caller lacks the features this operation needs, the write came from another site, or the user is the caller.",
      ),
      404: userNotFound,
    },
  }),
  apiOperation({
    method: "post",
    path: "/api/v2/admin/users/{id}/activate",
    operationId: "activateUser",
    tag: "users",
    summary: "Activate a user",
    description: `Activates a deactivated user; an active one stays as it is; never one's own account (403). ${EMPTY_BODY_NOTE}`,
    rule: USERS_LIFECYCLE,
    params: idParams,
    replies: {
      200: { description: "The user, active.", schema: dataOf(managedUserSchema), example: { data: userExample } },
      403: refused(
        "The caller lacks the features this operation needs, the write came from another site, or the user is the caller.",
      ),
      404: userNotFound,
    },
  }),
  apiOperation({
    method: "post",
    path: "/api/v2/admin/users/{id}/deactivate",
    operationId: "deactivateUser",
    tag: "users",
    summary: "Deactivate a user",
    description:
      "Deactivates a user with a reason and ends every session, token and grant of theirs at once; an inactive one stays as it is; never one's own account (403).",
    rule: USERS_LIFECYCLE,
    params: idParams,
    body: deactivationSchema,
    bodyExample: { reason: "leftCompany" },
    replies: {
      200: {
        description: "The user, inactive.",
        schema: dataOf(managedUserSchema),
        example: { data: { ...userExample, status: "inactive", deactivationReason: "leftCompany" } },
      },
      403: refused(
        "The caller lacks the features this operation needs, the write came from another site, or the user is the caller.",
      ),
      404: userNotFound,
    },
  }),
  apiOperation({
    method: "post",
    path: "/api/v2/admin/users/{id}/resend-verification",
    operationId: "resendUserVerification",
    tag: "users",
    summary: "Resend the verification e-mail",
    description: `A new 72-hour verification link replaces the old one. ${EMPTY_BODY_NOTE}`,
    rule: USERS_EDIT,
    params: idParams,
    replies: {
      200: {
        description: "The e-mail is on its way: a message in the caller's language.",
        schema: z.object({ message: z.string() }),
        example: { message: "Verification email sent" },
      },
      404: userNotFound,
      409: refused("The user has verified their e-mail address already."),
    },
  }),
  apiOperation({
    method: "post",
    path: "/api/v2/admin/users/{id}/resync",
    operationId: "resyncUser",
    tag: "users",
    summary: "Push a user to the downstream systems again",
    description: `The user is pushed to every downstream target again. ${EMPTY_BODY_NOTE}`,
    rule: USERS_EDIT,
    params: idParams,
    replies: {
      200: {
        description: "The pushes are queued: a message in the caller's language.",
        schema: z.object({ message: z.string() }),
        example: { message: "Force resync request sent successfully" },
      },
      404: userNotFound,
      409: refused("No downstream target is configured: there is nothing to push to."),
    },
  }),
];
