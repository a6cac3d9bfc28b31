import { getInputProps, getSelectProps, type FieldMetadata, type FormMetadata } from "@conform-to/react";
import { useEffect, useState } from "react";
import { useTranslation } from "~/translate/react";
import { FieldError } from "~/ui/FieldError";
import type { Choice } from "~/ui/MultiSelect";
import { MAX_TEXT_LENGTH } from "~/limits";

type Relation = { roleId?: string; name?: string };

/**
 * A role's relations: per row a related role and the relation's name. Without JavaScript the
 * rows come with one spare empty row, and a row emptied is left out on save; with JavaScript
 * rows are added and removed in place.
 */
export function RelationRows(props: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the editor's own schema
  form: FormMetadata<any, string[]>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the editor's own schema
  relations: FieldMetadata<Relation[], any, string[]>;
  roles: readonly Choice[];
  canWrite: boolean;
}) {
  const { t } = useTranslation();
  const [enhanced, setEnhanced] = useState(false);
  useEffect(() => setEnhanced(true), []);
  const rows = props.relations.getFieldList();
  // Without JavaScript a spare row stands in for "Add relation".
  const spare = !enhanced && props.canWrite ? 1 : 0;
  return (
    <fieldset className="field relation-rows">
      <legend>{t("adminSecurityRoles.relations")}</legend>
      <p className="field__help">{t("adminSecurityRoles.relationsHelp")}</p>
      {rows.map((row, index) => (
        <RelationRow
          key={row.key}
          row={row.getFieldset()}
          n={index + 1}
          roles={props.roles}
          onRemove={enhanced && props.canWrite ? () => props.form.remove({ name: props.relations.name, index }) : null}
        />
      ))}
      {Array.from({ length: spare }, (_, extra) => (
        <SpareRelationRow key={`spare-${extra}`} name={props.relations.name} index={rows.length} roles={props.roles} />
      ))}
      {enhanced && props.canWrite && (
        <button
          type="button"
          className="button button--secondary"
          onClick={() => props.form.insert({ name: props.relations.name, defaultValue: { roleId: "", name: "" } })}
        >
          {t("adminSecurityRoles.addRelation")}
        </button>
      )}
    </fieldset>
  );
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the editor's own schema
type RowField = FieldMetadata<string | undefined, any, string[]>;

function RelationRow(props: {
  row: { roleId: RowField; name: RowField };
  n: number;
  roles: readonly Choice[];
  onRemove: (() => void) | null;
}) {
  const { t } = useTranslation();
  const { roleId, name } = props.row;
  return (
    <div className="relation-row">
      <div className="field">
        <label htmlFor={roleId.id}>{t("adminSecurityRoles.relatedRole", { n: props.n })}</label>
        <select {...getSelectProps(roleId)} key={roleId.key}>
          <RoleOptions roles={props.roles} />
        </select>
        <FieldError id={roleId.errorId} errors={roleId.errors} />
      </div>
      <div className="field">
        <label htmlFor={name.id}>{t("adminSecurityRoles.relationName", { n: props.n })}</label>
        <input {...getInputProps(name, { type: "text" })} key={name.key} maxLength={MAX_TEXT_LENGTH} />
        <FieldError id={name.errorId} errors={name.errors} values={{ n: MAX_TEXT_LENGTH }} />
      </div>
      {props.onRemove && (
        <button type="button" className="button button--secondary" onClick={props.onRemove}>
          {t("adminSecurityRoles.removeRelation", { n: props.n })}
        </button>
      )}
    </div>
  );
}

/** The spare empty row of the page without JavaScript, named as the next row of the list. */
function SpareRelationRow(props: { name: string; index: number; roles: readonly Choice[] }) {
  const { t } = useTranslation();
  const n = props.index + 1;
  const prefix = `${props.name}[${props.index}]`;
  return (
    <div className="relation-row">
      <div className="field">
        <label htmlFor={`${prefix}-roleId`}>{t("adminSecurityRoles.relatedRole", { n })}</label>
        <select id={`${prefix}-roleId`} name={`${prefix}.roleId`} defaultValue="">
          <RoleOptions roles={props.roles} />
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${prefix}-name`}>{t("adminSecurityRoles.relationName", { n })}</label>
        <input id={`${prefix}-name`} name={`${prefix}.name`} type="text" maxLength={MAX_TEXT_LENGTH} />
      </div>
    </div>
  );
}

/** A related role's options: none chosen, then every other role. */
function RoleOptions({ roles }: { roles: readonly Choice[] }) {
  const { t } = useTranslation();
  return (
    <>
      <option value="">{t("common.selectOption")}</option>
      {roles.map((role) => (
        <option key={role.value} value={role.value}>
          {role.label}
        </option>
      ))}
    </>
  );
}
