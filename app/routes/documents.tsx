import {
  getFormProps,
  getInputProps,
  getSelectProps,
  useForm,
  type FieldMetadata,
  type SubmissionResult,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data as replyWith, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { requireFeatures, requireRouteAccess } from "~/auth/user.server";
import { db } from "~/db/client.server";
import { localeOf } from "~/i18n/locale";
import { mediumDate } from "~/i18n/date-format";
import { DOCUMENTS_WRITE } from "~/permissions/write-rules";
import {
  createDocument,
  deleteDocument,
  documentViewerOf,
  getDocument,
  listDocuments,
  replaceDocumentFile,
  updateDocumentDetails,
  type DocumentRow,
} from "~/documents/documents.server";
import { fileStore } from "~/storage/file-store.server";
import { ACCEPTED_EXTENSIONS, fileTypeLabel } from "~/documents/file-types";
import { formatFileSize } from "~/documents/file-size";
import { recordIdOf } from "~/navigation/id-param";
import { documentsReturnPath, TRANSIENT_LIST_PARAMS } from "~/documents/return-path";
import { isMultipart, parseUpload, type ParsedUpload } from "~/documents/upload.server";
import { SUBJECTS } from "~/documents/subjects";
import { documentDetailsSchema, documentFilters, documentSchema } from "~/documents/schema";
import { MAX_TEXT_LENGTH } from "~/limits";
import { titleMeta } from "~/shell/page-title";
import { withSearchParam } from "~/shell/search-params";
import { Modal } from "~/admin/Modal";
import { Pagination } from "~/admin/Pagination";
import { FieldError } from "~/admin/FieldError";
import { FormErrors } from "~/admin/EditorDialogs";
import { AudienceCheckboxes } from "~/admin/CheckboxGroup";
import { SearchForm } from "~/admin/SearchForm";
import { ListResults } from "~/admin/ListResults";
import { readFormData } from "~/security/form-body.server";

export const meta = titleMeta("documents.title");

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireRouteAccess(request);
  const url = new URL(request.url);
  const filters = documentFilters(url.searchParams);
  const viewer = documentViewerOf(user);
  const list = await listDocuments(db(), viewer, {
    ...filters,
    page: Number(url.searchParams.get("page") ?? "1") || 1,
  });
  const locale = localeOf(request);
  const dates = mediumDate(locale);
  const summary = (row: DocumentRow) => ({ id: row.id, name: row.name, fileName: row.fileName });
  // A dialog of the managers (replace, delete) names its document, wherever it is in the list.
  const dialogTarget = async (param: string) => {
    const id = viewer.managesLibrary ? recordIdOf(url.searchParams.get(param)) : null;
    const row = id === null ? null : await getDocument(db(), id, viewer);
    return row && summary(row);
  };
  const editTarget = async () => {
    const id = viewer.managesLibrary ? recordIdOf(url.searchParams.get("edit")) : null;
    const row = id === null ? null : await getDocument(db(), id, viewer);
    if (!row) return null;
    return {
      ...summary(row),
      description: row.description,
      subject: row.subject,
      brandIds: row.brandIds.map(String),
      regionCodes: row.regionCodes,
      updatedAt: row.updatedAt.toISOString(),
    };
  };
  return {
    ...filters,
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
    })),
    editTarget: await editTarget(),
    replaceTarget: await dialogTarget("replace"),
    deleteTarget: await dialogTarget("confirmDelete"),
  };
}

type ActionReply = {
  intent: "upload" | "replace" | "edit";
  id: number | null;
  result: SubmissionResult<string[]>;
  stamp?: string;
};

