import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requestTimeZone } from "~/i18n/time-zone.server";
import { Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "~/translate/react";
import { requireRouteAccess } from "~/auth/user.server";
import { db } from "~/db/client.server";
import { localeOf } from "~/i18n/i18next.server";
import { mediumDate } from "~/i18n/date-format";
import {
  documentListOptionsOf,
  documentManagedBy,
  documentViewerOf,
  getDocument,
  listDocuments,
  type DocumentRow,
} from "~/documents/documents.server";
import { documentFormValues } from "~/documents/form-values";
import { fileTypeLabel } from "~/documents/file-types";
import { formatFileSize } from "~/documents/file-size";
import { recordIdOf } from "~/navigation/id-param";
import { TRANSIENT_LIST_PARAMS } from "~/documents/return-path";
import { SUBJECTS } from "~/documents/subjects";
import { titleMeta } from "~/shell/page-title";
import { withSearchParam } from "~/ui/search-params";
import { SearchForm } from "~/ui/SearchForm";
import { RoutableTabs } from "~/ui/RoutableTabs";
import { DataTable, type Column } from "~/ui/DataTable";
import { documentsAction } from "./action.server";
import { UploadForm } from "./UploadForm";
import { DoneDialog, ManagerDialogs } from "./ManagerDialogs";

export const meta = titleMeta("documents.title");

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireRouteAccess(request);
  const url = new URL(request.url);
  const { filters, state, options } = documentListOptionsOf(url.searchParams);
  const viewer = documentViewerOf(user);
  const locale = await localeOf(request);
  const list = await listDocuments(db(), user, options);
  const dates = mediumDate(locale, requestTimeZone(request, user));
  const summary = (row: DocumentRow) => ({ id: row.id, name: row.name, fileName: row.fileName });
  // A dialog of the managers (edit, replace, delete) names its document, wherever it is in the list,
  // when its brands are all theirs.
  const dialogRow = async (param: string) => {
    const id = viewer.managesLibrary ? recordIdOf(url.searchParams.get(param)) : null;
    const row = id === null ? null : await getDocument(db(), user, id);
    return row && documentManagedBy(row, viewer) ? row : null;
  };
  const [editRow, replaceRow, deleteRow] = await Promise.all([
    dialogRow("edit"),
    dialogRow("replace"),
    dialogRow("confirmDelete"),
  ]);
  return {
    ...filters,
    state,
    canWrite: viewer.managesLibrary,
    total: list.total,
    page: list.page,
    pageCount: list.pageCount,
    rows: list.rows.map((row) => ({
      ...summary(row),
      description: row.description,
      subject: row.subject,
      fileType: fileTypeLabel(row.contentType),
      size: formatFileSize(row.sizeBytes, locale),
      updated: dates.format(row.updatedAt),
      updatedIso: row.updatedAt.toISOString(),
      brandIds: row.brandIds,
      regionCodes: row.regionCodes,
      managed: documentManagedBy(row, viewer),
    })),
    editTarget: editRow && { ...summary(editRow), ...documentFormValues(editRow) },
    replaceTarget: replaceRow && summary(replaceRow),
    deleteTarget: deleteRow && summary(deleteRow),
  };
}

