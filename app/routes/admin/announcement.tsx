import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/translate/react";
import { requireFeatures, requireRouteAccess } from "~/auth/user.server";
import { db } from "~/db/client.server";
import { satisfiesRule } from "~/security/feature-rule";
import { LOCALES } from "~/i18n/locale";
import { PRIORITIES } from "~/announcements/rules";
import { announcementDefinitions, announcementWrites, getAnnouncement } from "~/announcements/announcements.server";
import { announcementSchema } from "~/announcements/schema";
import { hasReceiptsFor, receiptViewerOf } from "~/announcements/receipts.server";
import type { Actor } from "~/permissions/actor";
import { announcementFormValues } from "~/announcements/form-values";
import { titleMeta } from "~/shell/page-title";
import { Field } from "~/ui/Field";
import { optionalIdParam } from "~/navigation/id-param";
import { LATEST_DAY } from "~/validation/calendar-day";
import { editorAction, recordEditing } from "~/forms/editor-action.server";
import { EditorPage, useEditor } from "~/ui/EditorPage";
import { AudienceCheckboxes } from "~/ui/CheckboxGroup";
import { MarkupToolbar } from "~/announcements/components/MarkupToolbar";
import { ANNOUNCEMENTS_WRITE } from "~/permissions/write-rules";
import { brandNotYoursRefusal, catalogueAccessOf } from "~/permissions/catalogue-scope";
import {
  announcementLinks,
  announcementRoutes,
  toAcknowledgements,
  toAnnouncement,
  toAnnouncements,
} from "~/announcements/routes";

export const meta = titleMeta("adminAnnouncements.editTitle");

/**
 * An announcement not listed to the user (none of its brands theirs) is not there; nor is its
 * editor for a writer whose brands are not all of it (they may view it).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireRouteAccess(request);
  const id = optionalIdParam(params.id);
  const [row, definitions] = await Promise.all([
    id === null ? null : getAnnouncement(db(), user, id),
    announcementDefinitions(db()),
  ]);
  if (id !== null && !row) throw new Response("Not Found", { status: 404 });
  const mayWrite = satisfiesRule(user.access.features, ANNOUNCEMENTS_WRITE);
  const canWrite = row ? catalogueAccessOf(user, row.brandIds, mayWrite) === "edit" : mayWrite;
  if (mayWrite && !canWrite && params.mode !== "view") throw new Response("Not Found", { status: 404 });
  return {
    canWrite,
    editing: canWrite && params.mode !== "view",
    roleOptions: definitions.roles,
    announcement: row && announcementFormValues(row),
    receipts: row && (await receiptsOf(user, row)),
  };
}

/** Issue #40 §3: its receipts, for those who may read them, once it reaches someone of theirs. */
async function receiptsOf(user: Actor, row: { id: number; requiresAcknowledgement: boolean }) {
  if (!row.requiresAcknowledgement || !satisfiesRule(user.access.features, announcementRoutes.acknowledgements.rule))
    return null;
  return (await hasReceiptsFor(db(), receiptViewerOf(user), row.id)) ? toAcknowledgements(row.id) : null;
}

/**
 * Save or delete: only with admin:announcements:write, checked here, and only within the editor's
 * brands (the service's rule: brands not theirs are refused on the field, an announcement not
 * theirs is not found); bad input changes nothing.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireFeatures(request, ANNOUNCEMENTS_WRITE);
  return editorAction(request, user, {
    schema: announcementSchema,
    id: optionalIdParam(params.id),
    listFields: ["roles"],
    ...recordEditing(db(), announcementWrites, announcementLinks),
    refusal: () => brandNotYoursRefusal("brandIds"),
    conflictKey: "adminAnnouncements.conflict",
  });
}

export default function AnnouncementEditor() {
  const { announcement, canWrite, editing, roleOptions, receipts } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const today = new Date().toISOString().slice(0, 10);
  const editor = useEditor({
    schema: announcementSchema,
    defaultValue: announcement ?? {
      language: "en",
      priority: "medium",
      displayLocationCode: "dealer-home",
      startDate: today,
      brandIds: [],
      regionCodes: [],
    },
    stamp: announcement?.updatedAt,
  });
  const { fields } = editor;
  return (
    <EditorPage
      editor={editor}
      ns="adminAnnouncements"
      backTo={toAnnouncements()}
      exists={Boolean(announcement)}
      editing={editing}
      deleteValues={{ title: announcement?.title ?? "" }}
      notice={
        canWrite && announcement ? (
          <Link to={toAnnouncement({ id: announcement.id, mode: "edit" })}>{t("adminAnnouncements.switchToEdit")}</Link>
        ) : undefined
      }
    >
      {receipts && (
        <p>
          <Link to={receipts}>{t("adminAnnouncements.receiptsLink")}</Link>
        </p>
      )}
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
      <Field
        field={fields.requiresAcknowledgement}
        kind="checkbox"
        label={t("adminAnnouncements.requiresAcknowledgement")}
        help={t("adminAnnouncements.requiresAcknowledgementHelp")}
      />
    </EditorPage>
  );
}
