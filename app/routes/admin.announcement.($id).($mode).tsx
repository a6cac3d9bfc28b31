import { getInputProps, getSelectProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { requireRouteAccess } from "~/auth/user.server";
import { db } from "~/db/client.server";
import { satisfiesRule } from "~/permissions/feature-rule";
import { LOCALES } from "~/i18n/locale";
import { PRIORITIES } from "~/announcements/rules";
import {
  announcementDefinitions,
  announcementRecord,
  createAnnouncement,
  deleteAnnouncement,
  getAnnouncement,
  updateAnnouncement,
} from "~/announcements/announcements.server";
import { announcementSchema } from "~/announcements/schema";
import { MAX_TEXT_LENGTH } from "~/limits";
import { titleMeta } from "~/shell/page-title";
import { FieldError } from "~/admin/FieldError";
import { EditorActions, EditorDialogs } from "~/admin/EditorDialogs";
import { EditorForm } from "~/admin/EditorForm";
import { optionalIdParam } from "~/navigation/id-param";
import { LATEST_DAY } from "~/validation/calendar-day";
import { MultiSelect } from "~/admin/MultiSelect";
import { editorAction } from "~/admin/editor-action.server";
import { useUnsavedChanges } from "~/admin/UnsavedChanges";
import { AudienceCheckboxes, listOf } from "~/admin/CheckboxGroup";
import { MarkupToolbar } from "~/announcements/components/MarkupToolbar";
import { ANNOUNCEMENTS_WRITE } from "~/permissions/write-rules";

export const meta = titleMeta("adminAnnouncements.editTitle");

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireRouteAccess(request);
  const id = optionalIdParam(params.id);
  const [row, definitions] = await Promise.all([
    id === null ? null : getAnnouncement(db(), id),
    announcementDefinitions(db()),
  ]);
  if (id !== null && !row) throw new Response("Not Found", { status: 404 });
  const canWrite = satisfiesRule(user.access.features, ANNOUNCEMENTS_WRITE);
  return {
    canWrite,
    editing: canWrite && params.mode !== "view",
    roleOptions: definitions.roles,
    announcement: row && { ...announcementRecord(row), brandIds: row.brandIds.map(String) },
  };
}

/** Save or delete: only with admin:announcements:write, checked here; bad input changes nothing. */
export async function action({ request, params }: ActionFunctionArgs) {
  return editorAction(request, {
    writeRule: ANNOUNCEMENTS_WRITE,
    schema: announcementSchema,
    id: optionalIdParam(params.id),
    listFields: ["roles"],
    remove: { run: (id, actorId) => deleteAnnouncement(db(), id, actorId), redirectTo: "/admin?deleted=1" },
    create: (input, actorId) => createAnnouncement(db(), input, actorId),
    update: (id, input, actorId) => updateAnnouncement(db(), id, input, actorId),
    savedTo: (id) => `/admin/announcement/${id}/edit?saved=1`,
    conflictKey: "adminAnnouncements.conflict",
  });
}

