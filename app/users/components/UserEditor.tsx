import type { SubmissionResult } from "@conform-to/react";
import { Link, useLocation, useNavigation } from "@remix-run/react";
import { Form } from "~/ui/Form";
import type { ReactNode } from "react";
import { useTranslation } from "~/translate/react";
import { RoutableTabs } from "~/ui/RoutableTabs";
import { CheckboxGroup } from "~/ui/CheckboxGroup";
import { Modal } from "~/ui/Modal";
import { Field } from "~/ui/Field";
import { LOCALES } from "~/i18n/locale";
import { ConfirmAction } from "~/ui/ConfirmAction";
import { withSearchParam } from "~/ui/search-params";
import { USER_KINDS, USER_TYPES, contactSchema, emailsSchema, locationsSchema, rolesSchema } from "../schema";
import type { UserDraft } from "../draft";
import { EDITOR_TABS, isEditorTab, type EditorTab } from "../editor-tabs";
import type { DraftChange, DraftProblem } from "../draft-review";
import type { EditorChoices } from "../editor-choices.server";
import type { OfferedApplication, OfferedSet } from "../digital-access";
import { selfLockedTab } from "../self-change";
import { TabForm, useTabForm, type TabFormProps } from "./TabForm";
import { ApplicationsForm, PermissionsForm } from "./DigitalAccessForms";
import { toUsers } from "../routes";

/** What the editor's loader sends, for create and edit alike. */
export interface UserEditorData {
  /** `/admin/users/create` or `/admin/users/42/edit`: the tabs are `${base}/${tab}`. */
  base: string;
  tab: EditorTab;
  draft: UserDraft;
  choices: EditorChoices;
  review: { changes: DraftChange[]; problems: DraftProblem[] } | null;
  /** What the user holds that the administrator may not give: shown, kept as it is. */
  kept: { locations: string[]; roles: string[] };
  /** The distribution lists offered at the draft's locations (the email preferences tab). */
  lists: { id: number; name: string }[];
  /** What the draft's access offers: applications, and the permission sets shown (those tabs and the review). */
  digital: { applications: OfferedApplication[]; sets: OfferedSet[] } | null;
  /** The administrator's own account: user type, kind and the access tabs are read-only (issue #30). */
  self?: boolean;
}

/**
 * The user editor (issue #14 §4): one tab per address, each tab's form posting on its own into
 * the administrator's draft, and the review that lists every change and completes. Works the same
 * without JavaScript; with it, leaving a tab with unsaved input asks first.
 */
export function UserEditor(
  props: UserEditorData & { title: string; result?: SubmissionResult<string[]>; notice?: ReactNode },
) {
  const { t } = useTranslation();
  const locked = selfLockedTab(Boolean(props.self), props.tab);
  return (
    <div className="page">
      <p>
        <Link to={toUsers()}>‹ {t("adminUsers.back")}</Link>
      </p>
      <h1>{props.title}</h1>
      {props.notice}
      <ConfirmAction
        which="discard"
        label={t("adminUsers.discard")}
        title={t("adminUsers.discardTitle")}
        text={t("adminUsers.discardText")}
        intent="discard"
      />
      <RoutableTabs
        label={t("adminUsers.editorTabs")}
        current={props.tab}
        tabs={EDITOR_TABS.map((key) => ({ key, label: t(`adminUsers.tabs.${key}`), to: `${props.base}/${key}` }))}
      />
      <section aria-labelledby="user-tab-title" className="user-tab">
        <h2 id="user-tab-title">{t(`adminUsers.tabs.${props.tab}`)}</h2>
        {props.tab === "contact" && (
          <ContactForm draft={props.draft} result={props.result} locked={Boolean(props.self)} />
        )}
        {props.tab === "locations" && (
          <LocationsForm
            draft={props.draft}
            choices={props.choices}
            kept={props.kept.locations}
            result={props.result}
            locked={locked}
          />
        )}
        {props.tab === "roles" && (
          <RolesForm
            draft={props.draft}
            choices={props.choices}
            kept={props.kept.roles}
            result={props.result}
            locked={locked}
          />
        )}
        {props.tab === "applications" && props.digital && (
          <ApplicationsForm
            draft={props.draft}
            applications={props.digital.applications}
            result={props.result}
            locked={locked}
          />
        )}
        {props.tab === "permissions" && props.digital && (
          <PermissionsForm
            draft={props.draft}
            sets={props.digital.sets}
            assignable={props.choices.roles.map((role) => role.id)}
            result={props.result}
            locked={locked}
          />
        )}
        {props.tab === "emails" && <EmailsForm draft={props.draft} lists={props.lists} result={props.result} />}
        {props.tab === "review" && props.review && <Review base={props.base} {...props.review} />}
      </section>
      <ReviewPrompt base={props.base} />
    </div>
  );
}

