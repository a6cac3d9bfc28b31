import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { ownFields } from "~/security/form-body.server";
import type { Database } from "~/db/client.server";
import type { Actor } from "~/permissions/actor";
import {
  applicationsSchema,
  contactSchema,
  emailsSchema,
  locationsInOrder,
  locationsSchema,
  rolesSchema,
} from "./schema";
import { withKept } from "./assignable";
import type { UserDraft } from "./draft";
import { reviewPromptAfter, type EditorTab } from "./editor-tabs";
import { writeDraft } from "./drafts.server";
import { emailTaken } from "./save-user.server";
import { draftWithinChoices, offeredLists, type EditorChoices } from "./editor-choices.server";
import {
  permissionProblems,
  permissionsAfterPost,
  permissionsOfForm,
  permissionField,
  permissionsSchema,
  prunedToOffers,
  shownSets,
  type DigitalOffers,
} from "./digital-access";
import { digitalOffers } from "./digital-offers.server";
import { changedFields, nextEditableTab, selfChangeRefused } from "./self-change";

export type TabSaveOutcome =
  | { kind: "saved"; next: EditorTab; prompt: EditorTab | null }
  | { kind: "invalid"; result: SubmissionResult<string[]> }
  | { kind: "forbidden" }
  /** The administrator's own roles, locations, access, user type or kind (issue #30). */
  | { kind: "self" };

/**
 * One tab's post into the draft: validated by the tab's schema (errors keep what was typed and
 * file nothing), held to what the administrator may give (a forged id is forbidden; what another
 * administrator gave stays; their own privileges they may not change), then filed.
 */
export async function saveEditorTab(
  database: Database,
  actor: Actor,
  input: {
    formData: FormData;
    tab: Exclude<EditorTab, "review">;
    subjectId: number;
    /** The user as saved (null: a new user), for what may stay though the administrator may not give it. */
    before: UserDraft | null;
    draft: UserDraft;
    baseStamp: string | null;
    /** The user as it was when the draft began (null for a new user). */
    began: UserDraft | null;
    choices: EditorChoices;
  },
): Promise<TabSaveOutcome> {
  const { formData, tab, draft } = input;
  // What a draft's access offers depends on its locations, roles and contact data only: the
  // applications and permissions tabs reuse the offers they checked against for the pruning.
  let checkedOffers: DigitalOffers | null = null;
  const offersOf = (of: UserDraft) => digitalOffers(database, input.subjectId, of, "en");
  let next: UserDraft;
  if (tab === "contact") {
    const submission = parseWithZod(ownFields(formData, contactSchema), { schema: contactSchema });
    if (submission.status !== "success") return { kind: "invalid", result: submission.reply() };
    if (await emailTaken(database, submission.value.email, input.subjectId)) {
      return { kind: "invalid", result: submission.reply({ fieldErrors: { email: ["adminUsers.emailTaken"] } }) };
    }
    next = { ...draft, contact: submission.value };
  } else if (tab === "locations") {
    const submission = parseWithZod(ownFields(formData, locationsSchema), { schema: locationsSchema });
    if (submission.status !== "success") return { kind: "invalid", result: submission.reply() };
    const own = new Set(input.choices.locations.map((location) => location.id));
    const chosen = locationsInOrder(submission.value);
    next = {
      ...draft,
      locations: withKept(chosen, input.before?.locations ?? [], own, submission.value.preferred !== undefined),
    };
  } else if (tab === "applications") {
    const submission = parseWithZod(ownFields(formData, applicationsSchema), { schema: applicationsSchema });
    if (submission.status !== "success") return { kind: "invalid", result: submission.reply() };
    const offers = (checkedOffers = await offersOf(draft));
    const assignable = new Set(offers.applications.filter((app) => app.requiresAssignment).map((app) => app.id));
    if (!submission.value.applications.every((id) => assignable.has(id))) return { kind: "forbidden" };
    next = { ...draft, applications: [...new Set(submission.value.applications)] };
  } else if (tab === "permissions") {
    const submission = parseWithZod(ownFields(formData, permissionsSchema), { schema: permissionsSchema });
    if (submission.status !== "success") return { kind: "invalid", result: submission.reply() };
    const sets = shownSets((checkedOffers = await offersOf(draft)), draft.applications);
    const posted = permissionsOfForm(submission.value.permissions);
    const offered = posted.every((choice) => {
      const set = sets.find((shown) => shown.id === choice.set);
      return set && choice.roles.every((id) => set.roleIds.includes(id));
    });
    if (!offered) return { kind: "forbidden" };
    const assignable = new Set(input.choices.roles.map((role) => role.id));
    const permissions = permissionsAfterPost(
      posted,
      input.before?.permissions ?? [],
      draft.permissions,
      sets,
      assignable,
    );
    const problems = permissionProblems(sets, permissions);
    // Each set's own message under it; the summary names the sets (SPEC §5 "Selection required for:").
    const fieldErrors: Record<string, string[]> = {};
    for (const set of sets) {
      if (problems.required.includes(set.displayName))
        fieldErrors[`permissions.${permissionField(set.id)}`] = ["adminUsers.setRequiredError"];
      if (problems.single.includes(set.displayName))
        fieldErrors[`permissions.${permissionField(set.id)}`] = ["adminUsers.setSingleError"];
    }
    const formErrors = [
      ...(problems.required.length ? ["validations.selection"] : []),
      ...(problems.single.length ? ["validations.singleSelection"] : []),
    ];
    if (formErrors.length) return { kind: "invalid", result: submission.reply({ formErrors, fieldErrors }) };
    next = { ...draft, permissions };
  } else if (tab === "emails") {
    const submission = parseWithZod(ownFields(formData, emailsSchema), { schema: emailsSchema });
    if (submission.status !== "success") return { kind: "invalid", result: submission.reply() };
    next = { ...draft, emailLists: [...new Set(submission.value.emailLists)] };
  } else {
    const submission = parseWithZod(ownFields(formData, rolesSchema), { schema: rolesSchema });
    if (submission.status !== "success") return { kind: "invalid", result: submission.reply() };
    const assignable = new Set(input.choices.roles.map((role) => role.id));
    next = { ...draft, roles: withKept(submission.value.roles, input.before?.roles ?? [], assignable, true) };
  }
  if (!draftWithinChoices(input.before, next, input.choices)) return { kind: "forbidden" };
  if (tab === "emails") {
    const offered = new Set((await offeredLists(database, next.locations, "en")).map((list) => list.id));
    if (!next.emailLists.every((id) => offered.has(id) || input.before?.emailLists.includes(id)))
      return { kind: "forbidden" };
  }
  // A change of access takes away assignments and permissions it no longer offers (the review shows them).
  next = prunedToOffers(next, checkedOffers ?? (await offersOf(next)));
  // Checked on the draft as it would be filed, pruning included: the complete refuses the same.
  if (input.before && selfChangeRefused(actor.identityId, input.subjectId, changedFields(input.before, next)))
    return { kind: "self" };
  await writeDraft(database, actor, input.subjectId, next, input.baseStamp, input.began);
  const self = actor.identityId === input.subjectId;
  return { kind: "saved", next: nextEditableTab(tab, self), prompt: reviewPromptAfter(tab, draft, next) };
}

/** The query that asks, on the next tab, to review the tab a change affects (none when going there anyway). */
export function promptQuery(saved: { next: EditorTab; prompt: EditorTab | null }): string {
  return saved.prompt && saved.prompt !== saved.next ? `?prompt=${saved.prompt}` : "";
}
