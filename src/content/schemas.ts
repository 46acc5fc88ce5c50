import { existsSync } from 'node:fs';
import { z } from 'astro/zod';
import type { SchemaContext } from 'astro:content';
import { icons, type IconName } from '../components/icons';
import { locales } from '../i18n/locales';
import { euCountries } from './countries';

export { euCountries };

/**
 * Zod schemas of the agency's content. They run when Astro loads `src/content/*` at build time;
 * a wrong entry stops the build with the file, the entry and the field that is wrong.
 */

type ImageHelper = SchemaContext['image'];

/** Text in every language of the site: a missing translation is a build error, not a blank. */
export const localizedText = z.object(
  Object.fromEntries(locales.map((locale) => [locale, z.string().trim().min(1)])) as Record<
    (typeof locales)[number],
    z.ZodString
  >,
);

const externalUrl = z
  .url()
  .refine((url) => url.startsWith('https://'), 'must be an https:// address');

export const socialNetworks = ['linkedin', 'tiktok', 'instagram'] as const;

/**
 * The check digit of a German VAT id (USt-IdNr.): ISO 7064 MOD 11,10 over the first eight of its
 * nine digits, as the Federal Central Tax Office computes it. Returns the digit the ninth must be.
 */
export function germanVatCheckDigit(firstEight: string): number {
  let product = 10;
  for (const digit of firstEight) {
    const sum = (Number(digit) + product) % 10 || 10;
    product = (2 * sum) % 11;
  }
  const check = 11 - product;
  return check === 10 ? 0 : check;
}

export const germanVatId = z
  .string()
  .regex(/^DE\d{9}$/, 'must be a German VAT id: DE and nine digits')
  .refine(
    (id) => !/^DE\d{9}$/.test(id) || germanVatCheckDigit(id.slice(2, 10)) === Number(id[10]),
    {
      error: (issue) => {
        const id = String(issue.input);
        return `fails the check digit of a German VAT id (ISO 7064 MOD 11,10): ${id.slice(0, 10)} must end in ${germanVatCheckDigit(id.slice(2, 10))}`;
      },
    },
  );

/**
 * A country as the legal texts name it in each language ("USA", not "Vereinigte Staaten"), with its
 * ISO 3166 code, by which the rules and the tests tell the EU from a third country.
 */
const country = localizedText.extend({
  code: z.string().regex(/^[A-Z]{2}$/, 'must be a two-letter ISO 3166 country code, like DE'),
});

/** A processor of the website with its servers in the EU, as the privacy policy states. */
const euProcessor = z.object({
  provider: z.string().min(1),
  address: z.string().min(1),
  country: country.refine(
    ({ code }) => euCountries.includes(code),
    'must be an EU country: the privacy policy states no third-country transfer for this processor',
  ),
});

/** schema.org's DayOfWeek names, as search engines read them. */
export const weekDays = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time like 09:00');

/** Five decimals place a point within about a metre; fewer can put the office in the next street. */
const coordinate = (limit: number) =>
  z
    .number()
    .min(-limit)
    .max(limit)
    .refine((value) => (String(value).split('.')[1]?.length ?? 0) >= 5, 'needs at least five decimals');

export const agencySchema = z.object({
  name: z.string().min(1),
  legalName: z.string().min(1),
  legalForm: localizedText,
  partners: z.array(z.string().min(1)).min(1),
  street: z.string().min(1),
  postalCode: z.string().regex(/^\d{5}$/, 'must be a five-digit German postal code'),
  town: z.string().min(1),
  region: z.string().min(1),
  country: z.string().length(2),
  email: z.email(),
  phone: z.string().regex(/^\+\d[\d ]{6,}$/, 'must be written internationally, like +49 2173 123456'),
  vatId: germanVatId,
  siteUrl: externalUrl,
  geo: z.object({ latitude: coordinate(90), longitude: coordinate(180) }),
  openingHours: z
    .array(
      z
        .object({ days: z.array(z.enum(weekDays)).min(1), opens: clockTime, closes: clockTime })
        .refine((hours) => hours.opens < hours.closes, 'must close after it opens'),
    )
    .min(1),
  // Only if the agency states one, in its own words ("ab 2.500 €"); search engines show it as given.
  priceRange: z.string().min(1).optional(),
  serviceArea: z.array(z.string().min(1)).min(1),
  // The spec's footer has exactly these three: a professional network, a short-video and a photo platform.
  social: z
    .array(
      z.object({
        network: z.enum(socialNetworks),
        label: z.string().min(1),
        url: externalUrl,
        // The platform's operator, jointly responsible for the page's statistics (CJEU C-210/16).
        operator: z.string().min(1),
        // The operator's agreement on that joint responsibility, whose essence visitors may read (Art. 26(2) GDPR).
        jointControllerAgreement: externalUrl,
        // Third countries the platform processes visitors' data in, by its own privacy notice.
        thirdCountries: z.array(country),
      }),
    )
    .length(socialNetworks.length)
    .refine(
      (links) => socialNetworks.every((network) => links.some((link) => link.network === network)),
      `needs one link each for ${socialNetworks.join(', ')}`,
    ),
  copyrightYear: z.number().int().min(2000).max(2100),
  hosting: euProcessor.extend({ logRetentionDays: z.number().int().positive() }),
  // The mailbox connected to the EmailJS account: it delivers and stores the form's e-mails.
  mailProvider: euProcessor,
  // The form's sending service (a processor in a third country, see the privacy policy).
  emailjs: z.object({
    provider: z.string().min(1),
    country,
    // How long sent messages stay in the account's history (Art. 13(2)(a) GDPR).
    historyRetentionDays: z.number().int().positive(),
    // Its sub-processor for servers and databases, from its data processing agreement.
    hosting: z
      .object({
        provider: z.string().min(1),
        country,
        // Certified under the EU-U.S. Data Privacy Framework: adequacy decision (EU) 2023/1795 covers the transfer.
        dataPrivacyFramework: z.boolean(),
      })
      .refine((hosting) => !hosting.dataPrivacyFramework || hosting.country.code === 'US', {
        message: 'only a company in the USA can be certified under the EU-U.S. Data Privacy Framework',
        path: ['dataPrivacyFramework'],
      }),
  }),
  // Hosting clients' websites makes the agency a hosting service under the Digital Services Act: the
  // imprint then names a single point of contact (Art. 11, 12 DSA) with the languages it answers in.
  clientHosting: z.object({
    offered: z.boolean(),
    contactLanguages: z.array(localizedText).min(1),
  }),
  // Only where the agency has one; the imprint then names it (§ 2 Abs. 1 Nr. 11 DL-InfoV).
  professionalLiabilityInsurance: z
    .object({ insurer: z.string().min(1), address: z.string().min(1), scope: localizedText })
    .optional(),
  supervisoryAuthority: z.object({ name: z.string().min(1), address: z.string().min(1), url: externalUrl }),
});

