import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import agency from './agency.json' with { type: 'json' };
import { fillAgencyTokens, type KnownField } from './agency-tokens';
import { schemaHasField } from './schema-fields';
import { agencySchema } from './schemas/agency';
import { locales, type Locale } from '../i18n/locales';

const facts = {
  name: 'Uferlicht <Webdesign>',
  partners: ['Lena Hoffmann', 'Jonas Becker'],
  legalForm: { de: 'Gesellschaft bürgerlichen Rechts', en: 'civil-law partnership' },
  hosting: { logRetentionDays: 14 },
  supervisoryAuthority: { url: 'https://www.ldi.nrw.de' },
  thirdCountries: [
    { code: 'US', de: 'USA', en: 'USA' },
    { code: 'CN', de: 'China', en: 'China' },
  ],
  clientHosting: { offered: true },
  noHosting: { offered: false },
};
const declared = ['clientHosting', 'clientHosting.offered', 'noHosting', 'noHosting.offered', 'insurance'];
const knownField: KnownField = (path) => declared.includes(path);
const fill = (html: string, locale: Locale = 'de', source = 'x.md') =>
  fillAgencyTokens(html, facts, locale, source, knownField);

describe('fillAgencyTokens', () => {
  it('fills text, numbers, nested fields and localized fields', () => {
    expect(fill('<p>{{legalForm}}, {{ hosting.logRetentionDays }} Tage</p>')).toBe(
      '<p>Gesellschaft bürgerlichen Rechts, 14 Tage</p>',
    );
    expect(fill('{{legalForm}}', 'en')).toBe('civil-law partnership');
  });

  it('joins lists, also of localized names, in the page’s language', () => {
    expect(fill('{{partners}}')).toBe('Lena Hoffmann und Jonas Becker');
    expect(fill('{{partners}}', 'en')).toBe('Lena Hoffmann and Jonas Becker');
    expect(fill('{{thirdCountries}}')).toBe('USA und China');
    expect(fill('{{thirdCountries.1}}', 'en')).toBe('China');
  });

  it('fills tokens that Markdown percent-encoded inside link targets', () => {
    expect(fill('<a href="%7B%7BsupervisoryAuthority.url%7D%7D">')).toBe('<a href="https://www.ldi.nrw.de">');
  });

  it('fills link targets and escapes the values as HTML', () => {
    expect(fill('<a href="{{supervisoryAuthority.url}}">{{name}}</a>')).toBe(
      '<a href="https://www.ldi.nrw.de">Uferlicht &#60;Webdesign&#62;</a>',
    );
  });

  it('stops the build on a token that names no fact, naming the file and the token', () => {
    expect(() => fill('{{phoneNumber}}', 'de', 'src/content/legal/de/impressum.md')).toThrow(
      'src/content/legal/de/impressum.md: the token {{phoneNumber}} names no text field of src/content/agency.json.',
    );
    expect(() => fill('{{hosting}}')).toThrow('{{hosting}}');
    expect(() => fill('{{clientHosting.offered}}')).toThrow('{{clientHosting.offered}}');
  });
});

describe('parts that depend on an optional fact', () => {
  // How Markdown renders markers written on lines of their own.
  const block = (condition: string) =>
    `<p>Before.</p>\n<p>{{#if ${condition}}}</p>\n<h3>Insurance</h3>\n<p>By {{name}}.</p>\n<p>{{/if}}</p>\n<p>After.</p>`;

  it('keeps a part whose fact is there, without its markers', () => {
    expect(fill(block('clientHosting.offered'))).toBe(
      '<p>Before.</p>\n<h3>Insurance</h3>\n<p>By Uferlicht &#60;Webdesign&#62;.</p>\n<p>After.</p>',
    );
    expect(fill('<p>Hosting.{{#if clientHosting}} Notices to us.{{/if}} End.</p>')).toBe(
      '<p>Hosting. Notices to us. End.</p>',
    );
  });

  it('drops a part whose fact is missing or false, with the tokens inside it', () => {
    expect(fill(block('insurance'))).toBe('<p>Before.</p>\n<p>After.</p>');
    expect(fill(block('noHosting.offered'))).toBe('<p>Before.</p>\n<p>After.</p>');
    expect(fill('<p>A{{#if insurance}} {{insurance.insurer}}{{/if}}.</p>')).toBe('<p>A.</p>');
  });

  it('stops the build on a condition the schema does not declare, naming the file and the condition', () => {
    expect(() => fill(block('insurace'), 'de', 'src/content/legal/de/impressum.md')).toThrow(
      "src/content/legal/de/impressum.md: the condition {{#if insurace}} names no field of src/content/agency.json's schema.",
    );
  });

  it('stops the build on a marker without its partner, a nested condition, or words cut across paragraphs', () => {
    expect(() => fill('<p>{{#if insurance}}</p><p>Text</p>')).toThrow('{{#if insurance}} has no partner');
    expect(() => fill('<p>Text {{/if}}</p>')).toThrow('{{/if}} has no partner');
    expect(() => fill('<p>{{#if insurance}} a {{#if clientHosting}} b {{/if}} c {{/if}}</p>')).toThrow(
      'conditions cannot be nested',
    );
    expect(() => fill('<p>a {{#if insurance}} b</p><p>c {{/if}}</p>')).toThrow('must end in the same paragraph');
  });
});

describe('the legal texts as written', () => {
  const texts = locales.flatMap((locale) =>
    readdirSync(`src/content/legal/${locale}`).map((file) => `src/content/legal/${locale}/${file}`),
  );
  const knownAgencyField: KnownField = (path) => schemaHasField(agencySchema, path);

  it('ask only about fields the agency schema declares', () => {
    const conditions = texts.flatMap((file) =>
      [...readFileSync(file, 'utf-8').matchAll(/\{\{#if\s+([\w.]+)\s*\}\}/g)].map((match) => match[1]),
    );
    expect(conditions).toContain('professionalLiabilityInsurance');
    expect(conditions).toContain('clientHosting.offered');
    for (const condition of conditions) expect(knownAgencyField(condition), condition).toBe(true);
  });

  it('name the professional liability insurance in the imprint exactly when agency.json has one', () => {
    const insurance = {
      insurer: 'Rheinische Versicherung AG',
      address: 'Rheinufer 1, 50667 Köln',
      // "European Union" in each language of the site, as the browser's own data names the region.
      scope: Object.fromEntries(
        locales.map((locale) => [locale, new Intl.DisplayNames([locale], { type: 'region' }).of('EU') ?? 'EU']),
      ) as Record<Locale, string>,
    };
    const { professionalLiabilityInsurance: _none, ...withoutInsurance } = { ...agency } as Record<string, unknown>;
    for (const locale of locales) {
      const file = `src/content/legal/${locale}/impressum.md`;
      const imprint = (facts: Record<string, unknown>) =>
        fillAgencyTokens(readFileSync(file, 'utf-8'), facts, locale, file, knownAgencyField);
      const withInsurance = imprint({ ...agency, professionalLiabilityInsurance: insurance });
      expect(withInsurance).toContain(`${insurance.insurer}, ${insurance.address}`);
      expect(withInsurance).toContain(insurance.scope[locale]);
      expect(withInsurance).toContain('DL-InfoV');
      expect(imprint(withoutInsurance)).not.toMatch(/DL-InfoV|Berufshaftpflicht|liability insurance/);
    }
  });
});
