import { Link, useLocation, useNavigation, useRouteLoaderData, useSubmit } from "@remix-run/react";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "~/translate/react";
import {
  postReplacedBy,
  replayOutcomeOf,
  replayStepsOf,
  type QueuedPost,
  type ReplayStep,
} from "~/forms/offline-queue";
import { FORM_KEY_FIELD } from "~/security/form-key";
import { dropQueuedPost, markRefused, onQueueChanged, queuedPostsOf, queuePost } from "~/forms/offline-queue-store";
import { forgetTypingDrafts } from "~/ui/typing-draft-store";

/** Whose queue this page shows and sends: the signed-in identity's offline key, or none when signed out. */
export function useQueueOwner(): string | undefined {
  return (useRouteLoaderData("root") as { user?: { queueOwner?: string } | null } | undefined)?.user?.queueOwner;
}

function pageOf(location: { pathname: string; search: string }): string {
  return `${location.pathname}${location.search}`;
}

/** Posts are kept one after another: a double click must find the first one kept to take its place. */
let keeping: Promise<unknown> = Promise.resolve();

/** Keeps a post that could not be sent for want of a network; false when the browser cannot keep it. */
export function keepForLater(owner: string, form: HTMLFormElement, fields: [string, string][]): Promise<boolean> {
  const kept = keeping.then(() => keep(owner, form, fields));
  keeping = kept.catch(() => false);
  return kept;
}

async function keep(owner: string, form: HTMLFormElement, fields: [string, string][]): Promise<boolean> {
  const action = new URL(form.action, window.location.href);
  try {
    const replaced = postReplacedBy(await queuedPostsOf(owner), fields, FORM_KEY_FIELD);
    await queuePost({
      id: replaced?.id,
      owner,
      action: `${action.pathname}${action.search}`,
      page: pageOf(window.location),
      label: document.title,
      fields,
      queuedAt: new Date().toISOString(),
    });
    return true;
  } catch {
    // IndexedDB can be off in a locked-down browser: the post then waits in its page.
    return false;
  }
}

/** The owner's waiting posts, kept current as the queue changes here or in another tab. */
export function useQueuedPosts(owner: string | undefined): QueuedPost[] {
  const [posts, setPosts] = useState<QueuedPost[]>([]);
  useEffect(() => {
    if (!owner) return;
    let current = true;
    const read = () =>
      queuedPostsOf(owner)
        .then((read) => current && setPosts(read))
        .catch(() => current && setPosts([]));
    read();
    const unsubscribe = onQueueChanged(read);
    return () => {
      current = false;
      unsubscribe();
    };
  }, [owner]);
  return posts;
}

/** Sends one waiting post in the background; what its answer means. */
async function sendInBackground(post: QueuedPost): Promise<ReturnType<typeof replayOutcomeOf>> {
  let answer: Response;
  try {
    answer = await fetch(post.action, {
      method: "POST",
      body: new URLSearchParams(post.fields),
      credentials: "same-origin",
      redirect: "follow",
    });
  } catch {
    return "retry";
  }
  const outcome = replayOutcomeOf(answer);
  if (outcome === "sent") {
    await dropQueuedPost(post.id!);
    forgetTypingDrafts(new URL(post.page, window.location.href).pathname);
  }
  if (outcome === "refused") await markRefused(post, answer.status);
  return outcome;
}

/** One replay at a time in this page (the `online` event, a navigation and Send now can meet). */
let replaying = false;

/**
 * Sends the owner's waiting posts when the connection is back (issue #34 §2; ADR 37: the page
 * sends, not Background Sync): in order, the background ones first, the open page's post by the
 * page itself so that its answer shows (the saved record, or the conflict with the queued input).
 * A repeat is harmless: each post carries its one-time key.
 */
