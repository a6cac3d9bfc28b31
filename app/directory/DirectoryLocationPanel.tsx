import { Link } from "@remix-run/react";
import { Form } from "~/ui/Form";
import { useState } from "react";
import { useTranslation } from "~/translate/react";
import { PersonPicker } from "./PersonPicker";
import {
  personLabel,
  requiresAttention,
  type DirectoryContext,
  type DirectoryItem,
  type DirectoryLocation,
} from "./rules";
import type { DirectorySearchAnswer } from "./directory-form";

/**
 * One location of a directory (SPEC §2 Directory review modal, Manage directory): a collapsible
 * panel with its name, "requires attention" and a warning style while a required role is empty.
 * Read mode lists the roles with their holder; edit mode (one location at a time, by address)
 * has a person picker per role, Save (a plain post) and Cancel (a link back, which resets the choices).
 */
export function DirectoryLocationPanel(props: {
  context: DirectoryContext;
  location: DirectoryLocation;
  /** The roles shown: the review's required ones, or all of the configuration. */
  items: DirectoryItem[];
  editing: boolean;
  editHref: string;
  cancelHref: string;
  action: string;
  /** A no-JavaScript search of this location, with the choices made before it. */
  searched?: DirectorySearchAnswer;
  hydrated: boolean;
}) {
  const { t } = useTranslation();
  const { location, items } = props;
  const attention = requiresAttention(location);
  const configuration = location.configurations[0];
  const searched = props.searched?.organizationId === location.id ? props.searched : undefined;
  const [chosen, setChosen] = useState<Record<number, number>>(() =>
    Object.fromEntries(
      items.map((item) => [item.id, searched ? (searched.chosen[item.id]?.id ?? 0) : (item.identity?.id ?? 0)]),
    ),
  );
  const headingId = `directory-location-${location.id}`;
  return (
    <details
      open={attention || props.editing}
      className={attention ? "directory-panel directory-panel--warning" : "directory-panel"}
      data-testid="directory-location"
    >
      <summary>
        <span id={headingId} className="directory-panel__name">
          {location.locationName}
        </span>
        {attention && <span className="directory-panel__attention">{t("manageDirectory.requiresAttention")}</span>}
      </summary>
      {props.editing && configuration ? (
        <Form method="post" action={props.action} className="directory-panel__form" preventScrollReset>
          <input type="hidden" name="organizationId" value={location.id} />
          <input type="hidden" name="directoryDataConfigurationId" value={configuration.id} />
          {items.map((item, index) => {
            const errorId = `${headingId}-role-${item.id}-error`;
            const person = searched ? (searched.chosen[item.id] ?? null) : item.identity;
            return (
              <div key={item.id} className="directory-role directory-role--edit">
                <input type="hidden" name={`selections[${index}].directoryDataTypeId`} value={item.id} />
                <PersonPicker
                  name={`selections[${index}].identityId`}
                  serialNumberName={`selections[${index}].serialNumber`}
                  searchName={`searches[${index}]`}
                  context={props.context}
                  organizationId={location.id}
                  itemId={item.id}
                  label={item.displayName || item.name}
                  chosen={person}
                  searched={searched?.searches[item.id]}
                  errorId={errorId}
                  hydrated={props.hydrated}
                  onChosen={(id) => setChosen((current) => ({ ...current, [item.id]: id }))}
                />
                <RoleDescription item={item} />
                {item.required && !chosen[item.id] ? (
                  <p id={errorId} className="field__error">
                    {t("manageDirectory.error")}
                  </p>
                ) : (
                  <span id={errorId} hidden />
                )}
              </div>
            );
          })}
          <div className="directory-panel__actions">
            <button type="submit" name="intent" value="save" className="button">
              {t("common.save")}
            </button>
            <Link to={props.cancelHref} className="button button--secondary" preventScrollReset>
              {t("common.cancel")}
            </Link>
          </div>
        </Form>
      ) : (
        <>
          <dl className="directory-roles">
            {items.map((item) => (
              <div key={item.id} className="directory-role">
                <dt>
                  {item.displayName || item.name}
                  <RoleDescription item={item} />
                </dt>
                <dd>
                  {item.identity ? (
                    personLabel(item.identity)
                  ) : item.required ? (
                    <span className="field__error">{t("manageDirectory.error")}</span>
                  ) : (
                    <span className="directory-role__empty">{t("manageDirectory.unassigned")}</span>
                  )}
                </dd>
              </div>
            ))}
          </dl>
          <Link
            to={props.editHref}
            className="button button--secondary"
            aria-describedby={headingId}
            preventScrollReset
          >
            {t("manageDirectory.editLocation")}
          </Link>
        </>
      )}
    </details>
  );
}

/** A role's HTML description: beside the role, a hover tip on small screens (CSS). */
function RoleDescription({ item }: { item: DirectoryItem }) {
  if (!item.description) return null;
  return (
    <div className="directory-role__tip">
      <div className="directory-role__description" dangerouslySetInnerHTML={{ __html: item.description }} />
    </div>
  );
}
