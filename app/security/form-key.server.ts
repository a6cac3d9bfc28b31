import { setTimeout as sleep } from "node:timers/promises";
import { redirect } from "@remix-run/node";
import { and, eq, isNull, lt } from "drizzle-orm";
import { db, type Executor } from "~/db/client.server";
import { formKeys } from "~/db/schema";
import { primeRequestValue, requestScope } from "~/server-context/request-scope.server";
import { portalError } from "./portal-error";
import { pathWithQuery } from "./redirect-target";
import {
  answerStands,
  FORM_KEY_ABANDONED_MS,
  FORM_KEY_FIELD,
  FORM_KEY_RETENTION_MS,
  FORM_KEY_WAIT_MS,
  formKeyOf,
  replayTarget,
} from "./form-key";

/** The request scope's note of the key this request claimed, for its answer to be kept under. */
export const CLAIMED_FORM_KEY = "security:form-key";

/**
 * Claims the form's one-time key for this post (issue #34 "every post applies once"). The first
 * post of a key goes on; a repeat waits for the first one's answer and gets it again (the same
 * redirect), so nothing is written twice. A post without a key (an API client) goes on as before.
 */
export async function claimFormKey(request: Request, form: FormData): Promise<void> {
  const key = formKeyOf(form.get(FORM_KEY_FIELD));
  if (!key) return;
  const deadline = Date.now() + FORM_KEY_WAIT_MS;
  for (;;) {
    const claimed = await db().insert(formKeys).values({ key }).onConflictDoNothing().returning({ key: formKeys.key });
    if (claimed.length > 0) {
      primeRequestValue(CLAIMED_FORM_KEY, key);
      return;
    }
    const [first] = await db()
      .select({ status: formKeys.status, location: formKeys.location, createdAt: formKeys.createdAt })
      .from(formKeys)
      .where(eq(formKeys.key, key));
    // The first post failed and let the key go meanwhile: this one claims it.
    if (!first) continue;
    if (first.status !== null) {
      throw redirect(replayTarget(first.location, pathWithQuery(request)), 303);
    }
    if (Date.now() - first.createdAt.getTime() > FORM_KEY_ABANDONED_MS) {
      await db()
        .delete(formKeys)
        .where(and(eq(formKeys.key, key), isNull(formKeys.status)));
      continue;
    }
    if (Date.now() > deadline) throw portalError(409, "errors.stillSaving");
    await sleep(100);
  }
}

/**
 * Keeps the first answer of the key this request claimed, once the answer is sent: a redirect's
 * address for the repeats to follow. An answer that wrote nothing (a refusal, an error) frees the
 * key, so a retry is a new attempt.
 */
export async function settleFormKey(key: string, status: number, location: string | null): Promise<void> {
  if (answerStands(status)) await db().update(formKeys).set({ status, location }).where(eq(formKeys.key, key));
  else await db().delete(formKeys).where(eq(formKeys.key, key));
}

/** The key the request being answered claimed, if any. */
export function claimedFormKey(store = requestScope.getStore()): string | undefined {
  const key = store?.get(CLAIMED_FORM_KEY);
  return typeof key === "string" ? key : undefined;
}

/** Keys older than a day: a repeat after that is a new post. */
export async function purgeFormKeys(database: Executor, now: Date): Promise<number> {
  const gone = await database
    .delete(formKeys)
    .where(lt(formKeys.createdAt, new Date(now.getTime() - FORM_KEY_RETENTION_MS)))
    .returning({ key: formKeys.key });
  return gone.length;
}
