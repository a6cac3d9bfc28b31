import { and, eq, lt } from "drizzle-orm";
import type { Executor } from "~/db/client.server";
import { formRescues } from "~/db/schema";
import { seal, unseal } from "~/security/sealed.server";
import { rescuableFields, type RescuedFields } from "./form-rescue";

const PURPOSE = "form-rescue";

/**
 * Keeps a post that met an ended session for the identity it belonged to (issue #34), sealed, for
 * `minutes`; a newer post to the same page replaces an older one. Nothing is kept when nothing
 * of the form may be.
 */
export async function rescueFormPost(
  database: Executor,
  identityId: number,
  path: string,
  form: FormData,
  minutes: number,
  now = new Date(),
): Promise<void> {
  const fields = rescuableFields(form);
  if (fields.length === 0) return;
  await database.delete(formRescues).where(and(eq(formRescues.identityId, identityId), eq(formRescues.path, path)));
  await database.insert(formRescues).values({
    identityId,
    path,
    sealed: seal(JSON.stringify(fields), PURPOSE),
    createdAt: now,
    expiresAt: new Date(now.getTime() + minutes * 60_000),
  });
}

/**
 * The identity's rescued post to this page, taken (it is dropped as it is shown): the fields as
 * posted, or null when there is none, it expired, or it does not open.
 */
export async function takeFormRescue(
  database: Executor,
  identityId: number,
  path: string,
  now = new Date(),
): Promise<RescuedFields | null> {
  const taken = await database
    .delete(formRescues)
    .where(and(eq(formRescues.identityId, identityId), eq(formRescues.path, path)))
    .returning({ sealed: formRescues.sealed, expiresAt: formRescues.expiresAt, createdAt: formRescues.createdAt });
  const [newest] = taken.filter((row) => row.expiresAt > now).sort((a, b) => +b.createdAt - +a.createdAt);
  const opened = newest ? unseal(newest.sealed, PURPOSE) : null;
  if (!opened) return null;
  try {
    const fields: unknown = JSON.parse(opened);
    return Array.isArray(fields) ? (fields as RescuedFields) : null;
  } catch {
    return null;
  }
}

/** Rescues past their time. */
export async function purgeFormRescues(database: Executor, now: Date): Promise<number> {
  const gone = await database
    .delete(formRescues)
    .where(lt(formRescues.expiresAt, now))
    .returning({ id: formRescues.id });
  return gone.length;
}