export function useOfflineReplay(owner: string | undefined) {
  const submit = useSubmit();
  const location = useLocation();
  const idle = useNavigation().state === "idle";
  const page = pageOf(location);

  const run = useCallback(
    async (steps: ReplayStep[]) => {
      for (const step of steps) {
        // Sent first, let go of only once the server has answered: a connection that drops again
        // (or a page left meanwhile) keeps the post waiting.
        const outcome = await sendInBackground(step.post);
        if (outcome === "retry" || outcome === "signIn") return;
        if (step.by === "page") {
          // The page shows the answer, the same post again: once applied, its one-time key answers
          // with the first answer (the saved record); refused, it is weighed again (the conflict
          // with the queued input), and the page keeps the input from there.
          const formData = new FormData();
          for (const [name, value] of step.post.fields) formData.append(name, value);
          if (outcome === "refused") await dropQueuedPost(step.post.id!);
          forgetTypingDrafts(location.pathname);
          submit(formData, { method: "post", action: step.post.action });
          return;
        }
      }
    },
    [submit, location.pathname],
  );

  const replay = useCallback(
    async (only?: QueuedPost) => {
      if (!owner || replaying || !navigator.onLine) return;
      replaying = true;
      try {
        const waiting = await queuedPostsOf(owner);
        if (only) {
          const post = waiting.find((candidate) => candidate.id === only.id);
          if (post) await run([{ post, by: post.page === page ? "page" : "background" }]);
        } else await run(replayStepsOf(waiting, page));
      } catch {
        // The queue could not be read: it is tried again at the next page or connection.
      } finally {
        replaying = false;
      }
    },
    [owner, page, run],
  );

  useEffect(() => {
    if (!idle) return;
    void replay();
    const back = () => void replay();
    window.addEventListener("online", back);
    return () => window.removeEventListener("online", back);
  }, [idle, replay]);
  return replay;
}

/**
 * The top bar's waiting changes (issue #34 §2): their count, and a list where each can be opened,
 * sent now or discarded. Rendered hidden on the server: the service worker shows it, with the
 * count and the posts' names, on the offline page.
 */
export function QueuedChanges({ owner }: { owner: string }) {
  const { t, i18n } = useTranslation();
  const posts = useQueuedPosts(owner);
  const replay = useOfflineReplay(owner);
  const [online, setOnline] = useState(true);
  const [discarding, setDiscarding] = useState<number | null>(null);
  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    update();
    window.addEventListener("online", update);
    window.addEventListener("offline", update);
    return () => {
      window.removeEventListener("online", update);
      window.removeEventListener("offline", update);
    };
  }, []);
  return (
    <details
      className="menu queued-changes"
      data-testid="queued-changes"
      data-queued-changes
      hidden={posts.length === 0}
    >
      <summary>
        {t("offlineQueue.title")}{" "}
        <span className="badge" data-queued-count>
          {posts.length}
        </span>
      </summary>
      <div className="menu__list">
        <p className="menu__empty">{t("offlineQueue.note")}</p>
        <ul data-queued-list>
          {posts.map((post) => (
            <li key={post.id} className="queued-changes__post" data-testid="queued-post">
              <span className="queued-changes__label">{post.label}</span>
              <span className="queued-changes__time">
                {t("offlineQueue.queuedAt", {
                  time: new Date(post.queuedAt).toLocaleString(i18n.language, {
                    dateStyle: "medium",
                    timeStyle: "short",
                  }),
                })}
              </span>
              {post.refused !== undefined && (
                <span className="queued-changes__refused">{t("offlineQueue.refused")}</span>
              )}
              {discarding === post.id ? (
                <span className="queued-changes__actions" role="group" aria-label={t("offlineQueue.discardConfirm")}>
                  <span>{t("offlineQueue.discardConfirm")}</span>
                  <button
                    type="button"
                    className="button button--danger"
                    onClick={() => void dropQueuedPost(post.id!).finally(() => setDiscarding(null))}
                  >
                    {t("offlineQueue.discard")}
                  </button>
                  <button type="button" className="button button--secondary" onClick={() => setDiscarding(null)}>
                    {t("offlineQueue.keep")}
                  </button>
                </span>
              ) : (
                <span className="queued-changes__actions">
                  <Link to={post.page}>{t("offlineQueue.open")}</Link>
                  <button type="button" className="button" disabled={!online} onClick={() => void replay(post)}>
                    {t("offlineQueue.sendNow")}
                  </button>
                  <button type="button" className="button button--secondary" onClick={() => setDiscarding(post.id!)}>
                    {t("offlineQueue.discard")}
                  </button>
                </span>
              )}
            </li>
          ))}
        </ul>
      </div>
    </details>
  );
}
