import { Form as RemixForm, useLocation, useRouteLoaderData, type FormProps } from "@remix-run/react";
import { forwardRef, useEffect, useId, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { FORM_KEY_FIELD } from "~/security/form-key";

/** The root's seed of this answer's one-time keys (a new one with every answer of the root's loader). */
function useFormKeySeed(): string | undefined {
  return (useRouteLoaderData("root") as { formKeySeed?: string } | undefined)?.formKeySeed;
}

/**
 * A post made while the browser is offline (issue #34): not sent, the input stays, and it is sent
 * as it was (the same submit button, the same one-time key) when the connection is back.
 */
function useSendWhenOnline(posts: boolean, onSubmit: FormProps["onSubmit"]) {
  const waiting = useRef<{ form: HTMLFormElement; submitter: HTMLElement | null } | null>(null);
  const [offline, setOffline] = useState(false);
  useEffect(() => {
    if (!offline) return;
    const send = () => {
      const pending = waiting.current;
      waiting.current = null;
      setOffline(false);
      const submitter = pending?.submitter;
      pending?.form.requestSubmit(submitter instanceof HTMLButtonElement ? submitter : undefined);
    };
    window.addEventListener("online", send);
    return () => window.removeEventListener("online", send);
  }, [offline]);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    onSubmit?.(event);
    if (event.defaultPrevented || !posts || navigator.onLine) return;
    event.preventDefault();
    waiting.current = { form: event.currentTarget, submitter: (event.nativeEvent as SubmitEvent).submitter };
    setOffline(true);
  };
  return { offline, submit };
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
