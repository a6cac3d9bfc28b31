import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/translate/react";
import { requireFeatures, requireRouteAccess } from "~/auth/user.server";
import { db } from "~/db/client.server";
import { satisfiesRule } from "~/security/feature-rule";
import { PERMISSION_SETS_WRITE } from "~/permissions/write-rules";
import { applicationCatalogue } from "~/applications/applications.server";
import { getPermissionSet, permissionSetWrites } from "~/permission-sets/permission-sets.server";
import { permissionSetRefusal } from "~/permission-sets/refusals";
import { permissionSetSchema } from "~/permission-sets/schema";
import { permissionSetFormValues } from "~/permission-sets/form-values";
import { securityRoleChoices } from "~/security-roles/security-roles.server";
import { titleMeta } from "~/shell/page-title";
import { optionalIdParam } from "~/navigation/id-param";
import { Field } from "~/ui/Field";
import { editorAction, recordEditing } from "~/forms/editor-action.server";
import { EditorPage, useEditor } from "~/ui/EditorPage";
import { permissionSetLinks, toPermissionSets } from "~/permission-sets/routes";

export const meta = titleMeta("adminPermissionSets.editTitle");

/** SPEC §2 permission set editor: one form to create, edit and view; write or read (any) opens it. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireRouteAccess(request);
  const id = optionalIdParam(params.id);
  const set = id === null ? null : await getPermissionSet(db(), id);
  if (id !== null && !set) throw new Response("Not Found", { status: 404 });
  const [roles, apps] = await Promise.all([securityRoleChoices(db()), applicationCatalogue(db())]);
  return {
    canWrite: satisfiesRule(user.access.features, PERMISSION_SETS_WRITE),
    roles: roles.map((role) => ({ value: String(role.id), label: `${role.displayName} (${role.name})` })),
    applications: apps
      .map((app) => ({ value: String(app.id), label: app.displayName }))
      .sort((a, b) => a.label.localeCompare(b.label)),
    set: set && permissionSetFormValues(set),
  };
}

/**
 * Save or delete: only with admin:permissionSets:write, checked here; the service refuses roles
 * the editor may not offer (issue #30 §3). A refused save keeps what was typed.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const actor = await requireFeatures(request, PERMISSION_SETS_WRITE);
  return editorAction(request, actor, {
    schema: permissionSetSchema,
    id: optionalIdParam(params.id),
    ...recordEditing(db(), permissionSetWrites, permissionSetLinks),
    refusal: permissionSetRefusal,
    conflictKey: "adminPermissionSets.conflict",
  });
}

export default function PermissionSetEditor() {
  const { set, canWrite, roles, applications } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const editor = useEditor({
    schema: permissionSetSchema,
    defaultValue: set ?? { selectionMode: "single" },
    stamp: set?.updatedAt,
  });
  const { fields } = editor;
  return (
    <EditorPage
      editor={editor}
      ns="adminPermissionSets"
      backTo={toPermissionSets()}
      exists={Boolean(set)}
      editing={canWrite}
      deleteValues={{ name: set?.displayName ?? "" }}
    >
      <div className="field-row">
        <Field field={fields.displayName} label={t("adminPermissionSets.displayName")} />
        <Field field={fields.name} label={t("adminPermissionSets.name")} help={t("adminPermissionSets.nameHelp")} />
      </div>
      <Field
        field={fields.required}
        kind="checkbox"
        label={t("adminPermissionSets.requiredLabel")}
        help={t("adminPermissionSets.requiredHelp")}
      />
      <div className="field-row">
        <Field
          field={fields.selectionMode}
          kind="select"
          label={t("adminPermissionSets.selectionModeLabel")}
          options={(["single", "multiple"] as const).map((mode) => ({
            value: mode,
            label: t(`adminPermissionSets.modeOption.${mode}`),
          }))}
        />
        <Field
          field={fields.applicationId}
          kind="select"
          label={t("adminPermissionSets.application")}
          help={t("adminPermissionSets.applicationHelp")}
          placeholder={t("adminPermissionSets.noApplication")}
          options={applications}
        />
      </div>
      <Field
        field={fields.securityRoles}
        kind="multiselect"
        label={t("adminPermissionSets.securityRoles")}
        choices={roles}
        disabled={!canWrite}
        help={t("adminPermissionSets.securityRolesHelp")}
      />
    </EditorPage>
  );
}
