import { useForm } from "@conform-to/react";
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
import { Field } from "~/admin/Field";
import { EditorActions, EditorDialogs } from "~/admin/EditorDialogs";
import { EditorForm } from "~/admin/EditorForm";
import { optionalIdParam } from "~/navigation/id-param";
import { LATEST_DAY } from "~/validation/calendar-day";
import { editorAction } from "~/admin/editor-action.server";
import { useUnsavedChanges } from "~/admin/UnsavedChanges";
import { AudienceCheckboxes } from "~/admin/CheckboxGroup";
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
        <Field field={fields.title} label={t("adminAnnouncements.titleColumn")} />
        <Field
          field={fields.description}
          label={t("adminAnnouncements.description")}
          help={t("adminAnnouncements.descriptionHelp")}
        />
        <Field
          field={fields.content}
          kind="textarea"
          rows={6}
          label={t("adminAnnouncements.content")}
          help={t("adminAnnouncements.contentHelp")}
          before={editing && <MarkupToolbar textareaId={fields.content.id} />}
        />
        <Field field={fields.linkUrl} kind="url" maxLength={2048} required label={t("adminAnnouncements.linkUrl")} />
        <div className="field-row">
          <Field
            field={fields.language}
            kind="select"
            placeholder={false}
            label={t("adminAnnouncements.language")}
            options={LOCALES.map((locale) => ({ value: locale, label: t(`languages.${locale}`) }))}
          />
          <Field
            field={fields.priority}
            kind="select"
            placeholder={false}
            label={t("adminAnnouncements.priority")}
            options={PRIORITIES.map((priority) => ({
              value: priority,
              label: t(`announcements.priority.${priority}`),
            }))}
          />
        </div>
        <div className="field-row">
          <Field field={fields.startDate} kind="date" max={LATEST_DAY} label={t("adminAnnouncements.startDate")} />
          <Field
            field={fields.expirationDate}
            kind="date"
            max={LATEST_DAY}
            label={t("adminAnnouncements.expirationDate")}
          />
        </div>
        <Field field={fields.displayLocationCode} label={t("adminAnnouncements.displayLocation")} />
        <AudienceCheckboxes
          brandIds={fields.brandIds}
          regionCodes={fields.regionCodes}
          brandsLegend={t("adminAnnouncements.brands")}
          regionsLegend={t("adminAnnouncements.regions")}
          brandLabel={(id) => t(`brands.${id}`)}
          regionLabel={(code) => t(`regions.${code}`)}
        />
        <Field
          field={fields.roles}
          kind="multiselect"
          label={t("adminAnnouncements.roles")}
          options={roleOptions}
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
