import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/translate/react";
import { requireFeatures } from "~/auth/user.server";
import { db } from "~/db/client.server";
import { requiredIdParam } from "~/navigation/id-param";
import { USERS_EDIT } from "~/permissions/write-rules";
import { readFormData } from "~/security/form-body.server";
import { titleMeta } from "~/shell/page-title";
import { draftOfUser, rebaseDraft } from "~/users/draft";
import { isEditorTab } from "~/users/editor-tabs";
import { completeUserEdit, discardDraft, readDraft } from "~/users/drafts.server";
import { editorChoices } from "~/users/editor-choices.server";
import { editorData } from "~/users/editor-data.server";
import { localeOf } from "~/i18n/i18next.server";
import { promptQuery } from "~/users/editor-action.server";
import { saveEditorTab } from "~/users/editor-action.server";
import { getManagedUser } from "~/users/users.server";
import { UserEditor } from "~/users/components/UserEditor";
import { toUser } from "~/users/routes";

export const meta = titleMeta("adminUsers.editTitle");

/** The tab of the address (contact when none); an unknown one is "Page not found". */
function tabOf(raw: string | undefined) {
  const tab = raw ?? "contact";
  if (!isEditorTab(tab)) throw new Response("Not Found", { status: 404 });
  return tab;
}

/** A user of the administrator's own locations (any other is 404), as saved and as drafted. */
async function editing(request: Request, rawId: string | undefined) {
  const user = await requireFeatures(request, USERS_EDIT);
  const id = requiredIdParam(rawId);
  const managed = await getManagedUser(db(), user, id);
  if (!managed) throw new Response("Not Found", { status: 404 });
  const stored = await readDraft(db(), user, id);
  return { user, id, managed, before: draftOfUser(managed), stored };
}

/**
 * The user editor in edit mode (issue #14 §4): admin:users:edit or write. Each tab posts into the
 * administrator's draft of this user; "Review and complete" saves it all at once. A draft begun
 * before someone else changed the user is stale: its changes are kept and compared again.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const tab = tabOf(params.tab);
  const { user, id, managed, before, stored } = await editing(request, params.id);
  const stale = Boolean(stored && stored.baseStamp !== managed.updatedAt.toISOString());
  // A stale draft shows merged with the current data: only this administrator's changes remain changes.
  const draft = stored
    ? stale && stored.began
      ? rebaseDraft(stored.draft, stored.began, before)
      : stored.draft
    : before;
  const shown = await editorData(db(), user, {
    subjectId: id,
    before,
    draft,
    tab,
    locale: await localeOf(request),
  });
  return {
    ...shown,
    base: toUser({ id, mode: "edit" }),
    tab,
    draft,
    name: `${managed.firstName} ${managed.lastName}`,
    stale,
    // One's own account: the privilege fields and tabs are read-only (issue #30).
    self: id === user.identityId,
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const tab = tabOf(params.tab);
  const { user, id, managed, before, stored } = await editing(request, params.id);
  const formData = await readFormData(request);
  const intent = formData.get("intent");
  if (intent === "discard") {
    await discardDraft(db(), user, id);
    return redirect(toUser({ id, mode: "view" }));
  }
  if (tab === "review") {
    if (intent !== "complete") return data({ refusal: "validations.formError", result: undefined }, { status: 400 });
    const outcome = await completeUserEdit(db(), user, id);
    if (outcome.kind === "saved" || outcome.kind === "unchanged")
      return redirect(toUser({ id, mode: "view" }, { saved: 1 }));
    if (outcome.kind === "missing") throw new Response("Not Found", { status: 404 });
    if (outcome.kind === "forbidden") throw new Response("Forbidden", { status: 403 });
    if (outcome.kind === "self")
      return data({ refusal: "adminUsers.selfChangeRefused", result: undefined }, { status: 403 });
    const refusal = {
      stale: "adminUsers.stale",
      emailTaken: "adminUsers.emailTaken",
      incomplete: "validations.formError",
    }[outcome.kind];
    return data({ refusal, result: undefined }, { status: outcome.kind === "incomplete" ? 400 : 409 });
  }
  const saved = await saveEditorTab(db(), user, {
    formData,
    tab,
    subjectId: id,
    before,
    draft: stored?.draft ?? before,
    baseStamp: stored?.baseStamp ?? managed.updatedAt.toISOString(),
    began: stored ? stored.began : before,
    choices: await editorChoices(db(), user),
  });
  if (saved.kind === "forbidden") throw new Response("Forbidden", { status: 403 });
  if (saved.kind === "self")
    return data({ refusal: "adminUsers.selfChangeRefused", result: undefined }, { status: 403 });
  if (saved.kind === "invalid") return data({ refusal: undefined, result: saved.result }, { status: 400 });
  return redirect(toUser({ id, mode: "edit", tab: saved.next }) + promptQuery(saved));
}

export default function EditUser() {
  const { name, stale, ...loaded } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  const refusal = actionData?.refusal ?? (stale ? "adminUsers.stale" : undefined);
  return (
    <UserEditor
      {...loaded}
      title={t("adminUsers.editTitle", { name })}
      result={actionData?.result}
      notice={
        refusal ? (
          <p className="form-error" role="alert">
            {t(refusal)}
          </p>
        ) : undefined
      }
    />
  );
}
