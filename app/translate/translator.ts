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
  // A fallback language's plural forms are its own (English: one, other).
  const trees = [{ language, messages }, ...fallbacks].map((tree) => ({
    messages: tree.messages,
    plurals: undefined as Intl.PluralRules | undefined,
    language: tree.language,
  }));
  let numbers: Intl.NumberFormat | undefined;
  const formatNumber = (value: unknown): string =>
    (numbers ??= new Intl.NumberFormat(language)).format(value as number);

  /** The message for a key (its plural form first when a count is given), or undefined. */
  function messageOf(key: string, count: unknown): string | MessageTree | undefined {
    const plural = count !== undefined && typeof count !== "string";
    for (const tree of trees) {
      const form = plural ? (tree.plurals ??= new Intl.PluralRules(tree.language)).select(count as number) : "";
      const candidates = plural ? [...(count === 0 ? [`${key}_zero`] : []), `${key}_${form}`, key] : [key];
      for (const candidate of candidates) {
        const found = leafAt(tree.messages, candidate);
        if (found !== undefined) return found;
      }
    }
    return undefined;
  }

  function interpolate(text: string, values: TranslationValues): string {
    return text.replace(PLACEHOLDER, (whole, inner: string) => {
      const comma = inner.indexOf(",");
      if (comma < 0) {
        const name = inner.trim();
        const value = valueAt(values, name);
        // A value not given at all leaves its placeholder (a value given as undefined is empty).
        return value === undefined && !Object.hasOwn(values, name) ? whole : asText(value);
      }
      const value = valueAt(values, inner.slice(0, comma).trim());
      const format = inner.slice(comma + 1).trim();
      return format === "number" ? formatNumber(value) : asText(value);
    });
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
    const { defaultValue: _unused, ...own } = values;
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
    if (kept.size >= MAX_KEPT_LOOKUPS) kept.clear();
    kept.set(key, text);
    return text;
  };
  return { language, t };
}

/** Plain lookups kept per translator at most; beyond, the store starts over (keys may come from data). */
export const MAX_KEPT_LOOKUPS = 5_000;