/** Contact information; `locked` (one's own account): user type and kind are shown, posted as they are, not changed. */
function ContactForm({ draft, result, locked }: TabFormProps) {
  const { t } = useTranslation();
  const [form, fields, typing] = useTabForm(contactSchema, draft.contact, result, "contact");
  const text = (
    name: "firstName" | "lastName" | "jobTitle" | "activeDirectoryUsername" | "listingName",
    label: string,
  ) => <Field field={fields[name]} label={label} />;
  const phone = (name: "phoneMobile" | "phoneSecondary" | "fax") => (
    <Field field={fields[name]} kind="tel" label={t(`preferences.field.${name}`)} />
  );
  const kindFields = (
    <>
      <Field
        field={fields.userType}
        kind="select"
        label={t("adminUsers.userType")}
        options={USER_TYPES.map((type) => ({ value: type, label: t(`adminUsers.userTypes.${type}`) }))}
        placeholder={false}
      />
      <Field
        field={fields.role}
        kind="select"
        label={t("adminUsers.kind")}
        options={USER_KINDS.map((kind) => ({
          value: kind,
          label: t(`adminUsers.kinds.${kind === "admin" ? "administrator" : "standard"}`),
        }))}
        placeholder={false}
      />
    </>
  );
  return (
    <TabForm form={form} draft={typing}>
      {text("firstName", t("adminUsers.firstName"))}
      {text("lastName", t("adminUsers.lastName"))}
      <Field field={fields.email} kind="email" label={t("adminUsers.email")} autoComplete="off" />
      {text("jobTitle", t("adminUsers.jobTitle"))}
      {phone("phoneMobile")}
      {phone("phoneSecondary")}
      {phone("fax")}
      <Field
        field={fields.preferredLanguage}
        kind="select"
        label={t("preferences.field.preferredLanguage")}
        options={LOCALES.map((locale) => ({ value: locale, label: t(`languages.${locale}`) }))}
        placeholder={false}
      />
      {text("activeDirectoryUsername", t("adminUsers.activeDirectoryUsername"))}
      {text("listingName", t("adminUsers.listingName"))}
      {locked ? (
        <>
          {/* Disabled controls are not posted: the saved values go as they are. */}
          <input type="hidden" name={fields.userType.name} value={draft.contact.userType} />
          <input type="hidden" name={fields.role.name} value={draft.contact.role} />
          <fieldset disabled className="editor__fields" aria-describedby="self-kind-locked">
            {kindFields}
          </fieldset>
          <p id="self-kind-locked" className="field__help">
            {t("adminUsers.selfChangeRefused")}
          </p>
        </>
      ) : (
        kindFields
      )}
    </TabForm>
  );
}

type ChoiceFormProps = TabFormProps & { choices: EditorChoices; kept: string[] };

/** The names the administrator may not change, under the field that would otherwise hold them. */
function Kept({ names, label }: { names: string[]; label: string }) {
  if (names.length === 0) return null;
  return (
    <p className="field__help">
      {label} {names.join(", ")}
    </p>
  );
}

function LocationsForm({ draft, choices, kept, result, locked }: ChoiceFormProps) {
  const { t } = useTranslation();
  const [form, fields] = useTabForm(
    locationsSchema,
    {
      locations: draft.locations.filter((id) => choices.locations.some((l) => l.id === id)).map(String),
      preferred: draft.locations[0]?.toString() ?? "",
    },
    result,
  );
  const options = choices.locations.map((location) => ({ value: String(location.id), label: location.name }));
  return (
    <TabForm form={form} locked={locked}>
      <Field
        field={fields.locations}
        kind="multiselect"
        label={t("adminUsers.tabs.locations")}
        choices={options}
        help={t("adminUsers.locationsHelp")}
        disabled={locked}
      />
      <Field
        field={fields.preferred}
        kind="select"
        label={t("adminUsers.preferred")}
        options={options}
        placeholder={t("adminUsers.firstChosen")}
      />
      <Kept names={kept} label={t("adminUsers.keptLocations")} />
    </TabForm>
  );
}

