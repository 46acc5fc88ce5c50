import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Page } from '@playwright/test';
import { builtSiteInboxOrigin } from '../local-inbox/env.mjs';
import { E2E_PORT } from '../playwright.config';
import { isThirdCountry } from '../src/content/countries';
import { agency, expect, localizedPath, locales, test, type Locale } from './fixtures';
import { observeSite, type SiteBehaviour } from './site-behaviour';

// The privacy policy cannot drift from the code: every statement of it that depends on what the built
// site does (site-behaviour.ts watches every page, every interactive part, the form sent to the local
// inbox) is checked against what was seen, in every language.

/** Hosts other than the site's own that a page may reach, and the recipient the policy names for each. */
const recipientOfHost = new Map([
  // The local build's inbox stands in for EmailJS's API (api.emailjs.com) at this origin.
  [new URL(builtSiteInboxOrigin(E2E_PORT)).host, 'EmailJS'],
  ['api.emailjs.com', 'EmailJS'],
]);

/** Whether what a statement says holds for the site as it was seen, and what was seen. */
const holds = {
  'a visit stores nothing': (site) => {
    const seen = site.storageWrites.filter((write) => write.action === 'visit every page');
    return { true: seen.length === 0, seen };
  },
  'no cookies': (site) => {
    const seen = site.storageWrites.filter((write) => write.storage === 'cookie');
    return { true: seen.length === 0, seen };
  },
  'nothing else is stored': ({ otherStorage: seen }) => ({ true: Object.values(seen).flat().length === 0, seen }),
  'no web fonts': ({ fonts: seen }) => ({ true: seen.requests.length + seen.faces.length === 0, seen }),
  'fonts come from our server': ({ fonts: seen, siteOrigin }) => ({
    true:
      seen.requests.length + seen.faces.length > 0 && seen.requests.every((url) => new URL(url).origin === siteOrigin),
    seen,
  }),
  'files come from our own server': ({ requests, siteOrigin }) => {
    const ownFiles = ['image', 'media', 'script', 'stylesheet', 'font'];
    const seen = requests.filter(
      ({ url, resourceType }) => new URL(url).origin !== siteOrigin && ownFiles.includes(resourceType),
    );
    return { true: seen.length === 0, seen };
  },
  'the form sends straight to EmailJS': ({ form }) => {
    const seen = [
      ...new Set(Object.values(form).flatMap(({ sent }) => sent.map((email) => new URL(email.origin).host))),
    ];
    return { true: seen.every((host) => recipientOfHost.get(host) === 'EmailJS'), seen };
  },
} satisfies Record<string, (site: SiteBehaviour) => { true: boolean; seen: unknown }>;

/** What the policy states only as long as the site does it. */
type Statement = keyof typeof holds;

/** The policy's statements that depend on the code, as each language words them. */
const policy = {
  de: {
    storage: 'Speicherungen in Ihrem Browser',
    // Which words the "when" column uses for what the visitor did.
    actionWords: {
      'visit every page': /Aufruf|aufrufen|besuchen/,
      'hover the project videos': /Projekt|Video/,
      'open a team member': /Team/,
      'type into the contact form': /Kontaktformular/,
      'send the contact form': /Kontaktformular/,
      'toggle the theme': /Design/,
      'switch the language': /Sprache/,
    },
    states: {
      'a visit stores nothing':
        'Beim bloßen Aufrufen und Lesen unserer Seiten speichert die Website nichts auf Ihrem Gerät.',
      'no cookies': 'Keine Cookies',
      'nothing else is stored': 'Darüber hinaus legt diese Website nichts auf Ihrem Gerät ab',
      'no web fonts':
        'Keine Webfonts: Wir laden keine Schriftarten; Texte erscheinen in den Systemschriften Ihres Geräts.',
      'fonts come from our server': /Schriftarten[^.]*unserem[^.]*Server/,
      'files come from our own server': 'Bilder, Videos, Skripte und Stylesheets kommen von unserem eigenen Webserver.',
      'the form sends straight to EmailJS':
        'Ihre Angaben werden direkt aus Ihrem Browser verschlüsselt an den Dienst EmailJS übermittelt',
    },
    formFields: 'Welche Daten wir erheben',
    // "Name (Pflichtfeld)": the label, and whether it is required.
    fieldItem: /^(.+) \((?:(Pflichtfeld)|freiwillig)\)$/,
    autoReply: 'Automatische Eingangsbestätigung',
    transfer: 'Übermittlung in Drittländer',
  },
  en: {
    storage: 'Storage in your browser',
    actionWords: {
      'visit every page': /visit/i,
      'hover the project videos': /project|video/i,
      'open a team member': /team/i,
      'type into the contact form': /contact form/i,
      'send the contact form': /contact form/i,
      'toggle the theme': /design|theme|colour scheme/i,
      'switch the language': /language/i,
    },
    states: {
      'a visit stores nothing': 'Merely visiting and reading our pages stores nothing on your device.',
      'no cookies': 'No cookies',
      'nothing else is stored': 'Beyond that, this website stores nothing on your device',
      'no web fonts': 'No web fonts: We load no fonts; text appears in your device’s system fonts.',
      'fonts come from our server': /fonts[^.]*our[^.]*server/i,
      'files come from our own server': 'Images, videos, scripts and stylesheets come from our own web server.',
      'the form sends straight to EmailJS':
        'Your information is transmitted in encrypted form directly from your browser to the EmailJS service',
    },
    formFields: 'What data we collect',
    fieldItem: /^(.+) \((?:(required)|optional)\)$/,
    autoReply: 'Automatic confirmation',
    transfer: 'Transfer to third countries',
  },
} satisfies Record<Locale, { states: Record<Statement, string | RegExp> } & Record<string, unknown>>;

