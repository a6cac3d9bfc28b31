import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "@remix-run/node";
import type { SubmissionResult } from "@conform-to/react";
import type { z } from "zod";
import { requireFeatures } from "~/auth/user.server";
import type { FeatureRule } from "~/permissions/feature-rule";
import { readFormData } from "~/security/form-body.server";
import { mergeNewTags } from "./MultiSelect";
import type { SaveOutcome } from "./save-outcome";

/** What an editor's action answers when it does not redirect: the form's result, and the current stamp after a conflict. */
export type EditorReply<Extra extends object = object> = Extra & {
  result: SubmissionResult<string[]>;
  stamp: string | null;
};

export interface EditorSpec<Input, Extra extends object> {
  /** The features a write needs (checked before the body is read). */
  writeRule: FeatureRule;
  schema: z.ZodType<Input>;
  /** The record edited; null creates one. */
  id: number | null;
  /** Multiselect fields whose free tags arrive as `<name>__new` without JavaScript. */
  listFields?: readonly string[];
  /** An `intent=delete` post removes the record, then goes to `redirectTo`. */
  remove?: { run: (id: number, actorId: number) => Promise<unknown>; redirectTo: string };
  create?: (input: Input, actorId: number) => Promise<number>;
  /** Saves when the input's stamp is the record's current one. */
  update: (id: number, input: Input, actorId: number) => Promise<SaveOutcome>;
  /** Where a saved record's editor is. */
  savedTo: (id: number) => string;
  /** The message key of a stale save. */
  conflictKey: string;
  /** Fields every reply carries (which form of the page answered). */
  reply?: Extra;
  /** The form, when the caller read it already. */
  form?: FormData;
}

/**
 * One action for every editor: write access → delete intent → parse with the editor's schema →
 * create, or update with the edit stamp → the conflict (409, input kept, the current stamp) or a
 * redirect to the saved record. Bad input answers 400 with the field messages and changes nothing.
 */
export async function editorAction<Input, Extra extends object = object>(
  request: Request,
  spec: EditorSpec<Input, Extra>,
): Promise<Response | ReturnType<typeof data<EditorReply<Extra>>>> {
  const user = await requireFeatures(request, spec.writeRule);
  const read = spec.form ?? (await readFormData(request));
  const form = spec.listFields ? mergeNewTags(read, spec.listFields) : read;
  const extra = (spec.reply ?? {}) as Extra;
  if (form.get("intent") === "delete" && spec.remove && spec.id !== null) {
    await spec.remove.run(spec.id, user.identityId);
    return redirect(spec.remove.redirectTo);
  }
  const submission = parseWithZod(form, { schema: spec.schema });
  if (submission.status !== "success") {
    return data(
      { ...extra, result: submission.reply({ formErrors: ["validations.formError"] }), stamp: null },
      { status: 400 },
    );
  }
  if (spec.id === null) {
    if (!spec.create) throw new Response("Not Found", { status: 404 });
    return redirect(spec.savedTo(await spec.create(submission.value, user.identityId)));
  }
  const outcome = await spec.update(spec.id, submission.value, user.identityId);
  if (outcome.kind === "missing") throw new Response("Not Found", { status: 404 });
  if (outcome.kind === "conflict") {
    return data(
      { ...extra, result: submission.reply({ formErrors: [spec.conflictKey] }), stamp: outcome.currentStamp },
      { status: 409 },
    );
  }
  return redirect(spec.savedTo(spec.id));
}
