import { useTranslation } from "~/translate/react";
import { CheckboxGroup, listOf } from "~/ui/CheckboxGroup";
import { applicationsSchema } from "../schema";
import {
  permissionField,
  permissionsSchema,
  rolesIn,
  setLocked,
  type OfferedApplication,
  type OfferedSet,
} from "../digital-access";
import { TabForm, useTabForm, type TabFormProps } from "./TabForm";

/**
 * The applications tab (issue #14 §4): what the user's locations and roles make available; those
 * flagged "requires assignment" show in the user's launcher only when assigned here.
 */
export function ApplicationsForm({
  draft,
  applications,
  result,
  locked,
}: TabFormProps & { applications: OfferedApplication[] }) {
  const { t } = useTranslation();
  const [form, fields] = useTabForm(applicationsSchema, { applications: draft.applications.map(String) }, result);
  const assigned = applications.filter((app) => app.requiresAssignment);
  const included = applications.filter((app) => !app.requiresAssignment);
  return (
    <TabForm form={form} locked={locked}>
      {applications.length === 0 ? (
        <p className="empty-state">{t("adminUsers.noApplications")}</p>
      ) : (
        <>
          {assigned.length === 0 ? (
            <p>{t("adminUsers.noAssignmentNeeded")}</p>
          ) : (
            <CheckboxGroup
              name={fields.applications.name}
              legend={t("adminUsers.applicationsAssign")}
              help={t("adminUsers.applicationsAssignHelp")}
              options={assigned.map((app) => ({ value: app.id, label: app.name }))}
              checked={result ? listOf(fields.applications.initialValue) : draft.applications.map(String)}
              fieldKey={fields.applications.key}
              errorId={fields.applications.errorId}
              errors={fields.applications.errors}
            />
          )}
          {included.length > 0 && (
            <section aria-labelledby="apps-included">
              <h3 id="apps-included">{t("adminUsers.applicationsIncluded")}</h3>
              <ul>
                {included.map((app) => (
                  <li key={app.id}>{app.name}</li>
                ))}
              </ul>
            </section>
          )}
        </>
      )}
    </TabForm>
  );
}

/**
 * The digital permissions tab (SPEC §3 permission set): one group per set the user is offered —
 * radio buttons for a single choice (with "None" unless required), checkboxes for several. Roles
 * the administrator may not assign show their state and stay as they are.
 */
export function PermissionsForm({
  draft,
  sets,
  assignable,
  result,
  locked: selfLocked,
}: TabFormProps & { sets: OfferedSet[]; assignable: number[] }) {
  const { t } = useTranslation();
  const [form, fields] = useTabForm(permissionsSchema, {}, result);
  const may = new Set(assignable);
  const perSet = fields.permissions.getFieldset();
  // After a refused post, what was ticked; otherwise the draft's choices.
  const chosen = (set: OfferedSet) =>
    result
      ? listOf(perSet[permissionField(set.id)]?.initialValue).filter((role) => role !== "0")
      : rolesIn(draft.permissions, set.id).map(String);
  const setError = (set: OfferedSet) => result?.error?.[`permissions.${permissionField(set.id)}`] ?? undefined;
  const namesWith = (key: string) =>
    sets
      .filter((set) => setError(set)?.includes(key))
      .map((set) => set.displayName)
      .join(", ");
  const errorText = (key: string) =>
    key === "validations.selection"
      ? `${t(key)} ${namesWith("adminUsers.setRequiredError")}`
      : key === "validations.singleSelection"
        ? `${t(key)} ${namesWith("adminUsers.setSingleError")}`
        : t(key);
  return (
    <TabForm form={form} errorText={errorText} locked={selfLocked}>
      {sets.length === 0 ? (
        <p className="empty-state">{t("adminUsers.noSets")}</p>
      ) : (
        sets.map((set) => {
          const locked = setLocked(set, rolesIn(draft.permissions, set.id), may);
          const single = set.selectionMode === "single";
          const none = single && !set.required ? [{ value: "0", label: t("adminUsers.setNone") }] : [];
          const chosenHere = chosen(set);
          const field = perSet[permissionField(set.id)];
          return (
            <CheckboxGroup
              key={set.id}
              type={single ? "radio" : "checkbox"}
              name={field.name}
              legend={set.required ? `${set.displayName} (${t("adminUsers.setRequired")})` : set.displayName}
              help={locked ? t("adminUsers.setLocked") : t(single ? "adminUsers.setSingle" : "adminUsers.setMultiple")}
              options={[
                ...none.map((option) => ({ ...option, disabled: locked })),
                ...set.options.map((role) => ({
                  value: String(role.id),
                  label: role.name,
                  disabled: locked || !may.has(role.id),
                })),
              ]}
              checked={chosenHere.length || !none.length ? chosenHere : ["0"]}
              fieldKey={field.key}
              errorId={field.errorId}
              errors={setError(set)}
            />
          );
        })
      )}
    </TabForm>
  );
}