/** Edit details: the same checks as an upload, the stamp it was read with; bad input or a stale stamp changes nothing. */
async function saveDetails(form: FormData, actorId: number) {
  const submission = parseWithZod(form, { schema: documentDetailsSchema });
  const id = recordIdOf(form.get("id"));
  if (submission.status !== "success")
    return replyWith<ActionReply>(
      { intent: "edit", id, result: submission.reply({ formErrors: ["validations.formError"] }) },
      { status: 400 },
    );
  const outcome = await updateDocumentDetails(
    db(),
    submission.value.id,
    submission.value,
    submission.value.updatedAt,
    actorId,
  );
  if (outcome.kind === "missing") throw new Response("Not Found", { status: 404 });
  if (outcome.kind === "conflict") {
    return replyWith<ActionReply>(
      {
        intent: "edit",
        id,
        result: submission.reply({ formErrors: ["adminDocuments.conflict"] }),
        stamp: outcome.currentStamp,
      },
      { status: 409 },
    );
  }
  return redirect(documentsReturnPath(form.get("returnTo"), "edited"));
}

const FILE_PROBLEMS = {
  tooMany: "validations.oneFileOnly",
  tooLarge: "validations.fileTooLarge",
  invalidType: "validations.invalidFileType",
} as const;

/** Why the posted file cannot be taken, as a message key (none chosen, two files, too large). */
function fileProblem(upload: ParsedUpload): string | null {
  if (upload.problem) return FILE_PROBLEMS[upload.problem];
  return upload.file ? null : "validations.required";
}

/**
 * Upload, replace and delete: any post needs admin:documents:write, checked here before the
 * body is read. A refused post changes nothing and returns what was typed with the errors.
 */
