/*
 * The portal's translator: a message lookup with the few i18next features the locale files use
 * (nested keys, `{{value}}` and `{{value, number}}`, plurals by Intl.PluralRules with `count`,
 * `$t(key, {json})` nesting, a default text). i18next does the same in 18 KB of the home page's
 * JavaScript (issue #38, ADR 45); tests/unit/translator.test.ts holds this one to i18next's output
 * for every message of every locale.
 */

/** A message tree, as the locale files hold it. */
export interface MessageTree {
  readonly [key: string]: string | MessageTree;
}

export type TranslationValues = Readonly<Record<string, unknown>>;

/** Translates a key with its values; a key without a message comes back as itself (or its default text). */
export type TFunction = (key: string, values?: TranslationValues) => string;

export interface Translator {
  /** The language texts are made in: numbers are formatted and plurals chosen by it. */
  readonly language: string;
  readonly t: TFunction;
}

const PLACEHOLDER = /\{\{(.+?)\}\}/g;
const NESTING = /\$t\((.+?)\)/g;
/** A nesting whose key returns to itself ends here rather than running away. */
const MAX_NESTING_DEPTH = 5;

function leafAt(messages: MessageTree, key: string): string | MessageTree | undefined {
  let node: string | MessageTree | undefined = messages;
  for (const part of key.split(".")) {
    if (typeof node !== "object" || !Object.hasOwn(node, part)) return undefined;
    node = node[part];
  }
  return node;
}

