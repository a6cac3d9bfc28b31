import { data, redirect } from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod/v4";
import type { Database, Executor } from "~/db/client.server";
import { FILE_PROBLEMS, isMultipart, parseUpload, uploadProblemOf } from "~/forms/upload.server";
import { requiredIdParam } from "~/navigation/id-param";
import type { Actor } from "~/permissions/actor";
import { readFormData } from "~/security/form-body.server";
import {
  checkImportFile,
  importRunOf,
  importRunPage,
  recentImportRuns,
  startImportRun,
} from "~/imports/import-runs.server";
import { importRunFormSchema } from "~/imports/schema";
import type { ImportScreen } from "~/imports/screens";
import { identityImportChoices, identityTemplate, organizationTemplate } from "~/imports/template.server";

/*
 * The two import screens' loaders and actions; the routes check access first and pass the
 * database and the acting administrator they checked.
 */

/** The upload screen: the administrator's latest runs of the kind. */
export async function importScreenData(database: Executor, actor: Actor, screen: ImportScreen) {
  const runs = await recentImportRuns(database, actor, screen.kind);
  return { runs: runs.map(({ id, fileName, state, createdAt }) => ({ id, fileName, state, createdAt })) };
}

/** One file is checked (the dry run) and kept as a run; its page shows the report. Bad uploads change nothing. */
export async function importUpload(database: Database, actor: Actor, request: Request, screen: ImportScreen) {
  if (!isMultipart(request)) throw new Response("Unsupported Media Type", { status: 415 });
  const upload = await parseUpload(request);
  const problem = uploadProblemOf(upload);
  if (problem || !upload.file) return data({ fileError: problem ?? "validations.required" }, { status: 400 });
  const outcome = await checkImportFile(database, actor, screen.kind, {
    name: upload.file.fileName,
    bytes: upload.file.bytes,
  });
  if (outcome.kind === "wrongType") return data({ fileError: FILE_PROBLEMS.invalidType }, { status: 400 });
  return redirect(`${screen.base}/${outcome.runId}`);
}

/** One of the administrator's runs of the kind: its report, progress or result. */
export async function importRunData(database: Executor, actor: Actor, screen: ImportScreen, rawId: string | undefined) {
  const run = await importRunOf(database, actor, requiredIdParam(rawId));
  if (!run || run.kind !== screen.kind) throw new Response("Not Found", { status: 404 });
  return { run: importRunPage(run) };
}

/** Import (or Run again): queued on the job runner, then the run's page shows its progress. */
export async function importStart(
  database: Database,
  actor: Actor,
  request: Request,
  screen: ImportScreen,
  rawId: string | undefined,
) {
  const runId = requiredIdParam(rawId);
  const submission = parseWithZod(await readFormData(request), { schema: importRunFormSchema });
  if (submission.status !== "success") return data({ error: "validations.formError" }, { status: 400 });
  const outcome = await startImportRun(database, actor, runId, { kind: screen.kind });
  if (outcome === "missing") throw new Response("Not Found", { status: 404 });
  if (outcome === "refused") return data({ error: "imports.errors.cannotStart" }, { status: 409 });
  if (outcome === "unavailable") return data({ error: "imports.errors.runnerUnavailable" }, { status: 503 });
  return redirect(`${screen.base}/${runId}`);
}

/** The kind's template, CSV or XLSX, as a download. */
export async function importTemplate(
  database: Executor,
  actor: Actor,
  screen: ImportScreen,
  format: string | undefined,
) {
  if (format !== "csv" && format !== "xlsx") throw new Response("Not Found", { status: 404 });
  const template =
    screen.kind === "identities"
      ? await identityTemplate(format, await identityImportChoices(database, actor))
      : await organizationTemplate(database, format);
  return new Response(Buffer.from(template.body), {
    headers: {
      "Content-Type": template.contentType,
      "Content-Disposition": `attachment; filename="${template.fileName}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
