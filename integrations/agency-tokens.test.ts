import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { createSatteriMarkdownProcessor } from '@astrojs/markdown-satteri';
import { describe, expect, it } from 'vitest';
import agency from '../src/content/agency.json' with { type: 'json' };
import { locales, type Locale } from '../src/i18n/locales';
import { agencyTokens } from './agency-tokens';
import { externalLinks } from './external-links';

const facts = {
  name: 'Uferlicht <Webdesign>',
  email: 'hallo@example.org',
  partners: ['Lena Hoffmann', 'Jonas Becker'],
  legalForm: { de: 'Gesellschaft bürgerlichen Rechts', en: 'civil-law partnership' },
  hosting: { logRetentionDays: 14 },
  supervisoryAuthority: { url: 'https://www.ldi.nrw.de' },
  thirdCountries: [
    { code: 'US', de: 'USA', en: 'USA' },
    { code: 'CN', de: 'China', en: 'China' },
  ],
  clientHosting: { offered: true },
};

/** Renders Markdown as the site does, as if it were `src/content/legal/<locale>/x.md`. */
async function render(markdown: string, locale: Locale = 'de', given: object = facts) {
  const processor = await createSatteriMarkdownProcessor({
    mdastPlugins: [agencyTokens({ facts: given, root: '/site' })],
    hastPlugins: [externalLinks],
  });
  const fileURL = pathToFileURL(`/site/src/content/legal/${locale}/x.md`);
  return (await processor.render(markdown, { fileURL })).code.trim();
}

const link = (href: string, text: string) => `<a href="${href}" target="_blank" rel="noopener noreferrer">${text}</a>`;
const mailto = '<a href="mailto:hallo@example.org">hallo@example.org</a>';
/** A part that holds only with a fact, its markers on lines of their own. */
const block = (condition: string) =>
  `Before.\n\n{{#if ${condition}}}\n\n### Insurance\n\nBy {{name}}.\n\n{{/if}}\n\nAfter.`;

describe('agency facts in Markdown', () => {
  it.each([
    ['{{legalForm}}, {{ hosting.logRetentionDays }} Tage', 'de', '<p>Gesellschaft bürgerlichen Rechts, 14 Tage</p>'],
    ['{{legalForm}}', 'en', '<p>civil-law partnership</p>'],
    // Lists, also of localized names, read as the page's language joins them.
    ['{{partners}}; {{thirdCountries}}', 'de', '<p>Lena Hoffmann und Jonas Becker; USA und China</p>'],
    ['{{partners}}; {{thirdCountries.1}}', 'en', '<p>Lena Hoffmann and Jonas Becker; China</p>'],
    // A heading's anchor is made from its words as the visitor reads them.
    ['### To {{thirdCountries}}', 'en', '<h3 id="to-usa-and-china">To USA and China</h3>'],
    // A link's address and text are filled as text, however the address is written.
    [
      '[{{name}}]({{supervisoryAuthority.url}})',
      'de',
      `<p>${link('https://www.ldi.nrw.de', 'Uferlicht &lt;Webdesign&gt;')}</p>`,
    ],
    [
      '[x](<{{ supervisoryAuthority.url }}>) [{{email}}](mailto:{{email}})',
      'de',
      `<p>${link('https://www.ldi.nrw.de', 'x')} ${mailto}</p>`,
    ],
    // A part whose fact is there keeps its words, without the markers; one whose fact is missing
    // goes, tokens and all.
    [
      block('clientHosting.offered'),
      'de',
      '<p>Before.</p>\n<h3 id="insurance">Insurance</h3>\n<p>By Uferlicht &lt;Webdesign&gt;.</p>\n<p>After.</p>',
    ],
    [
      'Hosting.{{#if clientHosting.offered}} Notices to [{{email}}](mailto:{{email}}).{{/if}} End.',
      'de',
      `<p>Hosting. Notices to ${mailto}. End.</p>`,
    ],
    [block('professionalLiabilityInsurance'), 'de', '<p>Before.</p>\n<p>After.</p>'],
    [
      'A{{#if professionalLiabilityInsurance}} {{professionalLiabilityInsurance.insurer}} at [x](mailto:{{x}}){{/if}}.',
      'de',
      '<p>A.</p>',
    ],
    [
      block('professionalLiabilityInsurance').replace('{{name}}', '{{professionalLiabilityInsurance.insurer}}'),
      'de',
      '<p>Before.</p>\n<p>After.</p>',
    ],
    // A part whose fact is false goes too.
    [
      block('clientHosting.offered'),
      'de',
      '<p>Before.</p>\n<p>After.</p>',
      { ...facts, clientHosting: { offered: false } },
    ],
  ] as const)('fills %j in %s', async (markdown, locale, html, given?: object) => {
    expect(await render(markdown, locale, given)).toBe(html);
  });

  it.each([
    ['{{phoneNumber}}', 'the token {{phoneNumber}} names no text field of src/content/agency.json.'],
    ['{{hosting}}', 'the token {{hosting}} names no text field'],
    ['{{clientHosting.offered}}', 'the token {{clientHosting.offered}} names no text field'],
    ['Call `{{phone}}`', 'a token stands only in text or a link: {{phone}}'],
    [block('insurance'), 'the condition {{#if insurance}} names none of the facts a part can depend on'],
    ['{{#if clientHosting.offered}}\n\nText', '{{#if clientHosting.offered}} has no partner'],
    ['Text\n\n{{/if}}', '{{/if}} has no partner'],
    [
      '{{#if clientHosting.offered}}\n\n{{#if professionalLiabilityInsurance}}\n\nb\n\n{{/if}}\n\n{{/if}}',
      '{{#if clientHosting.offered}} holds another condition',
    ],
    ['a {{#if clientHosting.offered}} b\n\nc {{/if}}', '{{#if clientHosting.offered}} has no partner'],
    ['{{#each partners}}', '{{#each partners}} is neither a token nor a condition'],
  ])('stops the build on %j, naming the file and the token', async (markdown, message) => {
    await expect(render(markdown)).rejects.toThrow(`src/content/legal/de/x.md: ${message}`);
  });
});

const frontMatter = /^---\n[\s\S]*?\n---\n/;
it('the legal texts as written name the professional liability insurance in the imprint exactly when agency.json has one', async () => {
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
    const text = readFileSync(`src/content/legal/${locale}/impressum.md`, 'utf-8').replace(frontMatter, '');
    const withInsurance = await render(text, locale, { ...agency, professionalLiabilityInsurance: insurance });
    expect(withInsurance).toContain(`${insurance.insurer}, ${insurance.address}`);
    expect(withInsurance).toContain(insurance.scope[locale]);
    expect(withInsurance).toContain('DL-InfoV');
    const withoutIt = await render(text, locale, withoutInsurance);
    expect(withoutIt).not.toMatch(/DL-InfoV|Berufshaftpflicht|liability insurance/);
  }
});