export async function action({ request }: ActionFunctionArgs) {
  await requireRouteAccess(request);
  const user = await requireFeatures(request, DOCUMENTS_WRITE);
  const store = fileStore();

  if (!isMultipart(request)) {
    const form = await readFormData(request);
    if (form.get("intent") === "edit") return saveDetails(form, user.identityId);
    const id = recordIdOf(form.get("id"));
    if (form.get("intent") !== "delete" || id === null) throw new Response("Bad Request", { status: 400 });
    if (!(await deleteDocument(db(), store, id, user.identityId))) throw new Response("Not Found", { status: 404 });
    return redirect(documentsReturnPath(form.get("returnTo"), "deleted"));
  }

  const upload = await parseUpload(request);
  const intent = upload.fields.get("intent");
  const refuse = (reply: ActionReply) => replyWith(reply, { status: 400 });

  if (intent === "replace") {
    const id = recordIdOf(upload.fields.get("id"));
    if (id === null) throw new Response("Bad Request", { status: 400 });
    const submission = parseWithZod(upload.fields, { schema: documentSchema.pick({}) });
    const problem = fileProblem(upload);
    if (problem || !upload.file)
      return refuse({
        intent,
        id,
        result: submission.reply({ fieldErrors: { file: [problem ?? "validations.required"] } }),
      });
    const outcome = await replaceDocumentFile(db(), store, id, upload.file, user.identityId);
    if (outcome.kind === "missing") throw new Response("Not Found", { status: 404 });
    if (outcome.kind !== "replaced")
      return refuse({ intent, id, result: submission.reply({ fieldErrors: { file: [FILE_PROBLEMS[outcome.kind]] } }) });
    return redirect(documentsReturnPath(upload.fields.get("returnTo"), "replaced"));
  }

  if (intent !== "upload") throw new Response("Bad Request", { status: 400 });
  const submission = parseWithZod(upload.fields, { schema: documentSchema });
  const problem = fileProblem(upload);
  const invalid = (fileError: string | null) =>
    refuse({
      intent,
      id: null,
      result: submission.reply({
        formErrors: ["validations.formError"],
        ...(fileError ? { fieldErrors: { file: [fileError] } } : {}),
      }),
    });
  if (submission.status !== "success" || problem || !upload.file) return invalid(problem);
  const outcome = await createDocument(db(), store, submission.value, upload.file, user.identityId);
  if (outcome.kind !== "created") return invalid(FILE_PROBLEMS[outcome.kind]);
  return redirect(documentsReturnPath(upload.fields.get("returnTo"), "uploaded"));
}

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

  return (
    <div className="page">
      <div className="page__header">
        <h1>{t("documents.title")}</h1>
      </div>
      <nav className="tabs tabs--wrap" aria-label={t("documents.subjectsLabel")}>
        <Link to={subjectHref(null)} aria-current={data.subject === null ? "page" : undefined}>
          {t("documents.allSubjects")}
        </Link>
        {SUBJECTS.map((subject) => (
          <Link key={subject} to={subjectHref(subject)} aria-current={data.subject === subject ? "page" : undefined}>
            {t(`documents.subjects.${subject}`)}
          </Link>
        ))}
      </nav>
      <SearchForm
        id="document-search"
        label={t("documents.searchLabel")}
        query={data.query}
        keep={{ subject: data.subject }}
      />
      <ListResults count={t("documents.count", { count: data.total })} empty={data.rows.length === 0}>
        <table className="data-table documents-table">
          <thead>
            <tr>
              <th scope="col">{t("documents.name")}</th>
              <th scope="col">{t("documents.subject")}</th>
              <th scope="col">{t("documents.fileType")}</th>
              <th scope="col">{t("documents.size")}</th>
              <th scope="col">{t("documents.updated")}</th>
              {data.canWrite && <th scope="col">{t("adminDocuments.audience")}</th>}
              <th scope="col">{t("documents.actions")}</th>
            </tr>
          </thead>
          <tbody>
            {data.rows.map((row) => (
              <tr key={row.id} data-testid="document-row">
                <td>
                  <span className="documents-table__name">{row.name}</span>
                  {row.description && <span className="documents-table__description">{row.description}</span>}
                </td>
                <td>{t(`documents.subjects.${row.subject}`)}</td>
                <td>{row.fileType}</td>
                <td className="numeric">{row.size}</td>
                <td>
                  <time dateTime={row.updatedIso}>{row.updated}</time>
                </td>
                {data.canWrite && (
                  <td>
                    {row.brandIds.map((id) => t(`brands.${id}`)).join(", ")}
                    <br />
                    {row.regionCodes.map((code) => t(`regions.${code}`)).join(", ")}
                  </td>
                )}
                <td>
                  <div className="row-actions">
                    <a
                      href={`/documents/${row.id}/download`}
                      className="button button--small"
                      aria-label={t("documents.downloadLabel", { name: row.name })}
                    >
                      {t("documents.download")}
                    </a>
                    {data.canWrite && (
                      <>
                        <Link
                          to={withSearchParam(location, "edit", String(row.id))}
                          className="button button--small button--secondary"
                          preventScrollReset
                          aria-label={t("adminDocuments.editLabel", { name: row.name })}
                        >
                          {t("adminDocuments.edit")}
                        </Link>
                        <Link
                          to={withSearchParam(location, "replace", String(row.id))}
                          className="button button--small button--secondary"
                          preventScrollReset
                          aria-label={t("adminDocuments.replaceLabel", { name: row.name })}
                        >
                          {t("adminDocuments.replace")}
                        </Link>
                        <Link
                          to={withSearchParam(location, "confirmDelete", String(row.id))}
                          className="button button--small button--danger"
                          preventScrollReset
                          aria-label={t("adminDocuments.deleteLabel", { name: row.name })}
                        >
                          {t("common.delete")}
                        </Link>
                      </>
                    )}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ListResults>
      <Pagination page={data.page} pageCount={data.pageCount} search={location.search} />

      {data.canWrite && (
        <UploadForm
          key={done === "uploaded" ? location.key : "upload"}
          lastResult={actionData?.intent === "upload" ? actionData.result : undefined}
          returnTo={listPath}
        />
      )}

      {data.canWrite && data.editTarget && (
        <Modal
          title={t("adminDocuments.editTitle")}
          titleId="edit-title"
          closeTo={withSearchParam(location, "edit", null)}
          closeLabel={t("common.close")}
        >
          <DetailsForm
            key={`${data.editTarget.id}-${data.editTarget.updatedAt}`}
            target={data.editTarget}
            reply={actionData?.intent === "edit" && actionData.id === data.editTarget.id ? actionData : undefined}
            returnTo={listPath}
            cancelTo={withSearchParam(location, "edit", null)}
          />
        </Modal>
      )}

      {data.canWrite && data.replaceTarget && (
        <Modal
          title={t("adminDocuments.replaceTitle")}
          titleId="replace-title"
          closeTo={withSearchParam(location, "replace", null)}
          closeLabel={t("common.close")}
        >
          <p>{t("adminDocuments.replaceText", { name: data.replaceTarget.name })}</p>
          <p className="field__help">{t("adminDocuments.currentFile", { fileName: data.replaceTarget.fileName })}</p>
          <Form method="post" encType="multipart/form-data" noValidate>
            <input type="hidden" name="intent" value="replace" />
            <input type="hidden" name="id" value={data.replaceTarget.id} />
            <input type="hidden" name="returnTo" value={listPath} />
            <FileField
              errors={
                actionData?.intent === "replace" && actionData.id === data.replaceTarget.id
                  ? (actionData.result.error?.file ?? undefined)
                  : undefined
              }
              id="replace-file"
            />
            <div className="modal__actions">
              <Link
                to={withSearchParam(location, "replace", null)}
                className="button button--secondary"
                preventScrollReset
              >
                {t("common.cancel")}
              </Link>
              <button type="submit" className="button">
                {t("adminDocuments.replaceButton")}
              </button>
            </div>
          </Form>
        </Modal>
      )}

      {data.canWrite && data.deleteTarget && (
        <Modal
          title={t("adminDocuments.deleteTitle")}
          titleId="delete-title"
          closeTo={withSearchParam(location, "confirmDelete", null)}
          closeLabel={t("common.close")}
        >
          <p>{t("adminDocuments.deleteConfirm", { name: data.deleteTarget.name })}</p>
          <Form method="post" className="modal__actions">
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="id" value={data.deleteTarget.id} />
            <input type="hidden" name="returnTo" value={listPath} />
            <Link
              to={withSearchParam(location, "confirmDelete", null)}
              className="button button--secondary"
              preventScrollReset
            >
              {t("common.cancel")}
            </Link>
            <button type="submit" className="button button--danger">
              {t("adminDocuments.deleteButton")}
            </button>
          </Form>
        </Modal>
      )}

      {done && ["uploaded", "replaced", "edited", "deleted"].includes(done) && (
        <Modal
          title={t(done === "deleted" ? "common.deletedTitle" : "common.savedTitle")}
          titleId="done-title"
          closeTo={withSearchParam(location, "done", null)}
          closeLabel={t("common.close")}
        >
          <p>{t(`adminDocuments.${done}`)}</p>
          <div className="modal__actions">
            <Link to={withSearchParam(location, "done", null)} className="button" preventScrollReset>
              {t("common.close")}
            </Link>
          </div>
        </Modal>
      )}
    </div>
  );
}

/** The file input with its allowed types and limit, and its first error. */
function FileField({ id, errors }: { id: string; errors?: string[] }) {
  const { t } = useTranslation();
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label htmlFor={id}>{t("adminDocuments.file")}</label>
      <input
        id={id}
        type="file"
        name="file"
        multiple
        accept={ACCEPTED_EXTENSIONS}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={errors?.length ? `${id}-help ${errorId}` : `${id}-help`}
      />
      <p id={`${id}-help`} className="field__help">
        {t("adminDocuments.fileHelp")}
      </p>
      <FieldError id={errorId} errors={errors} />
    </div>
  );
}

/** The managers' upload form: name, description, subject, brands, regions and one file. */
function UploadForm({ lastResult, returnTo }: { lastResult?: SubmissionResult<string[]>; returnTo: string }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [attempted, setAttempted] = useState(false);
  const [form, fields] = useForm({
    id: "upload",
    lastResult: navigation.state === "idle" ? lastResult : undefined,
    defaultValue: { brandIds: [], regionCodes: [] },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: documentSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const fileErrors = (form.allErrors.file as string[] | undefined) ?? undefined;
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === "upload";
  return (
    <section className="upload" aria-labelledby="upload-title">
      <h2 id="upload-title">{t("adminDocuments.uploadTitle")}</h2>
      <Form
        method="post"
        encType="multipart/form-data"
        {...getFormProps(form)}
        onSubmit={(event) => {
          setAttempted(true);
          form.onSubmit(event);
        }}
        noValidate
        className="editor"
      >
        <FormErrors
          id={form.errorId}
          errors={form.errors}
          show={attempted && Object.keys(form.allErrors).length > 0}
          text={(key) => t(key, { n: MAX_TEXT_LENGTH })}
        />
        <input type="hidden" name="intent" value="upload" />
        <input type="hidden" name="returnTo" value={returnTo} />
        <DocumentDetailFields fields={fields} />
        <FileField id="upload-file" errors={fileErrors} />
        <div className="editor__actions">
          <button type="submit" className="button" disabled={submitting}>
            {t("adminDocuments.upload")}
          </button>
        </div>
      </Form>
    </section>
  );
}

// Conform's field metadata for the document fields of either form (upload or edit details).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyField = FieldMetadata<any, any, string[]>;

/** Name, description, subject, brands and regions: the same fields in the upload and the edit form. */
function DocumentDetailFields({
  fields,
}: {
  fields: { name: AnyField; description: AnyField; subject: AnyField; brandIds: AnyField; regionCodes: AnyField };
}) {
  const { t } = useTranslation();
  return (
    <>
      <div className="field">
        <label htmlFor={fields.name.id}>{t("documents.name")}</label>
        <input {...getInputProps(fields.name, { type: "text" })} key={fields.name.key} maxLength={MAX_TEXT_LENGTH} />
        <FieldError id={fields.name.errorId} errors={fields.name.errors} />
      </div>
      <div className="field">
        <label htmlFor={fields.description.id}>{t("documents.description")}</label>
        <input
          {...getInputProps(fields.description, { type: "text" })}
          key={fields.description.key}
          maxLength={MAX_TEXT_LENGTH}
        />
        <FieldError id={fields.description.errorId} errors={fields.description.errors} />
      </div>
      <div className="field">
        <label htmlFor={fields.subject.id}>{t("documents.subject")}</label>
        <select {...getSelectProps(fields.subject)} key={fields.subject.key}>
          <option value="">{t("common.selectOption")}</option>
          {SUBJECTS.map((subject) => (
            <option key={subject} value={subject}>
              {t(`documents.subjects.${subject}`)}
            </option>
          ))}
        </select>
        <FieldError id={fields.subject.errorId} errors={fields.subject.errors} />
      </div>
      <AudienceCheckboxes
        brandIds={fields.brandIds}
        regionCodes={fields.regionCodes}
        brandsLegend={t("adminDocuments.brands")}
        regionsLegend={t("adminDocuments.regions")}
        brandLabel={(id) => t(`brands.${id}`)}
        regionLabel={(code) => t(`regions.${code}`)}
      />
    </>
  );
}

/** Edit a document's details; the file stays (Replace changes it). */
function DetailsForm(props: {
  target: {
    id: number;
    name: string;
    description: string;
    subject: string;
    brandIds: string[];
    regionCodes: string[];
    updatedAt: string;
  };
  reply?: { result: SubmissionResult<string[]>; stamp?: string };
  returnTo: string;
  cancelTo: string;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: `edit-${props.target.id}`,
    lastResult: navigation.state === "idle" ? props.reply?.result : undefined,
    defaultValue: props.target,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: documentDetailsSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="editor">
      <FormErrors
        id={form.errorId}
        errors={form.errors}
        show={Boolean(form.errors?.length)}
        text={(key) => t(key, { n: MAX_TEXT_LENGTH })}
      />
      <input type="hidden" name="intent" value="edit" />
      <input type="hidden" name="id" value={props.target.id} />
      <input type="hidden" name="updatedAt" value={props.reply?.stamp ?? props.target.updatedAt} />
      <input type="hidden" name="returnTo" value={props.returnTo} />
      <DocumentDetailFields fields={fields} />
      <div className="modal__actions">
        <Link to={props.cancelTo} className="button button--secondary" preventScrollReset>
          {t("common.cancel")}
        </Link>
        <button type="submit" className="button" disabled={navigation.state === "submitting"}>
          {t("adminDocuments.editButton")}
        </button>
      </div>
    </Form>
  );
}
