import { Form as RemixForm, useLocation, useRouteLoaderData, type FormProps } from "@remix-run/react";
import { forwardRef, useEffect, useId, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "~/translate/react";
import { FORM_KEY_FIELD } from "~/security/form-key";
import { queueableFields } from "~/forms/offline-queue";
import { keepForLater, useQueueOwner } from "~/ui/offline-queue";

/** The root's seed of this answer's one-time keys (a new one with every answer of the root's loader). */
function useFormKeySeed(): string | undefined {
  return (useRouteLoaderData("root") as { formKeySeed?: string } | undefined)?.formKeySeed;
}

/** The form's fields as the post would carry them, its submit button's included. */
function postedFields(form: HTMLFormElement, submitter: HTMLElement | null): [string, unknown][] {
  try {
    return [...new FormData(form, submitter).entries()];
  } catch {
    // A submitter the browser does not take (not a submit button of this form): the form alone.
    return [...new FormData(form).entries()];
  }
}

/**
 * A post made while the browser is offline (issue #34 §2): not sent, kept in the offline queue
 * (sent in order when the connection is back, see ~/ui/offline-queue), the input stays. A post
 * the queue cannot keep (a chosen file, storage turned off) waits in its page and is sent as it
 * was (the same submit button, the same one-time key) when the connection is back.
 */
function useSendWhenOnline(posts: boolean, onSubmit: FormProps["onSubmit"]) {
  const owner = useQueueOwner();
  const waiting = useRef<{ form: HTMLFormElement; submitter: HTMLElement | null } | null>(null);
  const [offline, setOffline] = useState<"queued" | "waiting" | null>(null);
  useEffect(() => {
    if (!offline) return;
    const back = () => {
      const pending = waiting.current;
      waiting.current = null;
      setOffline(null);
      // A queued post is sent by the queue; one waiting here is sent now.
      const submitter = pending?.submitter;
      pending?.form.requestSubmit(submitter instanceof HTMLButtonElement ? submitter : undefined);
    };
    window.addEventListener("online", back);
    return () => window.removeEventListener("online", back);
  }, [offline]);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    onSubmit?.(event);
    if (event.defaultPrevented || !posts || navigator.onLine) return;
    event.preventDefault();
    const form = event.currentTarget;
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const waitHere = () => {
      waiting.current = { form, submitter };
      setOffline("waiting");
    };
    const fields = queueableFields(postedFields(form, submitter));
    if (!owner || !fields) return waitHere();
    waiting.current = null;
    setOffline("queued");
    void keepForLater(owner, form, fields).then((kept) => kept || waitHere());
  };
  return { offline: offline !== null, submit };
}

/**
 * The portal's form: Remix's, and a post carries its one-time key (issue #34 "every post applies
 * once"): the answer's seed, the page's place in the history (the root's data stays across
 * client navigations) and the form's place in the page. A double click, a retry or a resubmit of
 * the same page applies once; the next page's form has a new key. Offline, a post waits for the
 * connection instead of failing.
 */
export const Form = forwardRef<HTMLFormElement, FormProps>(function Form({ children, onSubmit, ...props }, ref) {
  const { t } = useTranslation();
  const seed = useFormKeySeed();
  const entry = useLocation().key;
  const place = `${entry}-${useId()}`.replace(/[^A-Za-z0-9_-]/g, "").slice(0, 32);
  const posts = String(props.method ?? "get").toLowerCase() === "post";
  const { offline, submit } = useSendWhenOnline(posts, onSubmit);
  return (
    <RemixForm ref={ref} {...props} onSubmit={submit}>
      {posts && seed && <input type="hidden" name={FORM_KEY_FIELD} value={`${seed}.${place}`} />}
      {offline && (
        <p className="notice notice--warning form-offline" role="status">
          {t("common.offlineWaiting")}
        </p>
      )}
      {children}
    </RemixForm>
  );
});
