import { useLocation, useRouteLoaderData } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState, type RefObject } from "react";
import { useTranslation } from "~/translate/react";
import type { z } from "zod";
import { keptValues, rescuableFields, type RescuedFields } from "~/forms/form-rescue";
import { DRAFT_PREFIX } from "./typing-draft-store";

/** A draft is written this long after the last keystroke. */
const DRAFT_DELAY_MS = 400;

/**
 * A restored draft: the form starts again (a new form id makes Conform reset its fields) from the
 * draft's values, with the edit stamp the draft was typed against.
 */
export interface RestoredDraft {
  formId: string;
  defaultValue: Record<string, unknown>;
  stamp?: string;
}

interface StoredDraft {
  at: number;
  fields: RescuedFields;
}

function readDraft(key: string): StoredDraft | null {
  try {
    const stored = JSON.parse(localStorage.getItem(key) ?? "null") as StoredDraft | null;
    return stored && typeof stored.at === "number" && Array.isArray(stored.fields) ? stored : null;
  } catch {
    return null;
  }
}

function writeDraft(key: string, draft: StoredDraft | null): void {
  try {
    if (draft) localStorage.setItem(key, JSON.stringify(draft));
    else localStorage.removeItem(key);
  } catch {
    // Storage can be off in a locked-down browser: typing goes on without a draft.
  }
}

/** The same fields, in the same order, with the same values. */
function sameFields(a: RescuedFields, b: RescuedFields): boolean {
  return a.length === b.length && a.every(([name, value], i) => b[i][0] === name && b[i][1] === value);
}

/**
 * Issue #34 "long texts are kept while typing": with JavaScript, the editor's values are kept in
 * this browser as they change (per signed-in user and page), and a later visit offers them back
 * ("Restore your changes from …?") until they are restored, discarded or submitted. Returns the
 * restored draft, and the offer to render.
 */
export function useTypingDraft(
  formRef: RefObject<HTMLFormElement | null>,
  schema: z.ZodTypeAny,
  /** Which of the page's records the form edits, where one page edits several (a dialog's form); null keeps no draft. */
  place: string | null = "",
) {
  const { t, i18n } = useTranslation();
  const owner = (useRouteLoaderData("root") as { user?: { email?: string } | null } | undefined)?.user?.email;
  const { pathname } = useLocation();
  const key = owner && place !== null ? `${DRAFT_PREFIX}${owner}:${pathname}${place && `#${place}`}` : null;
  const [offer, setOffer] = useState<StoredDraft | null>(null);
  const [restored, setRestored] = useState<RestoredDraft | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>();

  useEffect(() => {
    const form = formRef.current;
    if (!key || !form) return;
    const draft = readDraft(key);
    // Offered only when it says something the page does not.
    if (draft && !sameFields(draft.fields, rescuableFields(new FormData(form)))) setOffer(draft);
    const keep = () => {
      clearTimeout(timer.current);
      timer.current = setTimeout(
        () => writeDraft(key, { at: Date.now(), fields: rescuableFields(new FormData(form)) }),
        DRAFT_DELAY_MS,
      );
    };
    // Sent: the post carries the values now (a refusal shows them again, a lost one is rescued or queued).
    const sent = () => {
      // Offline, the post waits on the page (issue #34): the draft stays until it is really sent.
      if (!navigator.onLine) return;
      clearTimeout(timer.current);
      writeDraft(key, null);
    };
    form.addEventListener("input", keep);
    form.addEventListener("submit", sent);
    return () => {
      clearTimeout(timer.current);
      form.removeEventListener("input", keep);
      form.removeEventListener("submit", sent);
    };
  }, [key, formRef]);

  const restore = useCallback(() => {
    if (!offer) return;
    const { values, stamp } = keptValues(offer.fields, schema);
    setRestored({ formId: `restored-${offer.at}`, defaultValue: values, stamp });
    setOffer(null);
  }, [offer, schema]);
  const discard = useCallback(() => {
    if (key) writeDraft(key, null);
    setOffer(null);
  }, [key]);

  const prompt = offer && (
    <div className="notice notice--warning typing-draft" role="status">
      <span>
        {/* The draft is this browser's: its time in this browser's zone. */}
        {t("common.draftOffer", {
          time: new Date(offer.at).toLocaleString(i18n.language, { dateStyle: "medium", timeStyle: "short" }),
        })}
      </span>
      <button type="button" className="button" onClick={restore}>
        {t("common.draftRestore")}
      </button>
      <button type="button" className="button button--secondary" onClick={discard}>
        {t("common.draftDiscard")}
      </button>
    </div>
  );
  return { restored, prompt };
}
