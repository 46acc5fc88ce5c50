import { z } from 'astro/zod';
import { locales } from '../../i18n/locales';

/**
 * Field types the content files share. Each collection's schema (agency.ts, entries.ts) is built
 * from them; a wrong value stops the build with the file, the entry and the field.
 */

/** Text in every language of the site: a missing translation is a build error, not a blank. */
export const localizedText = z.object(
  Object.fromEntries(locales.map((locale) => [locale, z.string().trim().min(1)])) as Record<
    (typeof locales)[number],
    z.ZodString
  >,
);

/** An address on another site; https only, so no link of ours leads a visitor onto plain http. */
export const externalUrl = z.url().refine((url) => url.startsWith('https://'), 'must be an https:// address');

/**
 * A country as the legal texts name it in each language ("USA", not "Vereinigte Staaten"), with its
 * ISO 3166 code, by which the rules and the tests tell the EU from a third country.
 */
export const country = localizedText.extend({
  code: z.string().regex(/^[A-Z]{2}$/, 'must be a two-letter ISO 3166 country code, like DE'),
});

/** A time of day as search engines read opening hours. */
export const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time like 09:00');

/** A month, as a legal text gives the date it is known by. */
export const month = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'must be a month like 2025-01');

/**
 * A latitude or longitude. Five decimals place a point within about a metre; three can put the
 * office in the next street. A JSON number keeps no trailing zero (51.09170 arrives as 51.0917), so
 * what can be asked of the number is more than three decimals.
 */
export const coordinate = (limit: number) =>
  z
    .number()
    .min(-limit)
    .max(limit)
    .refine(
      (value) => Number(value.toFixed(3)) !== value,
      'needs five decimals, like 51.09176 (three or fewer can put the office in the next street)',
    );
