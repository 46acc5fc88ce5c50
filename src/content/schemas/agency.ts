import { z } from 'astro/zod';
import { euCountries } from '../countries';
import { clockTime, coordinate, country, externalUrl, localizedText } from './fields';
import { germanVatId } from './vat-id';

/**
 * The agency's facts (`src/content/agency.json`) and the legal rules on them. The imprint, the
 * privacy policy and the terms state these facts (their `{{field}}` tokens), so a rule here is
 * what keeps a legal text from stating something false.
 */

/** The footer's three networks: a professional network, a short-video and a photo platform. */
const socialNetworks = ['linkedin', 'tiktok', 'instagram'] as const;

/** schema.org's DayOfWeek names, as search engines read them. */
const weekDays = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

/** A processor of the website with its servers in the EU, as the privacy policy states. */
const euProcessor = z.object({
  /** Its company name, as the privacy policy names it. */
  provider: z.string().min(1),
  /** Its postal address. */
  address: z.string().min(1),
  /** Where its servers are: an EU country, since the policy states no transfer for it. */
  country: country.refine(
    ({ code }) => euCountries.includes(code),
    'must be an EU country: the privacy policy states no third-country transfer for this processor',
  ),
});

export const agencySchema = z.object({
  /** The name the site and its pages' titles use. */
  name: z.string().min(1),
  /** The name with its legal form, as the imprint must give it (§ 5 DDG). */
  legalName: z.string().min(1),
  /** The legal form in words, per language. */
  legalForm: localizedText,
  /** The partners, who represent the partnership (imprint). */
  partners: z.array(z.string().min(1)).min(1),
  /** The address that can be served (imprint, contact section, search engines). */
  street: z.string().min(1),
  postalCode: z.string().regex(/^\d{5}$/, 'must be a five-digit German postal code'),
  town: z.string().min(1),
  region: z.string().min(1),
  /** ISO 3166 code of the agency's country, for search engines. */
  country: z.string().length(2),
  email: z.email(),
  phone: z.string().regex(/^\+\d[\d ]{6,}$/, 'must be written internationally, like +49 2173 123456'),
  /** The VAT id the imprint states (§ 5 DDG), checked by its check digit. */
  vatId: germanVatId,
  /** The agency's address on the web: canonical URLs, hreflang, Open Graph and the sitemap use it. */
  siteUrl: externalUrl,
  /** Where the office is, for search engines' maps. */
  geo: z.object({ latitude: coordinate(90), longitude: coordinate(180) }),
  /** When the office answers, for search engines. */
  openingHours: z
    .array(
      z
        .object({ days: z.array(z.enum(weekDays)).min(1), opens: clockTime, closes: clockTime })
        .refine((hours) => hours.opens < hours.closes, 'must close after it opens'),
    )
    .min(1),
  /** Only if the agency states one, in its own words ("ab 2.500 €"); search engines show it as given. */
  priceRange: z.string().min(1).optional(),
  /** The towns and the region the agency serves, for search engines. */
  serviceArea: z.array(z.string().min(1)).min(1),
  /** The footer's profiles, one per network, each with what the privacy policy says about it. */
  social: z
    .array(
      z.object({
        network: z.enum(socialNetworks),
        label: z.string().min(1),
        url: externalUrl,
        /** The platform's operator, jointly responsible for the page's statistics (CJEU C-210/16). */
        operator: z.string().min(1),
        /** The operator's agreement on that joint responsibility, whose essence visitors may read (Art. 26(2) GDPR). */
        jointControllerAgreement: externalUrl,
        /** Third countries the platform processes visitors' data in, by its own privacy notice. */
        thirdCountries: z.array(country),
      }),
    )
    .length(socialNetworks.length)
    .refine(
      (links) => socialNetworks.every((network) => links.some((link) => link.network === network)),
      `needs one link each for ${socialNetworks.join(', ')}`,
    ),
  /** The year in the footer's copyright line. */
  copyrightYear: z.number().int().min(2000).max(2100),
  /** The website's host, with how long its access logs are kept (privacy policy). */
  hosting: euProcessor.extend({ logRetentionDays: z.number().int().positive() }),
  /** The mailbox connected to the EmailJS account: it delivers and stores the form's e-mails. */
  mailProvider: euProcessor,
  /** The form's sending service (a processor in a third country, see the privacy policy). */
  emailjs: z.object({
    provider: z.string().min(1),
    country,
    /** How long sent messages stay in the account's history (Art. 13(2)(a) GDPR). */
    historyRetentionDays: z.number().int().positive(),
    /** Its sub-processor for servers and databases, from its data processing agreement. */
    hosting: z
      .object({
        provider: z.string().min(1),
        country,
        /** Certified under the EU-U.S. Data Privacy Framework: adequacy decision (EU) 2023/1795 covers the transfer. */
        dataPrivacyFramework: z.boolean(),
      })
      .refine((hosting) => !hosting.dataPrivacyFramework || hosting.country.code === 'US', {
        message: 'only a company in the USA can be certified under the EU-U.S. Data Privacy Framework',
        path: ['dataPrivacyFramework'],
      }),
  }),
  /**
   * Hosting clients' websites makes the agency a hosting service under the Digital Services Act: the
   * imprint then names a single point of contact (Art. 11, 12 DSA) with the languages it answers in.
   */
  clientHosting: z.object({
    offered: z.boolean(),
    contactLanguages: z.array(localizedText).min(1),
  }),
  /** Only where the agency has one; the imprint then names it (§ 2 Abs. 1 Nr. 11 DL-InfoV). */
  professionalLiabilityInsurance: z
    .object({ insurer: z.string().min(1), address: z.string().min(1), scope: localizedText })
    .optional(),
  /** The data protection authority a visitor may complain to (Art. 77 GDPR; privacy policy). */
  supervisoryAuthority: z.object({ name: z.string().min(1), address: z.string().min(1), url: externalUrl }),
});