/** Upload, replace, edit details and delete (admin:documents:write, checked in the action). */
export function action(args: ActionFunctionArgs) {
  return documentsAction(args);
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>["rows"][number];

export default function DocumentsLibrary() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const listParams = new URLSearchParams(location.search);
  for (const name of TRANSIENT_LIST_PARAMS) listParams.delete(name);
  const listPath = `/documents${listParams.size > 0 ? `?${listParams}` : ""}`;
  const subjectHref = (subject: string | null) => {
    const next = new URLSearchParams();
    if (subject) next.set("subject", subject);
    if (data.query) next.set("q", data.query);
    const search = next.toString();
    return `/documents${search ? `?${search}` : ""}`;
  };
  const done = params.get("done");
  const columns: Column<Row>[] = [
    {
      key: "name",
      label: t("documents.name"),
      sortable: true,
      render: (row) => (
        <>
          <span className="documents-table__name">{row.name}</span>
          {row.description && <span className="documents-table__description">{row.description}</span>}
        </>
      ),
    },
    {
      key: "subject",
      label: t("documents.subject"),
      sortable: true,
      render: (row) => t(`documents.subjects.${row.subject}`),
    },
    { key: "fileType", label: t("documents.fileType"), render: (row) => row.fileType },
    { key: "size", label: t("documents.size"), render: (row) => <span className="numeric">{row.size}</span> },
    {
      key: "updated",
      label: t("documents.updated"),
      sortable: true,
      render: (row) => <time dateTime={row.updatedIso}>{row.updated}</time>,
    },
    ...(data.canWrite
      ? [
          {
            key: "audience",
            label: t("adminDocuments.audience"),
            render: (row: Row) => (
              <>
                {row.brandIds.map((id: number) => t(`brands.${id}`)).join(", ")}
                <br />
                {row.regionCodes.map((code: string) => t(`regions.${code}`)).join(", ")}
              </>
            ),
          },
        ]
      : []),
    {
      key: "actions",
      label: t("documents.actions"),
      render: (row) => <RowActions row={row} canWrite={row.managed} />,
    },
  ];

  return (
    <div className="page">
      <div className="page__header">
        <h1>{t("documents.title")}</h1>
      </div>
      <RoutableTabs
        label={t("documents.subjectsLabel")}
        className="tabs tabs--wrap"
        current={data.subject ?? "all"}
        tabs={[
          { key: "all", label: t("documents.allSubjects"), to: subjectHref(null) },
          ...SUBJECTS.map((subject) => ({
            key: subject,
            label: t(`documents.subjects.${subject}`),
            to: subjectHref(subject),
          })),
        ]}
      />
      <SearchForm
        id="document-search"
        label={t("documents.searchLabel")}
        query={data.query}
        keep={{ subject: data.subject, sortBy: data.state.sortBy, sortType: data.state.sortType }}
      />
      <DataTable
        columns={columns}
        rows={data.rows}
        rowKey={(row) => row.id}
        count={t("documents.count", { count: data.total })}
        rowTestId="document-row"
        className="documents-table"
        sort={data.state}
        page={data.page}
        pageCount={data.pageCount}
      />

      {data.canWrite && (
        <UploadForm
          key={done === "uploaded" ? location.key : "upload"}
          lastResult={actionData?.intent === "upload" ? actionData.result : undefined}
          returnTo={listPath}
        />
      )}
      {data.canWrite && (
        <ManagerDialogs
          editTarget={data.editTarget}
          replaceTarget={data.replaceTarget}
          deleteTarget={data.deleteTarget}
          actionData={actionData}
          listPath={listPath}
        />
      )}
      <DoneDialog done={done} />
    </div>
  );
}

/** Download for everyone; edit, replace and delete for those who manage the library and the document's brands (each a dialog by URL). */
function RowActions({ row, canWrite }: { row: Row; canWrite: boolean }) {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <div className="row-actions">
      <a
        href={`/documents/${row.id}/download`}
        className="button button--small"
        aria-label={t("documents.downloadLabel", { name: row.name })}
      >
        {t("documents.download")}
      </a>
      {canWrite &&
        (
          [
            ["edit", "adminDocuments.edit", "adminDocuments.editLabel", "button--secondary"],
            ["replace", "adminDocuments.replace", "adminDocuments.replaceLabel", "button--secondary"],
            ["confirmDelete", "common.delete", "adminDocuments.deleteLabel", "button--danger"],
          ] as const
        ).map(([param, text, label, style]) => (
          <Link
            key={param}
            to={withSearchParam(location, param, String(row.id))}
            className={`button button--small ${style}`}
            preventScrollReset
            aria-label={t(label, { name: row.name })}
          >
            {t(text)}
          </Link>
        ))}
    </div>
  );
}