export const teamMemberSchema = (image: ImageHelper) =>
  z.object({
    name: z.string().min(1),
    role: localizedText,
    portfolioUrl: externalUrl,
    experienceYears: z.number().int().positive(),
    image: image(),
    bio: localizedText,
    // Comma-separated, as the spec has it; shown as chips in the member's modal.
    skills: localizedText,
  });

/** Any icon the site draws; the list lives with the icons so a new one is usable at once. */
const iconName = z.enum(Object.keys(icons) as [IconName, ...IconName[]]);

export const featureSchema = z.object({
  icon: iconName,
  title: localizedText,
  description: localizedText,
});

/** Services share the shape of the about section's features: icon, title, description. */
export const serviceSchema = featureSchema;

export const projectCategories = ['catering', 'portfolio', 'rental', 'restaurant'] as const;
export type ProjectCategory = (typeof projectCategories)[number];

/** Clips live in `public/videos/` as `<name>.webm` and `<name>.mp4`; both must exist. */
export function videoFilesExist(name: string, root = process.cwd()): boolean {
  return ['webm', 'mp4'].every((ext) => existsSync(`${root}/public/videos/${name}.${ext}`));
}

export const projectSchema = (image: ImageHelper) =>
  z.object({
    title: z.string().min(1),
    category: z.enum(projectCategories),
    description: localizedText,
    image: image(),
    video: z
      .string()
      .regex(/^[a-z0-9-]+$/, 'must be a file name without extension, like "tafelwerk"')
      .refine((name) => videoFilesExist(name), {
        message: 'needs public/videos/<video>.webm and public/videos/<video>.mp4',
      })
      .optional(),
    url: externalUrl,
  });

const month = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'must be a month like 2025-01');

export const legalPageSchema = z
  .object({
    title: z.string().min(1),
    description: z.string().min(50).max(170),
    /** The date the text is known by ("Stand"); the spec fixes January 2025 for the terms. */
    updated: month,
    /** The latest revision, shown next to `updated` so that date stays as it was. */
    revised: month.optional(),
  })
  .refine((page) => !page.revised || page.revised > page.updated, {
    message: 'must be a later month than updated',
    path: ['revised'],
  });

/**
 * What the spec fixes about whole collections, checked by the loader on the list as written in the
 * file: the counts, and the mix of project categories.
 */
const withId = z.looseObject({ id: z.string().min(1) });

export const teamList = z.array(withId).length(2, 'the team has exactly two members');
export const featureList = z.array(withId).length(4, 'the about section has exactly four features');
export const serviceList = z.array(withId).length(6, 'there are exactly six services');

export const projectCategoryMix: Record<ProjectCategory, number> = {
  catering: 2,
  portfolio: 1,
  rental: 2,
  restaurant: 1,
};

export const projectList = z
  .array(withId.extend({ category: z.string() }))
  .length(6, 'there are exactly six projects')
  .superRefine((projects, ctx) => {
    for (const category of projectCategories) {
      const found = projects.filter((project) => project.category === category).length;
      if (found !== projectCategoryMix[category]) {
        ctx.addIssue({
          code: 'custom',
          message: `expected ${projectCategoryMix[category]} project(s) of category "${category}", found ${found}`,
        });
      }
    }
  });
