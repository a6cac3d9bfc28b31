import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "@remix-run/node";
import type { Submission, SubmissionResult } from "@conform-to/react";
import type { z } from "zod";
import type { Database } from "~/db/client.server";
import { ownFields, readFormData } from "~/security/form-body.server";
import { mergeNewTags } from "./new-tags";
import { logger } from "~/logger.server";
import { removalOf, type MessageValues, type Refusal as EditorRefusal, type SaveOutcome } from "./save-outcome";

/** What an editor's action answers when it does not redirect: the form's result, and the current stamp after a conflict. */
export type EditorReply<Extra extends object = object> = Extra & {
  result: SubmissionResult<string[]>;
  stamp: string | null;
  /** The placeholders of the form's message, when a refusal has any. */
  messageValues?: MessageValues;
};

type Refused = { kind: string };

/** The acting user, whose write access the route checked before the body is read. */
interface EditorActor {
  identityId: number;
}

/** One editor's action: `User` is the user the route checked, whom every write of it acts for. */
export interface EditorSpec<
  Input,
  Extra extends object,
  Refusal extends Refused = never,
  User extends EditorActor = EditorActor,
> {
  schema: z.ZodType<Input>;
  /** The record edited; null creates one. */
  id: number | null;
  /** Multiselect fields whose free tags arrive as `<name>__new` without JavaScript. */
  listFields?: readonly string[];
  /**
   * An `intent=delete` post removes the record, then goes to `redirectTo`, unless `refused` finds
   * in the outcome a reason it did not (then the editor shows why).
   */
  remove?: {
    run: (id: number, user: User) => Promise<unknown>;
    redirectTo: string;
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the outcome of the editor's own delete
    refused?: (outcome: any) => EditorRefusal | null;
  };
  /** Creates the record: its id, or the service's reason not to. */
  create?: (input: Input, user: User) => Promise<number | { kind: "created"; id: number } | Refusal>;
  /** Saves when the input's stamp is the record's current one. */
  update: (id: number, input: Input, user: User) => Promise<SaveOutcome | Refusal>;
  /** The message of each reason of the service not to save. */
  refusal?: (refusal: Refusal) => EditorRefusal;
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
 * One action for every editor, after the route checked write access: delete intent → parse with the editor's schema →
 * create, or update with the edit stamp → the conflict (409, input kept, the current stamp), the
 * service's refusal (input kept, its message), or a redirect to the saved record. Bad input
 * answers 400 with the field messages and changes nothing. A list intent (add or remove a row
 * without JavaScript) answers the form as changed, and saves nothing.
 */
export async function editorAction<
  Input,
  User extends EditorActor,
  Extra extends object = object,
  Refusal extends Refused = never,
>(
  request: Request,
  user: User,
  spec: EditorSpec<Input, Extra, Refusal, User>,
): Promise<Response | ReturnType<typeof data<EditorReply<Extra>>>> {
  const read = spec.form ?? (await readFormData(request));
  const form = spec.listFields ? mergeNewTags(read, spec.listFields) : read;
  const extra = (spec.reply ?? {}) as Extra;
  if (form.get("intent") === "delete" && spec.remove && spec.id !== null) {
    const outcome = await spec.remove.run(spec.id, user);
    const refused = spec.remove.refused?.(outcome);
    if (!refused) return redirect(spec.remove.redirectTo);
    return data(
      {
        ...extra,
        result: { status: "error" as const, error: { "": [refused.message] } },
        stamp: null,
        messageValues: refused.values,
      },
      { status: refused.status ?? 409 },
    );
  }
  const submission = parseWithZod(ownFields(form, spec.schema), { schema: spec.schema });
  if (submission.status === undefined) return data({ ...extra, result: submission.reply(), stamp: null });
  if (submission.status !== "success") {
    return data(
      { ...extra, result: submission.reply({ formErrors: ["validations.formError"] }), stamp: null },
      { status: 400 },
    );
  }
  const refusalReply = (refusal: Refusal) => {
    const refused = spec.refusal!(refusal);
    const errors = refused.field
      ? { formErrors: ["validations.formError"], fieldErrors: { [refused.field]: [refused.message] } }
      : { formErrors: [refused.message] };
    return data(
      { ...extra, result: submission.reply(errors), stamp: null, messageValues: refused.values },
      { status: refused.status ?? 400 },
    );
  };
  try {
    return await saveSubmission(spec, user, submission, extra, refusalReply);
  } catch (error) {
    if (error instanceof Response) throw error;
    // Issue #34: the save failed on the server; the input stays on the page with what to do.
    logger.error({ err: error instanceof Error ? error.message : String(error) }, "editor save failed");
    return data(
      { ...extra, result: submission.reply({ formErrors: ["errors.saveFailed"] }), stamp: null },
      { status: 500 },
    );
  }
}

async function saveSubmission<Input, User extends EditorActor, Extra extends object, Refusal extends Refused>(
  spec: EditorSpec<Input, Extra, Refusal, User>,
  user: User,
  submission: Extract<Submission<Input>, { status: "success" }>,
  extra: Extra,
  refusalReply: (refusal: Refusal) => ReturnType<typeof data<EditorReply<Extra>>>,
) {
  if (spec.id === null) {
    if (!spec.create) throw new Response("Not Found", { status: 404 });
    const created = await spec.create(submission.value, user);
    if (typeof created === "number") return redirect(spec.savedTo(created));
    if (created.kind === "created" && "id" in created) return redirect(spec.savedTo(created.id as number));
    return refusalReply(created as Refusal);
  }
  const outcome = await spec.update(spec.id, submission.value, user);
  if (outcome.kind === "missing") throw new Response("Not Found", { status: 404 });
  if (outcome.kind === "conflict") {
    return data(
      {
        ...extra,
        result: submission.reply({ formErrors: [spec.conflictKey] }),
        stamp: (outcome as { currentStamp: string }).currentStamp,
      },
      { status: 409 },
    );
  }
  if (outcome.kind === "saved") return redirect(spec.savedTo(spec.id));
  return refusalReply(outcome as Refusal);
}

/** A record's writes as its domain exports them, each taking the database and the acting user first. */
export interface RecordWrites<Input, Refusal, User, Removed = boolean | { kind: string }> {
  create(database: Database, user: User, input: Input): Promise<number | { kind: "created"; id: number } | Refusal>;
  update(database: Database, user: User, id: number, input: Input): Promise<SaveOutcome | Refusal>;
  /** Whether it was deleted, or the outcome: `deleted`, `missing`, or the service's reason not to. */
  remove(database: Database, user: User, id: number): Promise<Removed>;
}

/** A list screen's address and its records' editor's (a new record's without an id). */
export interface RecordLinks {
  toList: (query?: Record<string, string | number>) => string;
  toRecord: (id: number, query?: Record<string, string | number>) => string;
}

/**
 * An editor's writes and where it goes after them, from its domain's writes and links: the saved
 * record's editor (`saved=1`), the list after a delete (`deleted=1`). A delete of a record not there
 * (or not the user's) is a 404; `deleteRefusal` says why a delete the service refused did not go ahead.
 */
export function recordEditing<
  Input,
  Refusal extends Refused,
  User extends EditorActor,
  Removed extends boolean | { kind: string },
>(
  database: Database,
  writes: RecordWrites<Input, Refusal, User, Removed>,
  links: RecordLinks,
  deleteRefusal?: (outcome: Removed) => EditorRefusal | null,
) {
  return {
    create: (input: Input, user: User) => writes.create(database, user, input),
    update: (id: number, input: Input, user: User) => writes.update(database, user, id, input),
    remove: {
      run: async (id: number, user: User) => {
        const outcome = await writes.remove(database, user, id);
        if (removalOf(outcome) === "missing") throw new Response("Not Found", { status: 404 });
        return outcome;
      },
      redirectTo: links.toList({ deleted: 1 }),
      refused: deleteRefusal,
    },
    savedTo: (id: number) => links.toRecord(id, { saved: 1 }),
  };
}
