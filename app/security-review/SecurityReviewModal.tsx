import { Link } from "@remix-run/react";
import { Form } from "~/ui/Form";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/translate/react";
import { Modal } from "~/ui/Modal";
import { useHydrated } from "~/ui/use-hydrated";
import { ConfirmModal } from "~/ui/ModalParts";
import { HeaderCell } from "~/ui/DataTable";
import type { SortType } from "~/lists/table-state";
import {
  groupAttestationRows,
  groupCheckState,
  sortAttestationRows,
  toggleGroup,
  type AttestationRow,
  type AttestationSort,
} from "./rules";
import { toUser } from "~/users/routes";
import { securityReviewHref } from "./routes";

export interface SecurityReviewData {
  users: AttestationRow[];
  sort: { sortBy: AttestationSort; sortType: SortType };
  returnTo: string;
  /** Opened by the administrator (not required at sign-in), or after a failed call: it may be closed. */
  closable: boolean;
}

const TITLE_ID = "security-review-title";
const HEADER_COLUMNS: readonly AttestationSort[] = ["daysSinceLogin", "firstName", "lastName", "email"];

/**
 * The security review (attestation) modal, SPEC §2 and §4: the users of the administrator's
 * locations in collapsible groups by days since last login, selectable to disable, and the
 * accuracy confirmation that records the review. Plain posts to /security-review, so it works
 * without JavaScript (a group checkbox then selects its group on the server).
 */
