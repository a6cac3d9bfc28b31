import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireRouteAccess } from "~/auth/user.server";
import { db } from "~/db/client.server";
import { FILE_PROBLEMS, isMultipart, parseUpload, uploadProblemOf } from "~/documents/upload.server";
import { ImportColumns } from "~/imports/components/ImportColumns";
import { ImportUpload } from "~/imports/components/ImportUpload";
import { RecentImports } from "~/imports/components/RecentImports";
import { checkImportFile, recentImportRuns } from "~/imports/import-runs.server";
import { titleMeta } from "~/shell/page-title";

export const meta = titleMeta("imports.identities.title");

const BASE = "/admin/wsr-bulk-assignments";

/** SPEC §2 bulk import of identities: the template, the columns, one file's upload, the latest runs. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireRouteAccess(request);
  const runs = await recentImportRuns(db(), user.identityId, "identities");
  return { runs: runs.map(({ id, fileName, state, createdAt }) => ({ id, fileName, state, createdAt })) };
}

/** One file is checked (the dry run) and kept as a run; its page shows the report. Bad uploads change nothing. */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireRouteAccess(request);
  if (!isMultipart(request)) throw new Response("Unsupported Media Type", { status: 415 });
  const upload = await parseUpload(request);
  const problem = uploadProblemOf(upload);
  if (problem || !upload.file) return data({ fileError: problem ?? "validations.required" }, { status: 400 });
  const outcome = await checkImportFile(db(), user.identityId, "identities", {
    name: upload.file.fileName,
    bytes: upload.file.bytes,
  });
  if (outcome.kind === "wrongType") return data({ fileError: FILE_PROBLEMS.invalidType }, { status: 400 });
  return redirect(`${BASE}/${outcome.runId}`);
}

export default function IdentityBulkImport() {
  const { runs } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation();
  return (
    <div className="page bulk-import">
      <h1>{t("imports.identities.title")}</h1>
      <p>{t("imports.identities.intro")}</p>
      <section aria-labelledby="import-template-title">
        <h2 id="import-template-title">{t("imports.template.heading")}</h2>
        <p>{t("imports.template.text")}</p>
        <ul className="plain-list">
          <li>
            <a href={`${BASE}/template/csv`} download>
              {t("imports.template.csv")}
            </a>
          </li>
          <li>
            <a href={`${BASE}/template/xlsx`} download>
              {t("imports.template.xlsx")}
            </a>
          </li>
        </ul>
        <ImportColumns />
      </section>
      <ImportUpload fileError={answer?.fileError} />
      <RecentImports runs={runs} basePath={BASE} />
    </div>
  );
}
