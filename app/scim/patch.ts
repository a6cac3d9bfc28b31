/*
 * SCIM PATCH (RFC 7644 §3.5.2), applied to a resource as JSON: `add`, `replace` and `remove`, with
 * and without a path, and the forms Okta and Entra send — Entra's capitalised "Replace", an
 * operation without a path whose value names attributes (dotted or by schema), filters on
 * multi-valued attributes (`emails[type eq "work"].value`), `members[value eq "…"]` removals.
 * Pure: the service writes the result as it writes a PUT.
 */
import { parse, type Filter } from "scim2-parse-filter";
import { ScimError } from "~/api/scim-error";
import { SCIM_MAX_PATCH_OPERATIONS } from "~/limits";
import { memberOf, type ScimResource } from "./user-resource";
import { ENTERPRISE_SCHEMA, GROUP_SCHEMA, PATCH_SCHEMA, PORTAL_SCHEMA, USER_SCHEMA } from "./scim-schemas";

export interface PatchOperation {
  op: "add" | "replace" | "remove";
  path?: string;
  value?: unknown;
}

/** The operations of a PATCH body, checked for shape (an unknown op, a path that is no string: invalidSyntax). */
export function patchOperationsOf(body: unknown): PatchOperation[] {
  const schemas = memberOf(body, "schemas");
  const operations = memberOf(body, "Operations");
  if (!Array.isArray(schemas) || !schemas.includes(PATCH_SCHEMA) || !Array.isArray(operations))
    throw new ScimError(400, "scim.errors.patchBody", "invalidSyntax");
  if (operations.length === 0 || operations.length > SCIM_MAX_PATCH_OPERATIONS)
    throw new ScimError(400, "scim.errors.patchCount", "invalidSyntax", { max: SCIM_MAX_PATCH_OPERATIONS });
  return operations.map((operation) => {
    const op = memberOf(operation, "op");
    const path = memberOf(operation, "path");
    const kind = typeof op === "string" ? op.toLowerCase() : "";
    if (kind !== "add" && kind !== "replace" && kind !== "remove")
      throw new ScimError(400, "scim.errors.patchOp", "invalidSyntax");
    if (path !== undefined && (typeof path !== "string" || path.length > 500))
      throw new ScimError(400, "scim.errors.invalidPath", "invalidPath", { path: String(path).slice(0, 100) });
    return { op: kind, ...(path ? { path: path.trim() } : {}), value: memberOf(operation, "value") };
  });
}

/** A PATCH path taken apart: the schema holding it (null: the core), its attribute, a value filter and a sub-attribute. */
export interface PatchPath {
  schema: string | null;
  attribute: string | null;
  filter?: Filter;
  subAttribute?: string;
}

const EXTENSIONS = [ENTERPRISE_SCHEMA, PORTAL_SCHEMA];
const CORE = [USER_SCHEMA, GROUP_SCHEMA];

export function patchPathOf(path: string): PatchPath {
  const invalid = () => new ScimError(400, "scim.errors.invalidPath", "invalidPath", { path: path.slice(0, 100) });
  const lower = path.toLowerCase();
  let schema: string | null = null;
  let rest = path;
  for (const urn of [...EXTENSIONS, ...CORE]) {
    if (lower === urn.toLowerCase() && EXTENSIONS.includes(urn)) return { schema: urn, attribute: null };
    if (lower.startsWith(`${urn.toLowerCase()}:`)) {
      schema = EXTENSIONS.includes(urn) ? urn : null;
      rest = path.slice(urn.length + 1);
      break;
    }
  }
  const match = /^([A-Za-z][\w$-]*)(?:\[(.+)\])?(?:\.([A-Za-z$][\w$-]*))?$/.exec(rest);
  if (!match) throw invalid();
  let filter: Filter | undefined;
  if (match[2] !== undefined) {
    try {
      filter = parse(match[2]);
    } catch {
      throw invalid();
    }
  }
  return {
    schema,
    attribute: match[1],
    ...(filter ? { filter } : {}),
    ...(match[3] ? { subAttribute: match[3] } : {}),
  };
}

/** The shape of the resource a PATCH applies to: its attributes by schema, which are read-only, which multi-valued. */
export interface PatchShape {
  /** Canonical attribute names, per schema (null: the core). */
  attributes: Map<string | null, string[]>;
  /** Lower-cased paths (`id`, `groups`) a PATCH may not target. */
  readOnly: Set<string>;
  /**
   * Lower-cased paths an identity provider's default mapping sends that the portal keeps no value
   * for, or derives (`name.formatted`, `addresses`, the enterprise `department`): skipped, so the
   * rest of the PATCH applies.
   */
  ignored?: Set<string>;
  multiValued: Set<string>;
}

