/** The hidden field every posted form carries its one-time key in (issue #34). */
export const FORM_KEY_FIELD = "__formKey";

/** A one-time key lives this long: a repeat after a day is a new post. */
export const FORM_KEY_RETENTION_MS = 24 * 60 * 60 * 1000;

/** How long a repeat waits for the first post of its key to be answered before it is told to wait. */
export const FORM_KEY_WAIT_MS = 10_000;

/** A claim whose post never answered (its process stopped) is let go after this long. */
export const FORM_KEY_ABANDONED_MS = 2 * 60 * 1000;

/** A key as the portal makes them: a random seed and the form's place in the page. Anything else is no key. */
export function formKeyOf(value: unknown): string | null {
  return typeof value === "string" && /^[A-Za-z0-9_-]{16,64}\.[A-Za-z0-9:_-]{1,32}$/.test(value) ? value : null;
}

/** What a repeat of a key is answered with, from the first answer: the same redirect, else the page again. */
export function replayTarget(firstLocation: string | null, postedPath: string): string {
  return firstLocation ?? postedPath;
}

/** Whether the first answer of a key stands (something may have been written), or the key is free again. */
export function answerStands(status: number): boolean {
  return status < 400;
}
