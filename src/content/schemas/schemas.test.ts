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
import { featureSchema, legalPageSchema, projectSchema } from './entries';
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

// That the content passes every schema and list rule, the build checks: it loads each collection with them.
it('the content as written gives at least four projects a clip and at least one none, so both card behaviours are shown', () => {
  expect(projects.filter((project) => project.video).length).toBeGreaterThanOrEqual(4);
  expect(projects.some((project) => !project.video)).toBe(true);
});

describe('bad content is rejected, naming the field', () => {
  const [project] = projects;
  const legalPage = { title: 'AGB', description: 'x'.repeat(80), updated: '2025-01' };
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
    ['an icon the site cannot draw', featureSchema, { ...features[0], icon: 'unicorn' }, ['icon']],
    ['a legal text without a proper date', legalPageSchema, { ...legalPage, updated: 'Januar 2025' }, ['updated']],
    ['a revision not later than the text’s date', legalPageSchema, { ...legalPage, revised: '2025-01' }, ['revised']],
  ])('%s', (_name, schema: z.ZodType, value, fields) => {
    expect(fieldsOf(schema.safeParse(value))).toEqual(fields);
  });

  const usa = region('US');
  const insurance = { insurer: 'Rheinische Versicherung AG', address: 'Rheinufer 1, Köln' };
  const emailJsHostedIn = (country: object, dataPrivacyFramework = true) => ({
    emailjs: { ...agency.emailjs, hosting: { ...agency.emailjs.hosting, country, dataPrivacyFramework } },
  });
  const socialWith = (index: number, changes: object) => ({
    social: agency.social.map((link, at) => (at === index ? { ...link, ...changes } : link)),
  });
  const hours = (day: string, opens: string, closes: string) => ({ openingHours: [{ days: [day], opens, closes }] });
  it.each([
    ['a phone number in the wrong form', { phone: '02173 123' }, ['phone']],
    ['a postal code in the wrong form', { postalCode: '4078' }, ['postalCode']],
    ['a VAT id in the wrong form', { vatId: '123/456/7890' }, ['vatId']],
    [
      'a mail provider outside the EU, which the privacy policy would misstate',
      { mailProvider: { ...agency.mailProvider, country: usa } },
      ['mailProvider.country'],
    ],
    ['a host outside the EU', { hosting: { ...agency.hosting, country: usa } }, ['hosting.country']],
    [
      'a country by a code that is no ISO code',
      { hosting: { ...agency.hosting, country: { ...usa, code: 'us' } } },
      ['hosting.country.code', 'hosting.country'],
    ],
    ['no mail provider', { mailProvider: undefined }, ['mailProvider']],
    [
      'a Data Privacy Framework certification outside the USA, which (EU) 2023/1795 does not cover',
      emailJsHostedIn(region('IN')),
      ['emailjs.hosting.dataPrivacyFramework'],
    ],
    [
      'a social profile without its joint-controller agreement',
      socialWith(0, { jointControllerAgreement: undefined }),
      ['social.0.jointControllerAgreement'],
    ],
    [
      'a third country without its names',
      socialWith(1, { thirdCountries: [{ code: 'CN' }] }),
      locales.map((locale) => `social.1.thirdCountries.0.${locale}`),
    ],
    ['a missing social network', socialWith(1, { network: 'linkedin' }), ['social']],
    [
      'hosting for clients without the languages of its contact point',
      { clientHosting: { offered: true, contactLanguages: [] } },
      ['clientHosting.contactLanguages'],
    ],
    [
      'insurance without its scope',
      { professionalLiabilityInsurance: insurance },
      ['professionalLiabilityInsurance.scope'],
    ],
    ['coordinates too coarse to find the door', { geo: { ...agency.geo, latitude: 51.092 } }, ['geo.latitude']],
    ['opening hours that end before they start', hours('Monday', '17:00', '09:00'), ['openingHours.0']],
    ['a day search engines do not know', hours('Montag', '09:00', '17:00'), ['openingHours.0.days.0']],
  ])('%s', (_name, changes: object, fields) => {
    expect(fieldsOf(agencySchema.safeParse({ ...agency, ...changes }))).toEqual(fields);
  });

  it.each([
    ['a VAT id with its right check digit', { vatId: 'DE318274964' }],
    [
      'a host outside the USA that claims no Data Privacy Framework certification',
      emailJsHostedIn(region('IN'), false),
    ],
    ['insurance with its scope', { professionalLiabilityInsurance: { ...insurance, scope: region('EU') } }],
    // Five decimals as agency.json writes them; the number it gives has lost the last zero.
    ['a coordinate whose fifth decimal is 0', { geo: { ...agency.geo, latitude: JSON.parse('51.09170') as number } }],
  ])('but accepts %s', (_name, changes: object) => {
    expect(fieldsOf(agencySchema.safeParse({ ...agency, ...changes }))).toEqual([]);
  });

  it('a VAT id whose check digit is wrong, naming the digit it must end in', () => {
    // The id the site once carried: its ISO 7064 MOD 11,10 check digit is 4, not 5.
    expect(describeIssues(agencySchema.safeParse({ ...agency, vatId: 'DE318274965' }).error?.issues ?? [])).toBe(
      '  vatId: fails the check digit of a German VAT id (ISO 7064 MOD 11,10): DE31827496 must end in 4',
    );
    expect(germanVatCheckDigit('29451736')).toBe(6);
  });

  it('a revision later than the text’s date is shown beside it', () => {
    expect(legalPageSchema.safeParse({ ...legalPage, revised: '2026-11' }).success).toBe(true);
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
