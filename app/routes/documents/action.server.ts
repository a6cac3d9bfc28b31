import { parseWithZod } from "@conform-to/zod/v4";
import { data as replyWith, redirect, type ActionFunctionArgs } from "@remix-run/node";
import type { SubmissionResult } from "@conform-to/react";
import { requireFeatures, requireRouteAccess } from "~/auth/user.server";
import { db } from "~/db/client.server";
import { DOCUMENTS_WRITE } from "~/permissions/write-rules";
import {
  createDocument,
  deleteDocument,
  replaceDocumentFile,
  updateDocumentDetails,
} from "~/documents/documents.server";
import { fileStore } from "~/storage/file-store.server";
import { recordIdOf } from "~/navigation/id-param";
import { documentsReturnPath } from "~/documents/return-path";
import { FILE_PROBLEMS, isMultipart, parseUpload, uploadProblemOf } from "~/forms/upload.server";
import { documentDetailsSchema, documentSchema } from "~/documents/schema";
import { readFormData } from "~/security/form-body.server";
import { editorAction } from "~/forms/editor-action.server";
import type { PortalUser } from "~/auth/user.server";
import { brandNotYoursRefusal } from "~/permissions/catalogue-scope";

export type ActionReply = {
  intent: "upload" | "replace" | "edit";
  id: number | null;
  result: SubmissionResult<string[]>;
  stamp?: string | null;
};

/**
 * Edit details: the same checks as an upload, the stamp it was read with; bad input, brands not
 * the user's or a stale stamp change nothing (another brand's document is not found).
 */
function saveDetails(request: Request, user: PortalUser, form: FormData) {
  const id = recordIdOf(form.get("id"));
  return editorAction(request, user, {
    schema: documentDetailsSchema,
    id,
    form,
    update: (documentId, input, actor) => updateDocumentDetails(db(), actor, documentId, input, input.updatedAt),
    refusal: () => brandNotYoursRefusal("brandIds"),
    savedTo: () => documentsReturnPath(form.get("returnTo"), "edited"),
    conflictKey: "adminDocuments.conflict",
    reply: { intent: "edit" as const, id },
  });
}

/**
 * Upload, replace and delete: any post needs admin:documents:write, checked here before the
 * body is read, and reaches only documents whose brands are all the user's (the service's rule:
 * another brand's document is not found, brands not theirs are refused on the field). A refused
 * post changes nothing and returns what was typed with the errors.
 */
export async function documentsAction({ request }: ActionFunctionArgs) {
  await requireRouteAccess(request);
  const user = await requireFeatures(request, DOCUMENTS_WRITE);
  const store = fileStore();

  if (!isMultipart(request)) {
    const form = await readFormData(request);
    if (form.get("intent") === "edit") return saveDetails(request, user, form);
    const id = recordIdOf(form.get("id"));
    if (form.get("intent") !== "delete" || id === null) throw new Response("Bad Request", { status: 400 });
    if (!(await deleteDocument(db(), user, store, id))) throw new Response("Not Found", { status: 404 });
    return redirect(documentsReturnPath(form.get("returnTo"), "deleted"));
  }

  const upload = await parseUpload(request);
  const intent = upload.fields.get("intent");
  const refuse = (reply: ActionReply) => replyWith(reply, { status: 400 });

  if (intent === "replace") {
    const id = recordIdOf(upload.fields.get("id"));
    if (id === null) throw new Response("Bad Request", { status: 400 });
    const submission = parseWithZod(upload.fields, { schema: documentSchema.pick({}) });
    const problem = uploadProblemOf(upload);
    if (problem || !upload.file)
      return refuse({
        intent,
        id,
        result: submission.reply({ fieldErrors: { file: [problem ?? "validations.required"] } }),
      });
    const outcome = await replaceDocumentFile(db(), user, store, id, upload.file);
    if (outcome.kind === "missing") throw new Response("Not Found", { status: 404 });
    if (outcome.kind !== "replaced")
      return refuse({ intent, id, result: submission.reply({ fieldErrors: { file: [FILE_PROBLEMS[outcome.kind]] } }) });
    return redirect(documentsReturnPath(upload.fields.get("returnTo"), "replaced"));
  }

  if (intent !== "upload") throw new Response("Bad Request", { status: 400 });
  const submission = parseWithZod(upload.fields, { schema: documentSchema });
  const problem = uploadProblemOf(upload);
  const invalid = (fieldErrors: Record<string, string[]> = {}) =>
    refuse({
      intent,
      id: null,
      result: submission.reply({ formErrors: ["validations.formError"], fieldErrors }),
    });
  if (submission.status !== "success" || problem || !upload.file) return invalid(problem ? { file: [problem] } : {});
  const outcome = await createDocument(db(), user, store, submission.value, upload.file);
  if (outcome.kind === "brandNotYours") return invalid({ brandIds: [brandNotYoursRefusal("brandIds").message] });
  if (outcome.kind !== "created") return invalid({ file: [FILE_PROBLEMS[outcome.kind]] });
  return redirect(documentsReturnPath(upload.fields.get("returnTo"), "uploaded"));
}
