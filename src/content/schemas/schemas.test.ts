import { z } from 'astro/zod';
import { describe, expect, it } from 'vitest';
import { defaultLocale, locales, otherLocales } from '../../i18n/locales';
import agency from '../agency.json';
import features from '../features.json';
import { describeIssues } from '../loader';
import projects from '../projects.json';
import services from '../services.json';
import team from '../team.json';
import { agencySchema } from './agency';
import { featureSchema, legalPageSchema, projectSchema, teamMemberSchema } from './entries';
import { featureList, projectList, serviceList, teamList } from './lists';
import { germanVatCheckDigit } from './vat-id';

// The image() helper only exists inside Astro's content layer; a path string stands in for it here.
const image = (() => z.string()) as unknown as Parameters<typeof projectSchema>[0];
const fieldsOf = (result: z.ZodSafeParseResult<unknown>) =>
  result.success ? [] : result.error.issues.map((issue) => issue.path.map(String).join('.'));
/** A region by its ISO code, named in every language of the site as the browser's own data names it. */
const region = (code: string) => ({
  code,
  ...Object.fromEntries(
    locales.map((locale) => [locale, new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code]),
  ),
});

describe('the content as written', () => {
  it('passes every schema and list rule', () => {
    expect(agencySchema.safeParse(agency).success).toBe(true);
    expect(teamList.safeParse(team).success).toBe(true);
    team.forEach((member: object) => expect(teamMemberSchema(image).safeParse(member).success).toBe(true));
    expect(projectList.safeParse(projects).success).toBe(true);
    projects.forEach((project: object) => expect(projectSchema(image).parse(project)).toBeTruthy());
    expect(serviceList.safeParse(services).success).toBe(true);
    expect(featureList.safeParse(features).success).toBe(true);
  });

  it('gives at least four projects a clip and at least one none, so both card behaviours are shown', () => {
    expect(projects.filter((project) => project.video).length).toBeGreaterThanOrEqual(4);
    expect(projects.some((project) => !project.video)).toBe(true);
  });
});

