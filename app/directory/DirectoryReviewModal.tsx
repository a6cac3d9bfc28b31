import { Link } from "@remix-run/react";
import { Form } from "~/ui/Form";
import { useTranslation } from "~/translate/react";
import { Modal } from "~/ui/Modal";
import { useHydrated } from "~/ui/use-hydrated";
import { DirectoryLocationPanel } from "./DirectoryLocationPanel";
import type { DirectorySearchAnswer } from "./directory-form";
import { DIRECTORY_REMINDER_STORAGE_KEYS, reviewedItems, type DirectoryContext, type DirectoryLocation } from "./rules";

/** Why the review's list could not be shown (SPEC §8). */
export type DirectoryLoadFailure = "cancelled" | "failed";

export interface DirectoryReviewData {
  context: DirectoryContext;
  /** The locations with a required, unfilled role. */
  locations: DirectoryLocation[];
  returnTo: string;
  loadFailure?: DirectoryLoadFailure;
  /** Updating the last review date failed (SPEC §8). */
  reviewDateFailed?: boolean;
}

const TITLE_KEYS = {
  DEALER_LOCATION: "manageDirectory.directoryReviewTitle",
  SINGULAR_ROLES: "manageDirectory.directoryReviewRolesTitle",
} as const;
const DESCRIPTION_KEYS = {
  DEALER_LOCATION: "manageDirectory.directoryReviewDescription",
  SINGULAR_ROLES: "manageDirectory.directoryReviewRolesDescription",
} as const;

/** The review page's address: its forms post there, its edit and refresh links lead there. */
export function directoryReviewHref(context: DirectoryContext, returnTo: string, extra: Record<string, string> = {}) {
  return `/directory-review/${context}?${new URLSearchParams({ returnTo, ...extra })}`;
}

/**
 * The directory review modal (SPEC §2, §4 directoryReview / singularRolesReview): the locations
 * whose required roles are empty, each a panel to fill in; closable only by its Close button,
 * which remembers the skip (on the server, and in the spec's storage key).
 */
export function DirectoryReviewModal(props: {
  review: DirectoryReviewData;
  editing?: number | null;
  searched?: DirectorySearchAnswer;
  /** A failed save: the translation key, and the location it concerns. */
  failure?: { key: string; organizationId?: number };
  saved?: boolean;
}) {
  const { t } = useTranslation();
  const { context, locations, returnTo, loadFailure } = props.review;
  const hydrated = useHydrated();
  const here = directoryReviewHref(context, returnTo);
  const titleId = `directory-review-title-${context}`;
  return (
    <Modal
      title={t(TITLE_KEYS[context])}
      titleId={titleId}
      closeTo={returnTo}
      closeLabel={t("common.close")}
      unclosable
      wide
    >
      <p>{t(DESCRIPTION_KEYS[context])}</p>
      {loadFailure && (
        <p className="form-error" role="alert">
          {t(loadFailure === "cancelled" ? "manageDirectory.errors.cancelled" : "manageDirectory.errors.fetch")}
        </p>
      )}
      {props.review.reviewDateFailed && (
        <p className="form-error" role="alert">
          {t("manageDirectory.errors.reviewDate")}
        </p>
      )}
      {props.failure && (
        <p className="form-error" role="alert">
          {t(props.failure.key)}
        </p>
      )}
      {props.saved && (
        <p className="notice notice--success" role="status">
          {t("manageDirectory.saved")}
        </p>
      )}
      {loadFailure ? (
        <p className="notice">{t("common.noResults")}</p>
      ) : locations.length === 0 ? (
        <p className="notice notice--success" role="status">
          {t("manageDirectory.directoryReviewAllLocationsFixed")}
        </p>
      ) : (
        <div className="directory-panels">
          {locations.map((location) => (
            <DirectoryLocationPanel
              key={location.id}
              context={context}
              location={location}
              items={reviewedItems(location)}
              editing={props.editing === location.id}
              editHref={directoryReviewHref(context, returnTo, { edit: String(location.id) })}
              cancelHref={here}
              action={
                props.editing === location.id
                  ? directoryReviewHref(context, returnTo, { edit: String(location.id) })
                  : here
              }
              searched={props.searched}
              hydrated={hydrated}
            />
          ))}
        </div>
      )}
      <Form method="post" action={here} className="modal__actions">
        <Link to={here} className="button button--secondary" preventScrollReset>
          {t("manageDirectory.refresh")}
        </Link>
        <button
          type="submit"
          name="intent"
          value="close"
          className="button"
          onClick={() => {
            try {
              localStorage.setItem(DIRECTORY_REMINDER_STORAGE_KEYS[context], new Date().toISOString());
            } catch {
              // storage may be unavailable (locked-down browsers): the server remembers the skip
            }
          }}
        >
          {t("common.close")}
        </button>
      </Form>
    </Modal>
  );
}
