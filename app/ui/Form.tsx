import { Form as RemixForm, useLocation, useRouteLoaderData, type FormProps } from "@remix-run/react";
import { forwardRef, useId } from "react";
import { FORM_KEY_FIELD } from "~/security/form-key";

/** The root's seed of this answer's one-time keys (a new one with every answer of the root's loader). */
function useFormKeySeed(): string | undefined {
  return (useRouteLoaderData("root") as { formKeySeed?: string } | undefined)?.formKeySeed;
}

/**
 * The portal's form: Remix's, and a post carries its one-time key (issue #34 "every post applies
 * once"): the answer's seed, the page's place in the history (the root's data stays across
 * client navigations) and the form's place in the page. A double click, a retry or a resubmit of
 * the same page applies once; the next page's form has a new key.
 */
export const Form = forwardRef<HTMLFormElement, FormProps>(function Form({ children, ...props }, ref) {
  const seed = useFormKeySeed();
  const entry = useLocation().key;
  const place = `${entry}-${useId()}`.replace(/[^A-Za-z0-9_-]/g, "").slice(0, 32);
  const posts = String(props.method ?? "get").toLowerCase() === "post";
  return (
    <RemixForm ref={ref} {...props}>
      {posts && seed && <input type="hidden" name={FORM_KEY_FIELD} value={`${seed}.${place}`} />}
      {children}
    </RemixForm>
  );
});
