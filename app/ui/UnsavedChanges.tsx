import { useBlocker, useLocation, useNavigation } from "@remix-run/react";
import { useEffect, useState, type RefObject } from "react";
import { useTranslation } from "~/translate/react";

/**
 * Tracks whether an editor's form has unsaved changes and, with JavaScript, asks before leaving
 * (SPEC §4 Editors): save, discard or continue editing. Returns the change handler for the form
 * and the prompt to render.
 */
export function useUnsavedChanges(formRef: RefObject<HTMLFormElement | null>) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const location = useLocation();
  const [dirty, setDirty] = useState(false);
  const submitting = navigation.state === "submitting";
  useEffect(() => {
    // A successful save lands on ?saved=1: nothing is unsaved any more.
    if (new URLSearchParams(location.search).get("saved") === "1") setDirty(false);
  }, [location.key, location.search]);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && !submitting && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);
  const prompt =
    blocker.state === "blocked" ? (
      <div className="modal-backdrop">
        <div
          className="modal"
          role="alertdialog"
          aria-modal="true"
          aria-labelledby="unsaved-title"
          aria-describedby="unsaved-text"
        >
          <h2 id="unsaved-title">{t("common.unsavedTitle")}</h2>
          <p id="unsaved-text">{t("common.unsavedText")}</p>
          <div className="modal__actions">
            {/* eslint-disable-next-line jsx-a11y/no-autofocus -- an alert dialog's focus lands on its safe choice */}
            <button type="button" className="button button--secondary" onClick={() => blocker.reset()} autoFocus>
              {t("common.continueEditing")}
            </button>
            <button type="button" className="button button--secondary" onClick={() => blocker.proceed()}>
              {t("common.discard")}
            </button>
            <button
              type="button"
              className="button"
              onClick={() => {
                blocker.reset();
                formRef.current?.requestSubmit(formRef.current.querySelector<HTMLButtonElement>("button[value=save]"));
              }}
            >
              {t("common.save")}
            </button>
          </div>
        </div>
      </div>
    ) : null;
  return { markDirty: () => setDirty(true), prompt, submitting };
}
