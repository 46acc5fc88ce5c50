// @ts-check
/**
 * The characters and weights the site's Inter subset holds: Latin with German letters and the
 * punctuation German and English typography use. `npm run font` writes the subset; a unit test
 * keeps every character of the site's content inside it.
 */
const range = (/** @type {number} */ from, /** @type {number} */ to) =>
  String.fromCodePoint(...Array.from({ length: to - from + 1 }, (_, i) => from + i));

export const SUBSET_CHARACTERS =
  range(0x20, 0x7e) + // Basic Latin
  range(0xa0, 0xff) + // Latin-1: ä ö ü ß é ©, § « » · ×, non-breaking space
  range(0x2010, 0x2027) + // dashes, quotes „ “ ” ‚ ‘ ’, bullet, ellipsis
  '\u202f\u20ac\u2122\u2192'; // narrow no-break space, €, ™, →

/** Tailwind's font-normal (400) to font-extrabold (800): what the site's styles use. */
export const SUBSET_WEIGHTS = { min: 400, max: 800 };

export const SOURCE_FONT = '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2';
export const SUBSET_FONT = 'src/assets/fonts/inter-latin-subset-wght.woff2';
