import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/translate/react";
import { getConfig } from "~/config.server";
import { requireFeatures, requireRouteAccess } from "~/auth/user.server";
import { db } from "~/db/client.server";
import { USERS_LIFECYCLE } from "~/permissions/write-rules";
import { readFormData } from "~/security/form-body.server";
import { titleMeta } from "~/shell/page-title";
import { isEditorTab } from "~/users/editor-tabs";
import { NEW_USER, completeNewUser, discardDraft, readDraft } from "~/users/drafts.server";
import { editorChoices } from "~/users/editor-choices.server";
import { editorData } from "~/users/editor-data.server";
import { localeOf } from "~/i18n/i18next.server";
import { saveEditorTab } from "~/users/editor-action.server";
import { UserEditor } from "~/users/components/UserEditor";
import { toCreateUser, toUser, toUsers } from "~/users/routes";

export const meta = titleMeta("adminUsers.newTitle");

const CHOOSER = toCreateUser();

/**
 * The user editor in create mode (issue #14 §3–4): the tabs fill the administrator's draft of a
 * new user; nothing is written to the users until "Review and complete". Without a draft the
 * chooser comes first.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireRouteAccess(request);
  if (!isEditorTab(params.tab)) throw new Response("Not Found", { status: 404 });
  const stored = await readDraft(db(), user, NEW_USER);
  if (!stored) throw redirect(CHOOSER);
  const shown = await editorData(db(), user, {
    subjectId: NEW_USER,
    before: null,
    draft: stored.draft,
    tab: params.tab,
    locale: await localeOf(request),
  });
  return { base: CHOOSER, tab: params.tab, draft: stored.draft, ...shown };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireFeatures(request, USERS_LIFECYCLE);
  const tab = params.tab;
  if (!isEditorTab(tab)) throw new Response("Not Found", { status: 404 });
  const formData = await readFormData(request);
  const intent = formData.get("intent");
  if (intent === "discard") {
    await discardDraft(db(), user, NEW_USER);
    return redirect(toUsers());
  }
  const stored = await readDraft(db(), user, NEW_USER);
  if (!stored) return redirect(CHOOSER);
  if (tab === "review") {
    if (intent !== "complete") return data({ refusal: "validations.formError", result: undefined }, { status: 400 });
    const outcome = await completeNewUser(db(), user, getConfig().PUBLIC_URL);
    if (outcome.kind === "created") return redirect(toUser({ id: outcome.id, mode: "view" }, { saved: "created" }));
    if (outcome.kind === "missing") return redirect(CHOOSER);
    if (outcome.kind === "forbidden") throw new Response("Forbidden", { status: 403 });
    const refusal = outcome.kind === "emailTaken" ? "adminUsers.emailTaken" : "validations.formError";
    return data({ refusal, result: undefined }, { status: outcome.kind === "emailTaken" ? 409 : 400 });
  }
  const saved = await saveEditorTab(db(), user, {
    formData,
    tab,
    subjectId: NEW_USER,
    before: null,
    draft: stored.draft,
    baseStamp: null,
    began: null,
    choices: await editorChoices(db(), user),
  });
  // A new user is no one's own account: "self" does not come here, and would be refused alike.
  if (saved.kind === "forbidden" || saved.kind === "self") throw new Response("Forbidden", { status: 403 });
  if (saved.kind === "invalid") return data({ refusal: undefined, result: saved.result }, { status: 400 });
  // A new user's tabs lead through every tab in turn: no prompt to review one.
  return redirect(`${CHOOSER}/${saved.next}`);
}

export default function CreateUser() {
  const loaded = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  return (
    <UserEditor
      {...loaded}
      title={t("adminUsers.newTitle")}
      result={actionData?.result}
      notice={
        actionData?.refusal ? (
          <p className="form-error" role="alert">
            {t(actionData.refusal)}
          </p>
        ) : undefined
      }
    />
  );
}
