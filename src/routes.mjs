// @ts-check
/**
 * The pages of the site. Each is built in every locale of `src/i18n/locale-registry.mjs` from one
 * file in `src/pages/[...locale]/`. Plain JavaScript, so `npm run perf` reads the same list as the
 * site and its tests.
 */
import { locales, routePrefix } from './i18n/locale-registry.mjs';

/**
 * The legal pages: each has its text per locale in `src/content/legal/<locale>/<page>.md`. The
 * accessibility statement is published voluntarily, but is written and shown like the others.
 */
export const legalPages = /** @type {const} */ (['impressum', 'datenschutz', 'agb', 'barrierefreiheit']);

/** @typedef {(typeof legalPages)[number]} LegalPage */

/** Every page by its path without a locale prefix: the landing page, then the legal pages. */
export const pagePaths = /** @type {const} */ (['/', ...legalPages.map((page) => /** @type {const} */ (`/${page}/`))]);

/** @typedef {(typeof pagePaths)[number]} PagePath */

/** Each page in each language, with the address it is served at (`/en/agb/`). */
export const routes = pagePaths.flatMap((path) =>
  locales.map((locale) => ({ locale, path, url: `${routePrefix(locale)}${path}` })),
);