export function SecurityReviewModal(props: {
  review: SecurityReviewData;
  /** After "Disable accounts": how many were disabled. */
  disabledCount?: number;
  /** A failed call: its message, in the banner. */
  failure?: string;
  /** A refused post: the message under the form it concerns. */
  refusal?: { intent: "disable" | "proceed"; message: string };
}) {
  const { t } = useTranslation();
  const { users, sort, returnTo } = props.review;
  const closable = props.review.closable || Boolean(props.failure);
  const [selected, setSelected] = useState(() => new Set<number>());
  const [accurate, setAccurate] = useState(false);
  const hydrated = useHydrated();
  const groups = groupAttestationRows(sortAttestationRows(users, sort.sortBy, sort.sortType));
  const search = `?${new URLSearchParams({ returnTo, sortBy: sort.sortBy, sortType: sort.sortType })}`;
  const action = `/security-review${search}`;
  const toggle = (id: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  return (
    <Modal
      title={t("securityReview.title")}
      titleId={TITLE_ID}
      closeTo={returnTo}
      closeLabel={t("common.close")}
      unclosable={!closable}
      wide
    >
      {props.failure && (
        <p className="form-error" role="alert">
          {t("securityReview.error", { message: props.failure })}
        </p>
      )}
      {props.disabledCount !== undefined && (
        <p className="notice notice--success" role="status">
          {t("securityReview.disabled", { count: props.disabledCount })}
        </p>
      )}
      <p>{t("securityReview.description")}</p>
      <p>
        <a href="/security-review.csv" download>
          {t("securityReview.history")}
        </a>
      </p>
      {users.length === 0 ? (
        <p className="notice" role="alert">
          {t("common.noResults")}
        </p>
      ) : (
        <Form method="post" action={action} className="security-review" preventScrollReset>
          <input type="hidden" name="intent" value="disable" />
          {groups.map(({ group, rows }, index) => {
            const label = t(`securityReview.groups.${group.id}`);
            const enabled = rows.filter((row) => !row.self).map((row) => row.id);
            return (
              <details
                key={group.id}
                open={index === 0}
                className={`review-group review-group--${group.colour}`}
                data-testid="review-group"
              >
                <summary>
                  {label} <span className="review-group__count">({rows.length})</span>
                </summary>
                <div className="table-wrap">
                  <table className="data-table">
                    <thead>
                      <tr>
                        <th scope="col">
                          <GroupCheckbox
                            label={t("securityReview.selectGroup", { group: label })}
                            groupId={group.id}
                            state={groupCheckState(selected, enabled)}
                            disabled={enabled.length === 0}
                            onChange={() => setSelected((current) => toggleGroup(current, enabled))}
                          />
                        </th>
                        {HEADER_COLUMNS.map((column) => (
                          <HeaderCell
                            key={column}
                            column={{ key: column, label: t(`securityReview.columns.${column}`), sortable: true }}
                            sort={sort}
                            search={search}
                            path="/security-review"
                          />
                        ))}
                        <th scope="col">
                          <span className="visually-hidden">{t("securityReview.columns.edit")}</span>
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {rows.map((row) => {
                        const name = `${row.firstName} ${row.lastName}`;
                        return (
                          <tr key={row.id} data-testid="review-row">
                            <td>
                              <input
                                type="checkbox"
                                name="identityIds"
                                value={row.id}
                                aria-label={t(row.self ? "securityReview.ownAccount" : "securityReview.selectUser", {
                                  name,
                                })}
                                disabled={row.self}
                                checked={selected.has(row.id)}
                                onChange={() => toggle(row.id)}
                              />
                            </td>
                            <td>{row.daysSinceLogin ?? <abbr title={t("securityReview.groups.3")}>?</abbr>}</td>
                            <td>{row.firstName}</td>
                            <td>{row.lastName}</td>
                            <td>{row.email}</td>
                            <td>
                              <Link
                                to={toUser({ id: row.id, mode: "edit" })}
                                aria-label={t("securityReview.editUser", { name })}
                              >
                                {t("securityReview.columns.edit")}
                              </Link>
                            </td>
                          </tr>
                        );
                      })}
                    </tbody>
                  </table>
                </div>
              </details>
            );
          })}
          {props.refusal?.intent === "disable" && (
            <p className="field-error" role="alert">
              {t(props.refusal.message)}
            </p>
          )}
          <p>
            <button type="submit" className="button button--secondary">
              {t("securityReview.disableAccounts")}
            </button>
          </p>
        </Form>
      )}
      <Form method="post" action={action} className="security-review__confirm">
        <input type="hidden" name="intent" value="proceed" />
        <label className="checkbox">
          <input
            type="checkbox"
            name="accurate"
            checked={accurate}
            onChange={(event) => setAccurate(event.currentTarget.checked)}
            aria-describedby={props.refusal?.intent === "proceed" ? "security-review-accuracy" : undefined}
            aria-invalid={props.refusal?.intent === "proceed" ? true : undefined}
          />{" "}
          {t("securityReview.accurate")}
        </label>
        {props.refusal?.intent === "proceed" && (
          <p className="field-error" id="security-review-accuracy" role="alert">
            {t(props.refusal.message)}
          </p>
        )}
        <div className="modal__actions">
          {closable && (
            <Link to={returnTo} className="button button--secondary">
              {t("securityReview.cancel")}
            </Link>
          )}
          {/* Without JavaScript the server checks the box; with it Proceed waits for the box. */}
          <button type="submit" className="button" disabled={hydrated && !accurate}>
            {t("securityReview.proceed")}
          </button>
        </div>
      </Form>
    </Modal>
  );
}

/** A group's checkbox: all its enabled members, some (indeterminate) or none. */
function GroupCheckbox(props: {
  label: string;
  groupId: number;
  state: "checked" | "unchecked" | "indeterminate";
  disabled: boolean;
  onChange: () => void;
}) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = props.state === "indeterminate";
  }, [props.state]);
  return (
    <input
      ref={ref}
      type="checkbox"
      name="groups"
      value={props.groupId}
      aria-label={props.label}
      checked={props.state === "checked"}
      aria-checked={props.state === "indeterminate" ? "mixed" : undefined}
      disabled={props.disabled}
      onChange={props.onChange}
    />
  );
}

/** "Disable accounts" asks first: who will be disabled, then a post that disables them. */
export function DisableAccountsConfirm(props: { review: SecurityReviewData; users: AttestationRow[] }) {
  const { t } = useTranslation();
  const { returnTo, sort } = props.review;
  const back = securityReviewHref(returnTo, { sortBy: sort.sortBy, sortType: sort.sortType });
  return (
    <ConfirmModal
      title={t("securityReview.confirmTitle")}
      titleId="disable-accounts-title"
      closeTo={back}
      closeLabel={t("common.close")}
      text={t("securityReview.confirmText")}
      cancelLabel={t("securityReview.back")}
      confirm={{
        label: t("securityReview.disableAccounts"),
        action: back,
        danger: true,
        fields: { intent: "disableConfirmed", identityIds: props.users.map((u) => u.id).join(",") },
      }}
    >
      <ul className="plain-list">
        {props.users.map((user) => (
          <li key={user.id}>
            {user.firstName} {user.lastName} – {user.email}
          </li>
        ))}
      </ul>
    </ConfirmModal>
  );
}