function textCompare(left: unknown, right: unknown): [string, string] {
  return [String(left ?? "").toLowerCase(), String(right ?? "").toLowerCase()];
}

/** Whether an element of a multi-valued attribute matches a value filter (strings compared without case). */
export function elementMatches(element: unknown, filter: Filter): boolean {
  switch (filter.op) {
    case "and":
      return (filter as { filters: Filter[] }).filters.every((part) => elementMatches(element, part));
    case "or":
      return (filter as { filters: Filter[] }).filters.some((part) => elementMatches(element, part));
    case "not":
      return !elementMatches(element, (filter as { filter: Filter }).filter);
    case "[]":
      return false;
    default: {
      const { attrPath, compValue } = filter as { attrPath: string; compValue?: unknown };
      const actual = memberOf(element, attrPath);
      if (filter.op === "pr") return actual !== undefined && actual !== null && actual !== "";
      const [a, b] = textCompare(actual, compValue);
      switch (filter.op) {
        case "eq":
          return a === b;
        case "ne":
          return a !== b;
        case "co":
          return a.includes(b);
        case "sw":
          return a.startsWith(b);
        case "ew":
          return a.endsWith(b);
        case "gt":
          return a > b;
        case "ge":
          return a >= b;
        case "lt":
          return a < b;
        case "le":
          return a <= b;
      }
      return false;
    }
  }
}

/** The `attr eq value` parts of a filter: what a new element made for an `add` with a filter starts with. */
function equalitiesOf(filter: Filter): Record<string, unknown> {
  if (filter.op === "eq")
    return { [(filter as { attrPath: string }).attrPath]: (filter as { compValue: unknown }).compValue };
  if (filter.op === "and") return Object.assign({}, ...(filter as { filters: Filter[] }).filters.map(equalitiesOf));
  return {};
}

function keyOf(holder: Record<string, unknown>, name: string): string {
  const lower = name.toLowerCase();
  return Object.keys(holder).find((key) => key.toLowerCase() === lower) ?? name;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return Boolean(value) && typeof value === "object" && !Array.isArray(value);
}

/** Entries that are the same value (`value` compared without case) count once. */
function sameEntry(a: unknown, b: unknown): boolean {
  const left = isObject(a) ? memberOf(a, "value") : a;
  const right = isObject(b) ? memberOf(b, "value") : b;
  if (left === undefined || right === undefined) return JSON.stringify(a) === JSON.stringify(b);
  const [x, y] = textCompare(left, right);
  return x === y;
}

class Applier {
  constructor(
    private readonly resource: ScimResource,
    private readonly shape: PatchShape,
  ) {}

  private canonical(schema: string | null, attribute: string, path: string): string {
    const known = this.shape.attributes.get(schema) ?? [];
    const found = known.find((name) => name.toLowerCase() === attribute.toLowerCase());
    if (!found) throw new ScimError(400, "scim.errors.invalidPath", "invalidPath", { path: path.slice(0, 100) });
    return found;
  }

  private holder(schema: string | null, create: boolean): Record<string, unknown> | undefined {
    if (schema === null) return this.resource;
    const key = keyOf(this.resource, schema);
    const existing = this.resource[key];
    if (isObject(existing)) return existing;
    if (!create) return undefined;
    const made: Record<string, unknown> = {};
    this.resource[key] = made;
    return made;
  }

  /** An operation without a path, or one naming a whole extension: each member of the value as a path of its own. */
  private spread(op: PatchOperation, schema: string | null): void {
    if (op.op === "remove") throw new ScimError(400, "scim.errors.noTarget", "noTarget");
    if (!isObject(op.value))
      throw new ScimError(400, "scim.errors.invalidValue", "invalidValue", { attribute: "value" });
    for (const [key, value] of Object.entries(op.value)) {
      const lower = key.toLowerCase();
      if (schema === null && (lower === "schemas" || lower === "id" || lower === "meta")) continue;
      const path = schema === null ? key : `${schema}:${key}`;
      const parsed = patchPathOf(path);
      // What a client sends back as it read it (Entra's whole user) is no change to refuse.
      if (parsed.attribute && (this.isReadOnly(parsed) || this.isIgnored(parsed))) continue;
      this.apply({ op: op.op, path, value });
    }
  }