interface Processor {
  path: string;
  provider: string;
  country: { code: string } & Record<Locale, string>;
}

/** Every processor agency.json names: each entry with a provider and the country it sits in. */
function processorsIn(node: unknown, path = ''): Processor[] {
  if (node === null || typeof node !== 'object') return [];
  const here = node as Record<string, unknown>;
  const found: Processor[] = [];
  const country = here.country as Processor['country'] | undefined;
  if (typeof here.provider === 'string' && typeof country?.code === 'string') {
    found.push({ path: path || '(top)', provider: here.provider, country });
  }
  for (const [key, value] of Object.entries(here)) found.push(...processorsIn(value, path ? `${path}.${key}` : key));
  return found;
}

/** Country names a text may use: every region the browser's data knows, plus the names agency.json gives. */
function countryNamesIn(text: string, locale: Locale): Set<string> {
  const names = new Intl.DisplayNames([locale], { type: 'region' });
  const known = new Map<string, string>();
  for (let first = 65; first <= 90; first++) {
    for (let second = 65; second <= 90; second++) {
      const code = String.fromCharCode(first, second);
      const name = names.of(code);
      if (name && name !== code) known.set(name, code);
    }
  }
  for (const { country } of processorsIn(agency)) known.set(country[locale], country.code);
  for (const link of agency.social) for (const country of link.thirdCountries) known.set(country[locale], country.code);
  const escape = (name: string) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new Set(
    [...known]
      .filter(([name]) => new RegExp(`(^|[^\\p{L}])${escape(name)}($|[^\\p{L}])`, 'u').test(text))
      .map(([, code]) => code),
  );
}

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The part of the privacy policy under the heading that starts with `heading`, up to the next heading. */
const section = (page: Page, heading: string) => {
  const isHeading = `starts-with(normalize-space(), "${heading}")`;
  return page.locator(
    `xpath=//*[@data-legal-page="datenschutz"]//h3[${isHeading}]/following-sibling::*` +
      `[not(self::h2 or self::h3)][preceding-sibling::*[self::h2 or self::h3][1][${isHeading}]]`,
  );
};
const sectionText = async (page: Page, heading: string) =>
  collapse((await section(page, heading).allTextContents()).join(' '));

let site: SiteBehaviour;
/** Every page read top to bottom and every interaction, in every language: about a minute on a slow machine. */
const OBSERVATION_TIMEOUT_MS = 180_000;

