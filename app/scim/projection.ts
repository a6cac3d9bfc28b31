/*
 * `attributes` and `excludedAttributes` (RFC 7643 §7, RFC 7644 §3.9): the attributes of a resource
 * a client asks for, or all but those it excludes. `id` and `schemas` are always returned; an
 * extension's attribute is named with its schema's URN; a sub-attribute by `name.sub`.
 */
import type { ScimResource } from "./user-resource";

const ALWAYS = new Set(["id", "schemas"]);

interface Named {
  key: string;
  sub?: string;
}

/** A requested name split into where it lives: the top-level key (an extension's URN, or an attribute) and what inside it. */
function namedIn(resource: ScimResource, name: string): Named | null {
  const lower = name.toLowerCase();
  for (const key of Object.keys(resource)) {
    const keyLower = key.toLowerCase();
    if (keyLower.startsWith("urn:") && lower.startsWith(`${keyLower}:`))
      return { key, sub: name.slice(key.length + 1) };
    if (keyLower.startsWith("urn:") && lower === keyLower) return { key };
  }
  const core = /^urn:ietf:params:scim:schemas:core:2\.0:(user|group):/i.exec(name);
  const bare = core ? name.slice(core[0].length) : name;
  const [head, ...rest] = bare.split(".");
  const key = Object.keys(resource).find((candidate) => candidate.toLowerCase() === head.toLowerCase());
  return key ? { key, ...(rest.length ? { sub: rest.join(".") } : {}) } : null;
}

function pick(value: unknown, sub: string): unknown {
  const keyOf = (object: Record<string, unknown>) =>
    Object.keys(object).find((key) => key.toLowerCase() === sub.split(".")[0].toLowerCase());
  if (Array.isArray(value)) return value.map((entry) => pick(entry, sub)).filter((entry) => entry !== undefined);
  if (!value || typeof value !== "object") return undefined;
  const object = value as Record<string, unknown>;
  const key = keyOf(object);
  if (key === undefined) return undefined;
  const rest = sub.split(".").slice(1).join(".");
  return { [key]: rest ? pick(object[key], rest) : object[key] };
}

function merge(into: Record<string, unknown>, key: string, value: unknown): void {
  const existing = into[key];
  if (existing && value && typeof existing === "object" && typeof value === "object" && !Array.isArray(value))
    into[key] = { ...(existing as object), ...(value as object) };
  else into[key] = value;
}

/** The resource with only the attributes asked for, or without those excluded (asked-for wins when both). */
export function projected(resource: ScimResource, attributes: string[], excluded: string[]): ScimResource {
  if (attributes.length > 0) {
    const out: ScimResource = {};
    for (const key of Object.keys(resource)) if (ALWAYS.has(key)) out[key] = resource[key];
    for (const name of attributes) {
      const named = namedIn(resource, name);
      if (!named) continue;
      const value = named.sub === undefined ? resource[named.key] : pick(resource[named.key], named.sub);
      if (value !== undefined) merge(out, named.key, value);
    }
    return out;
  }
  if (excluded.length === 0) return resource;
  const out: ScimResource = structuredClone(resource);
  for (const name of excluded) {
    const named = namedIn(out, name);
    if (!named || ALWAYS.has(named.key)) continue;
    if (named.sub === undefined) delete out[named.key];
    else {
      const holder = out[named.key];
      if (holder && typeof holder === "object" && !Array.isArray(holder)) {
        const key = Object.keys(holder).find((candidate) => candidate.toLowerCase() === named.sub!.toLowerCase());
        if (key) delete (holder as Record<string, unknown>)[key];
      }
    }
  }
  return out;
}
