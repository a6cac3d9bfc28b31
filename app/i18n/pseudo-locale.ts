/**
 * The pseudo-locale (issue #33): English with every letter accented, each text marked at both ends
 * and 40 % longer, so a screen shown in it tells a missed key (plain English) and a control too
 * small for a longer language (clipped) at a glance. Never offered to users: a tester asks for it
 * with the locale cookie where the configuration allows it (not in production).
 */
export const PSEUDO_LOCALE = "en-XA";

/** The marks around every pseudo-localized text. */
export const PSEUDO_OPEN = "⟦";
export const PSEUDO_CLOSE = "⟧";

/** How much longer a pseudo text is than its English one. */
export const PSEUDO_EXPANSION = 0.4;

const PLAIN = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
const ACCENTS = "áƀçďéƒĝĥíĵķĺɱñöþʠŕšţüṽŵẋýžÅƁÇĎÉƑĜĤÎĴĶĹṀÑÖÞǪŔŠŢÜṼŴẊÝŽ";
const ACCENTED = new Map([...PLAIN].map((letter, index) => [letter, [...ACCENTS][index]]));

/** What stays as it is: interpolations, nestings, markup and entities. */
const KEEP = /(\{\{[^}]*\}\}|\$t\([^)]*\)|<[^>]*>|&#?\w+;)/;

/** One English text in the pseudo-locale. An empty text stays empty. */
export function pseudoLocalize(text: string): string {
  if (text === "") return text;
  const parts = text.split(KEEP);
  let letters = 0;
  const body = parts
    .map((part, index) => {
      if (index % 2 === 1) return part;
      letters += part.length;
      return part.replace(/[A-Za-z]/g, (letter) => ACCENTED.get(letter) ?? letter);
    })
    .join("");
  const padding = "·".repeat(Math.ceil(letters * PSEUDO_EXPANSION));
  return `${PSEUDO_OPEN}${body}${padding ? ` ${padding}` : ""}${PSEUDO_CLOSE}`;
}

type Tree = { [key: string]: unknown };

/** A message tree with every text pseudo-localized (keys and structure kept). */
export function pseudoMessages<T>(messages: T): T {
  const walk = (node: unknown): unknown => {
    if (typeof node === "string") return pseudoLocalize(node);
    if (node && typeof node === "object")
      return Object.fromEntries(Object.entries(node as Tree).map(([key, value]) => [key, walk(value)]));
    return node;
  };
  return walk(messages) as T;
}
