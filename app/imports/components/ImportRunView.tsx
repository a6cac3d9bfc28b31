import { Link, useNavigation, useRevalidator } from "@remix-run/react";
import { Form } from "~/ui/Form";
import { useEffect } from "react";
import { useTranslation } from "~/translate/react";
import { Table } from "~/ui/DataTable";
import type { StoredImportReport } from "~/db/schema";
import { MAX_TEXT_LENGTH } from "~/limits";
import type { ImportKind } from "../columns";
import type { ImportRunPage } from "../import-runs.server";
import { toUser } from "~/users/routes";
import { toOrganizationHistory } from "~/audit/routes";

/** How often a page of an import under way asks for news. */
const POLL_MS = 1000;

/**
 * One import's page: the check's report and the Import button, the progress while it runs (polled
 * with JavaScript, a page that refreshes itself without), the result with a link to each user,
 * or why it failed and Run again.
 */
export function ImportRunView({
  run,
  uploadPath,
  actionError,
}: {
  run: ImportRunPage;
  uploadPath: string;
  actionError?: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      {actionError && (
        <p className="form-error" role="alert">
          {t(actionError)}
        </p>
      )}
      {run.underWay && <ImportProgress run={run} />}
      {run.state === "failed" && run.error && (
        <p className="form-error" role="alert">
          {t(run.error)}
        </p>
      )}
      {run.result ? (
        <ImportResult kind={run.kind} result={run.result} />
      ) : (
        !run.underWay && <ImportReport report={run.report} />
      )}
      {run.mayStart && <StartImport again={run.state === "failed"} />}
      <p>
        <Link to={uploadPath}>{t("imports.uploadAnother")}</Link>
      </p>
    </>
  );
}

function StartImport({ again }: { again: boolean }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const starting = navigation.state === "submitting" && navigation.formData?.get("intent") === "import";
  return (
    <Form method="post" className="import-start">
      <input type="hidden" name="intent" value="import" />
      <button type="submit" className="button" disabled={starting}>
        {again ? t("imports.runAgain") : t("imports.import")}
      </button>
    </Form>
  );
}

function ImportReport({ report }: { report: StoredImportReport }) {
  const { t } = useTranslation();
  const nothingToDo = report.problemCount === 0 && report.create + report.update === 0;
  return (
    <section aria-labelledby="import-report-title">
      <h2 id="import-report-title">{t("imports.report.heading")}</h2>
      <p>
        {t("imports.report.counts", {
          count: report.rows,
          create: report.create,
          update: report.update,
          unchanged: report.unchanged,
        })}
      </p>
      {report.problemCount > 0 ? (
        <>
          <p className="form-error" role="alert">
            {t("imports.report.problems", { count: report.problemCount })}
          </p>
          <Table
            rows={report.problems}
            rowKey={(problem) => `${problem.row}:${problem.column}:${problem.message}`}
            rowTestId="import-problem"
            columns={[
              { key: "row", label: t("imports.report.row"), render: (problem) => problem.row },
              { key: "column", label: t("imports.report.column"), render: (problem) => <code>{problem.column}</code> },
              {
                key: "problem",
                label: t("imports.report.problem"),
                render: (problem) => t(problem.message, { n: MAX_TEXT_LENGTH, ...problem.values }),
              },
            ]}
          />
          {report.problemCount > report.problems.length && (
            <p>{t("imports.report.moreProblems", { count: report.problemCount - report.problems.length })}</p>
          )}
          <p>{t("imports.report.fixAndUpload")}</p>
        </>
      ) : nothingToDo ? (
        <p className="notice">{t("imports.report.nothingToDo")}</p>
      ) : (
        <p className="notice">{t("imports.report.ready")}</p>
      )}
    </section>
  );
}

function ImportProgress({ run }: { run: ImportRunPage }) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  useEffect(() => {
    const timer = setInterval(() => {
      if (revalidator.state === "idle") revalidator.revalidate();
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [revalidator]);
  return (
    <section aria-labelledby="import-progress-title">
      {/* Without JavaScript the page asks again by itself. */}
      <noscript>
        <meta httpEquiv="refresh" content="2" />
      </noscript>
      <h2 id="import-progress-title">{t("imports.progress.heading")}</h2>
      <progress id="import-progress" max={100} value={run.percent} aria-labelledby="import-progress-title">
        {run.percent} %
      </progress>
      <p role="status">
        {run.state === "queued"
          ? t("imports.progress.waiting")
          : t("imports.progress.rows", { done: run.done, count: run.total, percent: run.percent })}
      </p>
      <p className="field__help">{t("imports.progress.hint")}</p>
    </section>
  );
}

/** Where an imported record is seen: the user's page, or the organization's audit history. */
function recordHref(kind: ImportKind, id: number): string {
  return kind === "identities" ? toUser({ id, mode: "view" }) : toOrganizationHistory(id);
}

function ImportResult({ kind, result }: { kind: ImportKind; result: NonNullable<ImportRunPage["result"]> }) {
  const { t } = useTranslation();
  const lists = [
    ["created", result.created],
    ["updated", result.updated],
    ["unchanged", result.unchanged],
  ] as const;
  return (
    <section aria-labelledby="import-result-title">
      <h2 id="import-result-title">{t("imports.result.heading")}</h2>
      <p className="notice notice--success" role="status">
        {t("imports.result.summary", {
          created: result.created.count,
          updated: result.updated.count,
          unchanged: result.unchanged.count,
        })}
      </p>
      {lists
        .filter(([, list]) => list.count > 0)
        .map(([key, list]) => (
          <section key={key} aria-labelledby={`import-result-${key}`}>
            <h3 id={`import-result-${key}`}>{t(`imports.result.${key}`, { count: list.count })}</h3>
            <Table
              rows={list.users}
              rowKey={(record) => record.id}
              rowTestId={`import-${key}`}
              columns={[
                { key: "row", label: t("imports.report.row"), render: (record) => record.row },
                {
                  key: "record",
                  label: kind === "identities" ? t("imports.result.email") : t("imports.result.organizationId"),
                  render: (record) => <Link to={recordHref(kind, record.id)}>{record.key}</Link>,
                },
              ]}
            />
            {list.count > list.users.length && (
              <p>{t("imports.result.more", { count: list.count - list.users.length })}</p>
            )}
          </section>
        ))}
    </section>
  );
}