function RolesForm({ draft, choices, kept, result, locked }: ChoiceFormProps) {
  const { t } = useTranslation();
  const [form, fields] = useTabForm(
    rolesSchema,
    { roles: draft.roles.filter((id) => choices.roles.some((r) => r.id === id)).map(String) },
    result,
  );
  return (
    <TabForm form={form} locked={locked}>
      <Field
        field={fields.roles}
        kind="multiselect"
        label={t("adminUsers.tabs.roles")}
        choices={choices.roles.map((role) => ({ value: String(role.id), label: role.displayName }))}
        help={t("adminUsers.rolesHelp")}
        disabled={locked}
      />
      <Kept names={kept} label={t("adminUsers.keptRoles")} />
    </TabForm>
  );
}

function EmailsForm({ draft, lists, result }: TabFormProps & { lists: { id: number; name: string }[] }) {
  const { t } = useTranslation();
  const [form, fields] = useTabForm(emailsSchema, { emailLists: draft.emailLists.map(String) }, result);
  return (
    <TabForm form={form}>
      {lists.length === 0 ? (
        <p className="empty-state">{t("adminUsers.noLists")}</p>
      ) : (
        <CheckboxGroup
          name={fields.emailLists.name}
          legend={t("adminUsers.tabs.emails")}
          help={t("adminUsers.emailsHelp")}
          options={lists.map((list) => ({ value: list.id, label: list.name }))}
          checked={draft.emailLists.map(String)}
          fieldKey={fields.emailLists.key}
          errorId={fields.emailLists.errorId}
          errors={fields.emailLists.errors}
        />
      )}
    </TabForm>
  );
}

/**
 * After a change that affects another tab (SPEC §4 Editors), addressed by ?prompt=: the change is
 * kept; the administrator goes to that tab or carries on here.
 */
function ReviewPrompt({ base }: { base: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  const prompt = new URLSearchParams(location.search).get("prompt");
  if (!isEditorTab(prompt)) return null;
  const tab = t(`adminUsers.tabs.${prompt}`);
  const close = withSearchParam(location, "prompt", null);
  return (
    <Modal
      title={t("adminUsers.promptTitle", { tab })}
      titleId="prompt-title"
      closeTo={close}
      closeLabel={t("common.close")}
    >
      <p>{t(`adminUsers.promptText.${prompt}`)}</p>
      <div className="modal__actions">
        <Link to={close} className="button button--secondary" preventScrollReset>
          {t("adminUsers.promptStay")}
        </Link>
        <Link to={`${base}/${prompt}`} className="button">
          {t("adminUsers.promptGo", { tab })}
        </Link>
      </div>
    </Modal>
  );
}

/** Every change, old → new, what still needs a value (with a link to its tab), and "Review and complete". */
function Review(props: { base: string; changes: DraftChange[]; problems: DraftProblem[] }) {
  const { t } = useTranslation();
  const submitting = useNavigation().state === "submitting";
  const label = (field: string) => t(`adminUsers.fields.${field}`);
  // Coded values read as their labels; names and typed text as they are.
  const shown = (field: string, value: string | null) => {
    if (value === null) return t("adminUsers.notSet");
    if (field === "userType") return t(`adminUsers.userTypes.${value}`);
    if (field === "role") return t(`adminUsers.kinds.${value === "admin" ? "administrator" : "standard"}`);
    if (field === "preferredLanguage") return t(`languages.${value}`);
    return value;
  };
  return (
    <>
      {props.problems.length > 0 && (
        <div className="form-error" role="alert">
          <p>{t("validations.formError")}</p>
          <ul>
            {props.problems.map((problem) => (
              <li key={`${problem.tab}-${problem.field}`}>
                <Link to={`${props.base}/${problem.tab}`}>
                  {label(problem.field)}: {t(problem.message)}
                  {problem.names ? ` ${problem.names.join(", ")}` : ""}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      )}
      {props.changes.length === 0 ? (
        <p className="empty-state">{t("adminUsers.noChanges")}</p>
      ) : (
        <table className="data-table">
          <caption className="visually-hidden">{t("adminUsers.changesCaption")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("adminUsers.field")}</th>
              <th scope="col">{t("adminUsers.before")}</th>
              <th scope="col">{t("adminUsers.after")}</th>
            </tr>
          </thead>
          <tbody>
            {props.changes.map((change) => (
              <tr key={change.field}>
                <th scope="row">{label(change.field)}</th>
                <td>{shown(change.field, change.before)}</td>
                <td>{shown(change.field, change.after)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Form method="post" className="editor__actions">
        <button type="submit" name="intent" value="complete" className="button" disabled={submitting}>
          {t("adminUsers.complete")}
        </button>
      </Form>
    </>
  );
}