describe('bad content is rejected, naming the field', () => {
  const project = projects[0];

  const feature = features[0];
  it.each([
    ['an unknown project category', projectSchema(image), { ...project, category: 'bakery' }, ['category']],
    [
      'a missing translation',
      projectSchema(image),
      { ...project, description: { [defaultLocale]: 'Nur Deutsch' } },
      otherLocales(defaultLocale).map((locale) => `description.${locale}`),
    ],
    ['a clip whose files do not exist', projectSchema(image), { ...project, video: 'does-not-exist' }, ['video']],
    ['a website address that is not https', projectSchema(image), { ...project, url: 'http://example.org' }, ['url']],
    ['an icon the site cannot draw', featureSchema, { ...feature, icon: 'unicorn' }, ['icon']],
    ['a phone number in the wrong form', agencySchema, { ...agency, phone: '02173 123' }, ['phone']],
    ['a postal code in the wrong form', agencySchema, { ...agency, postalCode: '4078' }, ['postalCode']],
    ['a VAT id in the wrong form', agencySchema, { ...agency, vatId: '123/456/7890' }, ['vatId']],
  ])('%s', (_name, schema: z.ZodType, value, fields) => {
    expect(fieldsOf(schema.safeParse(value))).toEqual(fields);
  });

  it('a VAT id whose check digit is wrong, naming the field and the digit it must end in', () => {
    // The id the site once carried: its ISO 7064 MOD 11,10 check digit is 4, not 5.
    const result = agencySchema.safeParse({ ...agency, vatId: 'DE318274965' });
    expect(fieldsOf(result)).toEqual(['vatId']);
    expect(describeIssues(result.error?.issues ?? [])).toBe(
      '  vatId: fails the check digit of a German VAT id (ISO 7064 MOD 11,10): DE31827496 must end in 4',
    );
    expect(agencySchema.safeParse({ ...agency, vatId: 'DE318274964' }).success).toBe(true);
  });

  it('a mail provider or host outside the EU, which the privacy policy would misstate', () => {
    const usa = region('US');
    const mailProvider = { ...agency.mailProvider, country: usa };
    expect(fieldsOf(agencySchema.safeParse({ ...agency, mailProvider }))).toEqual(['mailProvider.country']);
    const hosting = { ...agency.hosting, country: { ...usa, code: 'us' } };
    expect(fieldsOf(agencySchema.safeParse({ ...agency, hosting }))).toContain('hosting.country.code');
    const { mailProvider: _dropped, ...withoutMailProvider } = agency;
    expect(fieldsOf(agencySchema.safeParse(withoutMailProvider))).toEqual(['mailProvider']);
  });

  it('a Data Privacy Framework certification outside the USA, which adequacy decision (EU) 2023/1795 does not cover', () => {
    const hosting = { ...agency.emailjs.hosting, country: region('IN') };
    expect(fieldsOf(agencySchema.safeParse({ ...agency, emailjs: { ...agency.emailjs, hosting } }))).toEqual([
      'emailjs.hosting.dataPrivacyFramework',
    ]);
    const notCertified = { ...hosting, dataPrivacyFramework: false };
    const emailjs = { ...agency.emailjs, hosting: notCertified };
    expect(agencySchema.safeParse({ ...agency, emailjs }).success).toBe(true);
  });

  it('a social profile without its joint-controller agreement or third countries', () => {
    const { jointControllerAgreement: _agreement, ...withoutAgreement } = agency.social[0];
    const social = [withoutAgreement, ...agency.social.slice(1)];
    expect(fieldsOf(agencySchema.safeParse({ ...agency, social }))).toEqual(['social.0.jointControllerAgreement']);
    const unnamed = [{ ...agency.social[1], thirdCountries: [{ code: 'CN' }] }];
    expect(
      fieldsOf(agencySchema.safeParse({ ...agency, social: [agency.social[0], ...unnamed, agency.social[2]] })),
    ).toEqual(locales.map((locale) => `social.1.thirdCountries.0.${locale}`));
  });

  it('hosting for clients without the languages of its contact point; insurance without its scope', () => {
    const clientHosting = { offered: true, contactLanguages: [] };
    expect(fieldsOf(agencySchema.safeParse({ ...agency, clientHosting }))).toEqual(['clientHosting.contactLanguages']);
    const professionalLiabilityInsurance = { insurer: 'Rheinische Versicherung AG', address: 'Rheinufer 1, Köln' };
    expect(fieldsOf(agencySchema.safeParse({ ...agency, professionalLiabilityInsurance }))).toEqual([
      'professionalLiabilityInsurance.scope',
    ]);
    const { code: _eu, ...scope } = region('EU');
    const insured = { ...agency, professionalLiabilityInsurance: { ...professionalLiabilityInsurance, scope } };
    expect(agencySchema.safeParse(insured).success).toBe(true);
  });

  it('coordinates too coarse to find the door, or opening hours that end before they start', () => {
    expect(fieldsOf(agencySchema.safeParse({ ...agency, geo: { ...agency.geo, latitude: 51.092 } }))).toEqual([
      'geo.latitude',
    ]);
    // Five decimals as agency.json writes them; the number it gives has lost the last zero.
    const latitude = JSON.parse('51.09170') as number;
    expect(agencySchema.safeParse({ ...agency, geo: { ...agency.geo, latitude } }).success).toBe(true);
    const openingHours = [{ days: ['Monday'], opens: '17:00', closes: '09:00' }];
    expect(fieldsOf(agencySchema.safeParse({ ...agency, openingHours }))).toEqual(['openingHours.0']);
    const notADay = [{ days: ['Montag'], opens: '09:00', closes: '17:00' }];
    expect(fieldsOf(agencySchema.safeParse({ ...agency, openingHours: notADay }))).toEqual(['openingHours.0.days.0']);
  });

  it('a missing social network', () => {
    const social = agency.social.map((link: { network: string }) =>
      link.network === 'tiktok' ? { ...link, network: 'linkedin' } : link,
    );
    expect(fieldsOf(agencySchema.safeParse({ ...agency, social }))).toEqual(['social']);
  });

  it('a legal text without a proper date', () => {
    const result = legalPageSchema.safeParse({ title: 'AGB', description: 'x'.repeat(80), updated: 'Januar 2025' });
    expect(fieldsOf(result)).toEqual(['updated']);
  });

  it('a revision that is not later than the date the text is known by', () => {
    const page = { title: 'AGB', description: 'x'.repeat(80), updated: '2025-01' };
    expect(legalPageSchema.safeParse({ ...page, revised: '2026-11' }).success).toBe(true);
    expect(fieldsOf(legalPageSchema.safeParse({ ...page, revised: '2025-01' }))).toEqual(['revised']);
  });
});

describe('the German VAT id check digit (ISO 7064 MOD 11,10)', () => {
  it('computes the digits of valid ids', () => {
    expect(germanVatCheckDigit('31827496')).toBe(4);
    expect(germanVatCheckDigit('29451736')).toBe(6);
  });

  it('the agency’s own id passes', () => {
    const { vatId } = agency;
    expect(vatId).toMatch(/^DE\d{9}$/);
    expect(germanVatCheckDigit(vatId.slice(2, 10))).toBe(Number(vatId[10]));
    expect(fieldsOf(agencySchema.safeParse(agency))).toEqual([]);
  });
});

describe('list rules', () => {
  it('six projects, no more, no fewer', () => {
    expect(projectList.safeParse(projects.slice(0, 5)).success).toBe(false);
    expect(serviceList.safeParse(services.slice(1)).success).toBe(false);
    expect(featureList.safeParse([...features, { id: 'extra' }]).success).toBe(false);
    expect(teamList.safeParse(team.slice(0, 1)).success).toBe(false);
  });

  it('categories catering ×2, portfolio ×1, rental ×2, restaurant ×1', () => {
    const swapped = projects.map((project: { id: string }) =>
      project.id === 'uferkante' ? { ...project, category: 'catering' } : project,
    );
    const result = projectList.safeParse(swapped);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'expected 2 project(s) of category "catering", found 3',
      'expected 1 project(s) of category "restaurant", found 0',
    ]);
  });
});
