import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireRouteAccess } from "~/auth/user.server";
import { db } from "~/db/client.server";
import { ImportRunView } from "~/imports/components/ImportRunView";
import { importRunOf, importRunPage, startImportRun } from "~/imports/import-runs.server";
import { importRunFormSchema } from "~/imports/schema";
import { recordIdOf } from "~/navigation/id-param";
import { readFormData } from "~/security/form-body.server";
import { titleMeta } from "~/shell/page-title";

export const meta = titleMeta("imports.identities.title");

const BASE = "/admin/wsr-bulk-assignments";

function runIdOf(raw: string | undefined): number {
  const id = recordIdOf(raw);
  if (id === null) throw new Response("Not Found", { status: 404 });
  return id;
}

/** One of the administrator's identity imports: its report, progress or result. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireRouteAccess(request);
  const run = await importRunOf(db(), user.identityId, runIdOf(params.runId));
  if (!run || run.kind !== "identities") throw new Response("Not Found", { status: 404 });
  return { run: importRunPage(run) };
}

/** Import (or Run again): queued on the job runner, then this page shows its progress. */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireRouteAccess(request);
  const runId = runIdOf(params.runId);
  const submission = parseWithZod(await readFormData(request), { schema: importRunFormSchema });
  if (submission.status !== "success") return data({ error: "validations.formError" }, { status: 400 });
  const outcome = await startImportRun(db(), user.identityId, runId);
  if (outcome === "missing") throw new Response("Not Found", { status: 404 });
  if (outcome === "refused") return data({ error: "imports.errors.cannotStart" }, { status: 409 });
  if (outcome === "unavailable") return data({ error: "imports.errors.runnerUnavailable" }, { status: 503 });
  return redirect(`${BASE}/${runId}`);
}

export default function IdentityImportRun() {
  const { run } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation();
  return (
    <div className="page bulk-import">
      <h1>{t("imports.identities.title")}</h1>
      <p className="field__help">{t("imports.run.file", { fileName: run.fileName })}</p>
      <ImportRunView run={run} uploadPath={BASE} actionError={answer?.error} />
    </div>
  );
}