/** A value a placeholder names: a plain name, or a path into an object value (`a.b`). */
function valueAt(values: TranslationValues, name: string): unknown {
  if (Object.hasOwn(values, name)) return values[name];
  let node: unknown = values;
  for (const part of name.split(".")) {
    if (typeof node !== "object" || node === null || !Object.hasOwn(node, part)) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

function asText(value: unknown): string {
  return value === undefined || value === null ? "" : String(value);
}

/**
 * A translator over messages in one language; `fallbacks` (other languages) are looked in, in
 * order, for a key the language lacks (the server's English behind every locale). Lookups are kept: a page makes a few
 * hundred, and the messages never change once given.
 */
export function createTranslator(
  language: string,
  messages: MessageTree,
  fallbacks: readonly { language: string; messages: MessageTree }[] = [],
): Translator {
  // A fallback language's plural forms are its own (English: one, other). Lookups and forms are
  // kept: a page makes a few hundred calls, mostly the same ones.
  const trees = [{ language, messages }, ...fallbacks].map((tree) => ({
    messages: tree.messages,
    language: tree.language,
    plurals: undefined as Intl.PluralRules | undefined,
    forms: new Map<unknown, string>(),
    leaves: new Map<string, string | MessageTree | undefined>(),
  }));
  type Tree = (typeof trees)[number];
  let numbers: Intl.NumberFormat | undefined;
  const formatNumber = (value: unknown): string =>
    (numbers ??= new Intl.NumberFormat(language)).format(value as number);

  function leafIn(tree: Tree, key: string): string | MessageTree | undefined {
    if (tree.leaves.has(key)) return tree.leaves.get(key);
    const found = leafAt(tree.messages, key);
    keep(tree.leaves, key, found);
    return found;
  }

  function formOf(tree: Tree, count: unknown): string {
    let form = tree.forms.get(count);
    if (form === undefined) {
      form = (tree.plurals ??= new Intl.PluralRules(tree.language)).select(count as number);
      keep(tree.forms, count, form);
    }
    return form;
  }

  /** The message for a key (its plural form first when a count is given), or undefined. */
  function messageOf(key: string, count: unknown): string | MessageTree | undefined {
    const plural = count !== undefined && typeof count !== "string";
    for (const tree of trees) {
      if (plural) {
        const found =
          (count === 0 ? leafIn(tree, `${key}_zero`) : undefined) ?? leafIn(tree, `${key}_${formOf(tree, count)}`);
        if (found !== undefined) return found;
      }
      const found = leafIn(tree, key);
      if (found !== undefined) return found;
    }
    return undefined;
  }

  /** A text split at its placeholders, once per text. */
  const templates = new Map<string, readonly TemplatePart[]>();
  function templateOf(text: string): readonly TemplatePart[] {
    const known = templates.get(text);
    if (known) return known;
    const parts: TemplatePart[] = [];
    let last = 0;
    for (const match of text.matchAll(PLACEHOLDER)) {
      if (match.index > last) parts.push(text.slice(last, match.index));
      const inner = match[1];
      const comma = inner.indexOf(",");
      parts.push(
        comma < 0
          ? { whole: match[0], name: inner.trim(), number: false, plain: true }
          : {
              whole: match[0],
              name: inner.slice(0, comma).trim(),
              number: inner.slice(comma + 1).trim() === "number",
              plain: false,
            },
      );
      last = match.index + match[0].length;
    }
    if (last < text.length) parts.push(text.slice(last));
    keep(templates, text, parts);
    return parts;
  }

  function interpolate(text: string, values: TranslationValues): string {
    let out = "";
    for (const part of templateOf(text)) {
      if (typeof part === "string") {
        out += part;
        continue;
      }
      const value = valueAt(values, part.name);
      // A value not given at all leaves its placeholder (a value given as undefined is empty).
      if (part.plain && value === undefined && !Object.hasOwn(values, part.name)) out += part.whole;
      else out += part.number ? formatNumber(value) : asText(value);
    }
    return out;
  }

  /** `$t(key, {"count": 3})`: another message inside this one, with the values merged. */
  function nest(text: string, values: TranslationValues, depth: number): string {
    return text.replace(NESTING, (whole, inner: string) => {
      const brace = inner.search(/,\s*\{/);
      if (brace < 0) return translate(inner.trim(), values, depth + 1);
      let own: unknown;
      try {
        own = JSON.parse(inner.slice(inner.indexOf("{", brace)));
      } catch {
        return whole;
      }
      const merged = typeof own === "object" && own !== null ? { ...values, ...own } : values;
      return translate(inner.slice(0, brace).trim(), merged, depth + 1);
    });
  }

  function translate(key: string, values: TranslationValues, depth: number): string {
    const found = messageOf(key, values.count);
    if (typeof found === "object") return `key '${key} (${language})' returned an object instead of string.`;
    const defaultValue = values.defaultValue;
    if (found === undefined && typeof defaultValue !== "string") return key;
    const text = found ?? (defaultValue as string);
    if (!text.includes("{{") && !text.includes("$t(")) return text;
    const own = defaultValue === undefined ? values : withoutDefault(values);
    const nestings = text.match(NESTING)?.length ?? 0;
    const interpolated = interpolate(text, own);
    // A value that brings its own `$t(` is data, not a message to nest (as i18next does).
    if (depth >= MAX_NESTING_DEPTH || (interpolated.match(NESTING)?.length ?? 0) > nestings) return interpolated;
    return nestings > 0 ? nest(interpolated, own, depth) : interpolated;
  }

  const kept = new Map<string, string>();
  const NO_VALUES: TranslationValues = {};
  const t: TFunction = (key, values) => {
    if (values !== undefined) return translate(String(key), values, 0);
    const known = kept.get(key);
    if (known !== undefined) return known;
    const text = translate(String(key), NO_VALUES, 0);
    keep(kept, key, text);
    return text;
  };
  return { language, t };
}

/** Plain lookups kept per translator at most; beyond, the store starts over (keys may come from data). */
export const MAX_KEPT_LOOKUPS = 5_000;

/** Keeps a lookup in a store that starts over when full. */
function keep<K, V>(store: Map<K, V>, key: K, value: V): void {
  if (store.size >= MAX_KEPT_LOOKUPS) store.clear();
  store.set(key, value);
}

function withoutDefault(values: TranslationValues): TranslationValues {
  const { defaultValue: _unused, ...own } = values;
  return own;
}

/** A text's literal part, or a placeholder: its value by name, formatted as a number or put in as text. */
type TemplatePart = string | { whole: string; name: string; number: boolean; plain: boolean };