test.describe('the privacy policy describes what the built site does', () => {
  // One observation of the whole site serves every check; the checks run in order in one worker.
  test.describe.configure({ mode: 'default' });

  test.beforeAll(async ({ browser }, testInfo) => {
    testInfo.setTimeout(OBSERVATION_TIMEOUT_MS);
    // A failed check restarts the worker and with it this hook: the run's output folder, emptied at
    // the start of every run, keeps the observation for the checks that follow.
    const saved = join(testInfo.project.outputDir, 'privacy-drift-site-behaviour.json');
    if (existsSync(saved)) {
      site = JSON.parse(readFileSync(saved, 'utf-8'));
      return;
    }
    site = await observeSite(browser, testInfo.project.use.baseURL!);
    mkdirSync(dirname(saved), { recursive: true });
    writeFileSync(saved, JSON.stringify(site));
  });

  const open = async (page: Page, locale: Locale) => {
    await page.goto(localizedPath('/datenschutz/', locale));
    return collapse((await page.locator('[data-legal-page="datenschutz"]').textContent()) ?? '');
  };

  for (const locale of locales) {
    const says = policy[locale];

    test(`(${locale}) names each entry the site stores in the browser, and when, and no other`, async ({ page }) => {
      await open(page, locale);
      const rows = await section(page, says.storage)
        .locator('tbody tr')
        .evaluateAll((trs) => trs.map((tr) => [...tr.children].map((cell) => cell.textContent?.trim() ?? '')));
      // Entry, storage, when: each row names one entry and the visitor's action that writes it.
      const named = new Map(rows.map(([key, storage, when]) => [`${storage} ${key}`, when ?? '']));
      const written = site.storageWrites.map((write) => ({
        ...write,
        entry: `${write.storage === 'cookie' ? 'Cookie' : write.storage} ${write.key}`,
      }));
      expect([...named.keys()].sort(), 'entries the policy names vs. entries the site writes').toEqual(
        written.map((write) => write.entry).sort(),
      );
      for (const { entry, action } of written) {
        expect(named.get(entry), `${entry} is written when the visitor does this: ${action}`).toMatch(
          says.actionWords[action],
        );
      }
    });

    for (const statement of Object.keys(holds) as Statement[]) {
      test(`(${locale}) says "${statement}" exactly when it is so`, async ({ page }) => {
        const text = await open(page, locale);
        const wording = says.states[statement];
        const { true: isSo, seen } = holds[statement](site);
        const stated = typeof wording === 'string' ? text.includes(wording) : wording.test(text);
        expect(stated, `"${wording}", and the site did: ${JSON.stringify(seen)}`).toBe(isSo);
      });
    }

    test(`(${locale}) names the recipient of every host a page requests`, async ({ page }) => {
      const text = await open(page, locale);
      const foreign = site.requests.filter((request) => new URL(request.url).origin !== site.siteOrigin);
      for (const request of foreign) {
        const host = new URL(request.url).host;
        const recipient = recipientOfHost.get(host);
        expect(
          recipient,
          `${request.url} (${request.resourceType}) goes to a host no recipient stands for`,
        ).toBeDefined();
        expect(text, `the recipient of ${host}`).toContain(recipient!);
      }
    });

    test(`(${locale}) lists the fields the form sends`, async ({ page }) => {
      await open(page, locale);
      const { fields, typed, sent } = site.form[locale];
      const [notification] = sent;
      expect(notification, 'the form sent its notification').toBeDefined();
      // The visitor's data: what they typed. Fixed values such as `to_name` are the agency's.
      const visitorKeys = Object.keys(notification!.params).filter((key) => notification!.params[key] === typed[key]);
      const sentFields = fields.filter((field) => visitorKeys.includes(field.key));
      expect(sentFields.map((field) => field.key).sort(), 'every field sent is a field of the form').toEqual(
        visitorKeys.sort(),
      );
      const listed = (await section(page, says.formFields).locator('li').allTextContents()).map((item) => {
        const [, label, required] = item.match(says.fieldItem) ?? [item, item];
        return `${label} (${required ? 'required' : 'optional'})`;
      });
      expect(listed.sort(), 'the fields the policy lists vs. the fields the form sends').toEqual(
        sentFields.map((field) => `${field.label} (${field.required ? 'required' : 'optional'})`).sort(),
      );
    });

    test(`(${locale}) names what the automatic confirmation repeats, and nothing it leaves out`, async ({ page }) => {
      await open(page, locale);
      const { fields, typed, sent } = site.form[locale];
      expect(sent, 'the form sent a notification and a confirmation').toHaveLength(2);
      const confirmation = sent[1]!.params;
      const confirmationText = await sectionText(page, says.autoReply);
      for (const field of fields) {
        const repeated = confirmation[field.key] === typed[field.key];
        expect(
          confirmationText.toLowerCase().includes(field.label.toLowerCase()),
          `the confirmation ${repeated ? 'repeats' : 'leaves out'} the field "${field.label}"`,
        ).toBe(repeated);
      }
    });

    test(`(${locale}) names every processor in agency.json and the third country each sits in`, async ({ page }) => {
      const text = await open(page, locale);
      const transfer = await sectionText(page, says.transfer);
      const processors = processorsIn(agency);
      expect(processors.map((processor) => processor.path)).toContain('emailjs');
      const thirdCountries = new Set<string>();
      for (const { path, provider, country } of processors) {
        expect(text, `the processor ${path}`).toContain(provider);
        if (!isThirdCountry(country.code)) continue;
        thirdCountries.add(country.code);
        expect(transfer, `the third country of ${path} (${provider})`).toContain(country[locale]);
      }
      expect(
        [...countryNamesIn(transfer, locale)].filter(isThirdCountry).sort(),
        'third countries the transfer section names vs. those its processors sit in',
      ).toEqual([...thirdCountries].sort());
    });
  }
});
