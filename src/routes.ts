/**
 * The pages of the site. Each is built in every locale of `src/i18n/locales.ts` from one
 * file in `src/pages/[...locale]/`. `npm run perf` (plain Node, which strips the types) reads the
 * same list as the site and its tests, so imports here name their `.ts` file.
 */
import { locales, routePrefix, type Locale } from './i18n/locales.ts';

/**
 * The legal pages: each has its text per locale in `src/content/legal/<locale>/<page>.md`. The
 * accessibility statement is published voluntarily, but is written and shown like the others.
 */
export const legalPages = ['impressum', 'datenschutz', 'agb', 'barrierefreiheit'] as const;

export type LegalPage = (typeof legalPages)[number];

/** Every page by its path without a locale prefix: the landing page, then the legal pages. */
export const pagePaths = ['/', ...legalPages.map((page) => `/${page}/` as const)] as const;

/** Each page in each language, with the address it is served at (`/en/agb/`). */
export const routes = pagePaths.flatMap((path) =>
  locales.map((locale) => ({ locale, path, url: `${routePrefix(locale)}${path}` })),
);

/** Each page's social card (src/node/social-card.tsx draws them): its size, as the page announces it, and its address. */
export const SOCIAL_CARD = { width: 1200, height: 630 } as const;

/** The card's file name for the page at `path` (no locale prefix): `home`, `agb`, … */
export const socialCardName = (path: string) => (path === '/' ? 'home' : path.replaceAll('/', ''));

/** Where the card of that page in `locale` is served. */
export const socialCardPath = (locale: Locale, path: string) => `/social/${locale}/${socialCardName(path)}.jpg`;