  private isReadOnly(path: PatchPath): boolean {
    const attribute = `${path.schema ? `${path.schema.toLowerCase()}:` : ""}${path.attribute?.toLowerCase()}`;
    if (this.shape.readOnly.has(attribute)) return true;
    return (
      path.subAttribute !== undefined && this.shape.readOnly.has(`${attribute}.${path.subAttribute.toLowerCase()}`)
    );
  }

  private isIgnored(path: PatchPath): boolean {
    const ignored = this.shape.ignored;
    if (!ignored || path.attribute === null) return false;
    const attribute = `${path.schema ? `${path.schema.toLowerCase()}:` : ""}${path.attribute.toLowerCase()}`;
    return (
      ignored.has(attribute) ||
      (path.subAttribute !== undefined && ignored.has(`${attribute}.${path.subAttribute.toLowerCase()}`))
    );
  }

  apply(op: PatchOperation): void {
    if (!op.path) return this.spread(op, null);
    const path = patchPathOf(op.path);
    if (path.attribute === null) return this.spread(op, path.schema);
    if (this.isIgnored(path)) return;
    if (this.isReadOnly(path))
      throw new ScimError(400, "scim.errors.mutability", "mutability", { path: op.path.slice(0, 100) });
    const name = this.canonical(path.schema, path.attribute, op.path);
    const holder = this.holder(path.schema, op.op !== "remove");
    if (!holder) return;
    const key = keyOf(holder, name);
    const multi = this.shape.multiValued.has(
      `${path.schema ? `${path.schema.toLowerCase()}:` : ""}${name.toLowerCase()}`,
    );
    if (path.filter) return this.applyFiltered(op, holder, key, path);
    if (path.subAttribute) {
      if (multi) throw new ScimError(400, "scim.errors.invalidPath", "invalidPath", { path: op.path.slice(0, 100) });
      const inner = holder[key];
      if (op.op === "remove") {
        if (isObject(inner)) delete inner[keyOf(inner, path.subAttribute)];
        return;
      }
      const target = isObject(inner) ? inner : (holder[key] = {} as Record<string, unknown>);
      target[keyOf(target, path.subAttribute)] = op.value;
      return;
    }
    if (op.op === "remove") {
      if (multi && op.value !== undefined && Array.isArray(holder[key])) {
        const gone = Array.isArray(op.value) ? op.value : [op.value];
        holder[key] = (holder[key] as unknown[]).filter((entry) => !gone.some((item) => sameEntry(entry, item)));
      } else delete holder[key];
      return;
    }
    if (multi) {
      const values = op.value === null || op.value === undefined ? [] : Array.isArray(op.value) ? op.value : [op.value];
      const existing = op.op === "add" && Array.isArray(holder[key]) ? (holder[key] as unknown[]) : [];
      holder[key] = [...existing, ...values.filter((value) => !existing.some((entry) => sameEntry(entry, value)))];
      return;
    }
    const current = holder[key];
    holder[key] = isObject(current) && isObject(op.value) ? { ...current, ...op.value } : op.value;
  }

  private applyFiltered(op: PatchOperation, holder: Record<string, unknown>, key: string, path: PatchPath): void {
    const filter = path.filter!;
    const list = Array.isArray(holder[key]) ? (holder[key] as unknown[]) : [];
    const matches = list.filter((entry) => elementMatches(entry, filter));
    if (op.op === "remove") {
      if (path.subAttribute) {
        for (const entry of matches) if (isObject(entry)) delete entry[keyOf(entry, path.subAttribute)];
      } else holder[key] = list.filter((entry) => !matches.includes(entry));
      return;
    }
    if (matches.length === 0) {
      // An add through a filter makes the entry it names (Entra adds a new phone number so).
      if (op.op === "replace") throw new ScimError(400, "scim.errors.noTarget", "noTarget");
      const made = {
        ...equalitiesOf(filter),
        ...(path.subAttribute ? { [path.subAttribute]: op.value } : isObject(op.value) ? op.value : {}),
      };
      holder[key] = [...list, made];
      return;
    }
    for (const entry of matches) {
      if (!isObject(entry)) continue;
      if (path.subAttribute) entry[keyOf(entry, path.subAttribute)] = op.value;
      else if (isObject(op.value)) Object.assign(entry, op.value);
    }
  }
}

/** The resource after the operations, in order (the resource given is not changed). */
export function appliedPatch(resource: ScimResource, operations: PatchOperation[], shape: PatchShape): ScimResource {
  const copy = structuredClone(resource);
  const applier = new Applier(copy, shape);
  for (const operation of operations) applier.apply(operation);
  return copy;
}