export default function AnnouncementEditor() {
  const { announcement, canWrite, editing, roleOptions } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const today = new Date().toISOString().slice(0, 10);
  const [form, fields] = useForm({
    lastResult: navigation.state === "idle" ? actionData?.result : undefined,
    defaultValue: announcement ?? {
      language: "en",
      priority: "medium",
      displayLocationCode: "dealer-home",
      startDate: today,
      brandIds: [],
      regionCodes: [],
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: announcementSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const { markDirty, prompt, submitting } = useUnsavedChanges(formRef);
  const title = !announcement
    ? t("adminAnnouncements.newTitle")
    : editing
      ? t("adminAnnouncements.editTitle")
      : t("adminAnnouncements.viewTitle");
  const stamp = actionData?.stamp ?? announcement?.updatedAt ?? "";
  const errorText = (key: string) => t(key, { n: MAX_TEXT_LENGTH });

  return (
    <div className="page">
      <p>
        <Link to="/admin">‹ {t("adminAnnouncements.back")}</Link>
      </p>
      <h1>{title}</h1>
      {!editing && (
        <p className="notice">
          {canWrite && announcement ? (
            <Link to={`/admin/announcement/${announcement.id}/edit`}>{t("adminAnnouncements.switchToEdit")}</Link>
          ) : (
            t("common.readOnly")
          )}
        </p>
      )}
      <EditorForm
        form={form}
        formRef={formRef}
        onChange={markDirty}
        stamp={stamp}
        readOnly={!editing}
        legend={title}
        errorText={errorText}
        actions={editing && <EditorActions canDelete={Boolean(announcement)} submitting={submitting} />}
      >
        <div className="field">
          <label htmlFor={fields.title.id}>{t("adminAnnouncements.titleColumn")}</label>
          <input
            {...getInputProps(fields.title, { type: "text" })}
            key={fields.title.key}
            maxLength={MAX_TEXT_LENGTH}
          />
          <FieldError id={fields.title.errorId} errors={fields.title.errors} />
        </div>
        <div className="field">
          <label htmlFor={fields.description.id}>{t("adminAnnouncements.description")}</label>
          <input
            {...getInputProps(fields.description, { type: "text" })}
            key={fields.description.key}
            maxLength={MAX_TEXT_LENGTH}
            aria-describedby={`${fields.description.id}-help`}
          />
          <p id={`${fields.description.id}-help`} className="field__help">
            {t("adminAnnouncements.descriptionHelp")}
          </p>
          <FieldError id={fields.description.errorId} errors={fields.description.errors} />
        </div>
        <div className="field">
          <label htmlFor={fields.content.id}>{t("adminAnnouncements.content")}</label>
          {editing && <MarkupToolbar textareaId={fields.content.id} />}
          <textarea
            {...getTextareaProps(fields.content)}
            key={fields.content.key}
            rows={6}
            aria-describedby={`${fields.content.id}-help`}
          />
          <p id={`${fields.content.id}-help`} className="field__help">
            {t("adminAnnouncements.contentHelp")}
          </p>
          <FieldError id={fields.content.errorId} errors={fields.content.errors} />
        </div>
        <div className="field">
          <label htmlFor={fields.linkUrl.id}>{t("adminAnnouncements.linkUrl")}</label>
          <input
            {...getInputProps(fields.linkUrl, { type: "url" })}
            key={fields.linkUrl.key}
            maxLength={2048}
            required
          />
          <FieldError id={fields.linkUrl.errorId} errors={fields.linkUrl.errors} />
        </div>
        <div className="field-row">
          <div className="field">
            <label htmlFor={fields.language.id}>{t("adminAnnouncements.language")}</label>
            <select {...getSelectProps(fields.language)} key={fields.language.key}>
              {LOCALES.map((locale) => (
                <option key={locale} value={locale}>
                  {t(`languages.${locale}`)}
                </option>
              ))}
            </select>
            <FieldError id={fields.language.errorId} errors={fields.language.errors} />
          </div>
          <div className="field">
            <label htmlFor={fields.priority.id}>{t("adminAnnouncements.priority")}</label>
            <select {...getSelectProps(fields.priority)} key={fields.priority.key}>
              {PRIORITIES.map((priority) => (
                <option key={priority} value={priority}>
                  {t(`announcements.priority.${priority}`)}
                </option>
              ))}
            </select>
            <FieldError id={fields.priority.errorId} errors={fields.priority.errors} />
          </div>
        </div>
        <div className="field-row">
          <div className="field">
            <label htmlFor={fields.startDate.id}>{t("adminAnnouncements.startDate")}</label>
            <input {...getInputProps(fields.startDate, { type: "date" })} max={LATEST_DAY} key={fields.startDate.key} />
            <FieldError id={fields.startDate.errorId} errors={fields.startDate.errors} />
          </div>
          <div className="field">
            <label htmlFor={fields.expirationDate.id}>{t("adminAnnouncements.expirationDate")}</label>
            <input
              {...getInputProps(fields.expirationDate, { type: "date" })}
              max={LATEST_DAY}
              key={fields.expirationDate.key}
            />
            <FieldError id={fields.expirationDate.errorId} errors={fields.expirationDate.errors} />
          </div>
        </div>
        <div className="field">
          <label htmlFor={fields.displayLocationCode.id}>{t("adminAnnouncements.displayLocation")}</label>
          <input
            {...getInputProps(fields.displayLocationCode, { type: "text" })}
            key={fields.displayLocationCode.key}
            maxLength={MAX_TEXT_LENGTH}
          />
          <FieldError id={fields.displayLocationCode.errorId} errors={fields.displayLocationCode.errors} />
        </div>
        <AudienceCheckboxes
          brandIds={fields.brandIds}
          regionCodes={fields.regionCodes}
          brandsLegend={t("adminAnnouncements.brands")}
          regionsLegend={t("adminAnnouncements.regions")}
          brandLabel={(id) => t(`brands.${id}`)}
          regionLabel={(code) => t(`regions.${code}`)}
        />
        <MultiSelect
          key={`roles-${fields.roles.key ?? ""}`}
          name="roles"
          label={t("adminAnnouncements.roles")}
          options={roleOptions}
          defaultValue={listOf(fields.roles.initialValue)}
          errors={fields.roles.errors}
          errorId={fields.roles.errorId}
          disabled={!editing}
        />
      </EditorForm>
      <EditorDialogs
        savedText={t("adminAnnouncements.saved")}
        backTo="/admin"
        backLabel={t("adminAnnouncements.back")}
        deleteTitle={t("adminAnnouncements.deleteTitle")}
        deleteText={t("adminAnnouncements.deleteConfirm", { title: announcement?.title ?? "" })}
        deleteButton={t("adminAnnouncements.deleteButton")}
        canDelete={Boolean(announcement) && editing}
      />
      {prompt}
    </div>
  );
}
