/**
 * The rules of the offline queue (issue #34 §2): which post can wait in the browser, in what order
 * the waiting posts are sent when the connection is back, and what an answer means for a post.
 */

/** A post kept in the browser while offline (IndexedDB, per signed-in identity). */
export interface QueuedPost {
  id?: number;
  /** The signed-in identity's offline key (the `portal_offline` cookie), never the e-mail. */
  owner: string;
  /** Where the post goes (path and query). */
  action: string;
  /** The page the form was on (path and query): opening it shows the post's outcome. */
  page: string;
  /** The page's title when the post was made, for the list. */
  label: string;
  /** The form's fields with its submit button's, one-time key included. */
  fields: [string, string][];
  queuedAt: string;
  /** The status of an answer that refused it (a conflict, a wrong value): only its page can show why. */
  refused?: number;
}

/**
 * The fields of a post that can wait, or null when it cannot: a chosen file is not kept in the
 * browser (the queue holds text only), so such a post waits in its page instead.
 */
export function queueableFields(entries: Iterable<[string, unknown]>): [string, string][] | null {
  const fields: [string, string][] = [];
  for (const [name, value] of entries) {
    if (typeof value === "string") fields.push([name, value]);
    else if (isChosenFile(value)) return null;
  }
  return fields;
}

function isChosenFile(value: unknown): boolean {
  return (
    typeof value === "object" && value !== null && "size" in value && Number((value as { size: unknown }).size) > 0
  );
}

/** What a replayed post's answer means: applied, refused (its page shows why), sign in first, or try later. */
export type ReplayOutcome = "sent" | "refused" | "signIn" | "retry";

export function replayOutcomeOf(answer: { status: number; redirected: boolean; url: string }): ReplayOutcome {
  if (answer.status >= 500 || answer.status === 0 || answer.status === 429) return "retry";
  const path = pathOf(answer.url);
  // The session ended while offline: the post waits until the same identity signs in again.
  if (answer.redirected && (path === "/login" || path.startsWith("/login/") || path.startsWith("/signin")))
    return "signIn";
  if (answer.status >= 400) return "refused";
  return "sent";
}

function pathOf(url: string): string {
  try {
    return new URL(url, "http://portal.invalid").pathname;
  } catch {
    return "";
  }
}

/** How a waiting post is sent: in the background, or by the page it was made on (which then shows the answer). */
export type ReplayStep = { post: QueuedPost; by: "background" | "page" };

/**
 * The posts to send now, in the order they were made. The post of the page open now is sent by
 * the page, so its answer shows there (the saved record, or the conflict with the queued input),
 * and the rest wait for the next page. A refused post is sent again only by its own page.
 */
export function replayStepsOf(posts: readonly QueuedPost[], currentPage: string): ReplayStep[] {
  const steps: ReplayStep[] = [];
  for (const post of [...posts].sort((a, b) => (a.id ?? 0) - (b.id ?? 0))) {
    if (post.page === currentPage) {
      steps.push({ post, by: "page" });
      break;
    }
    if (post.refused === undefined) steps.push({ post, by: "background" });
  }
  return steps;
}

/**
 * The waiting post a new one takes the place of: the same rendered form (the same one-time key)
 * sent again while offline carries its latest input, and the key would make a second post a repeat.
 */
export function postReplacedBy(waiting: readonly QueuedPost[], fields: readonly [string, string][], keyField: string) {
  const key = fields.find(([name]) => name === keyField)?.[1];
  if (!key) return undefined;
  return waiting.find((post) => post.fields.some(([name, value]) => name === keyField && value === key));
}
