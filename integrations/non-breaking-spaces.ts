import type { HastPluginDefinition } from 'satteri';

const NBSP = '\u00a0';

/**
 * The places where a line must not break, as German and English typesetting keep them: a citation
 * sign or a legal abbreviation and what it cites ("§ 5", "§§ 312g", "Art. 6", "Abs. 1", "lit. f",
 * "Nr. 2", "Satz 3", "no. 2", "sentence 3"), a number and its unit ("14 Tagen", "40 Euro",
 * "9 Prozentpunkte", "12 months"), the parts of an abbreviation ("z. B.", "d. h.") and a phone
 * number's groups ("+49 2173 9394 120").
 */
const UNBREAKABLE: readonly RegExp[] = [
  /(§§?) (?=\d)/g,
  /\b(Art\.|Abs\.|UAbs\.|Nr\.|Satz|no\.|sentence) (?=\d)/g,
  /\b(lit\.) (?=[a-z]\b)/g,
  /(\d) (?=[€%]|(?:EUR|Euro|euros?|Prozent\w*|percent\w*|Tagen?|Werktagen?|Wochen?|Monaten?|Jahren?|Stunden?|Minuten|days?|weeks?|months?|years?|hours?|minutes)\b)/g,
  /\b(z\.|d\.|u\.|i\.|S\.|V\.|e\.) (?=[A-Za-zäöü]\.)/g,
];
const PHONE = /\+\d{1,3}(?: \d+)+/g;

/** `text` with a no-break space wherever a line must not break (UNBREAKABLE). */
export function bindUnbreakable(text: string): string {
  const bound = UNBREAKABLE.reduce((result, pattern) => result.replace(pattern, `$1${NBSP}`), text);
  return bound.replace(PHONE, (phone) => phone.replaceAll(' ', NBSP));
}

/**
 * Markdown (Sätteri hast) plugin: the legal texts cite paragraphs and articles, give periods and
 * amounts, and write out the agency's phone number. A line broken inside one of these ("§" at the end
 * of a line, "5 DDG" on the next) reads as a typesetting slip in a text a client and a lawyer read
 * closely, so each is bound with a no-break space (agency-tokens.ts has filled in the facts by now).
 */
export const nonBreakingSpaces: HastPluginDefinition = {
  name: 'non-breaking-spaces',
  text(node) {
    const value = bindUnbreakable(node.value);
    if (value !== node.value) return { type: 'text', value };
  },
};
