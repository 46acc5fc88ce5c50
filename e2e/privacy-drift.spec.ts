import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Page } from '@playwright/test';
import { builtSiteInboxOrigin } from '../local-inbox/env.mjs';
import { E2E_PORT } from '../playwright.config';
import { isThirdCountry } from '../src/content/countries';
import { agency, expect, localizedPath, locales, test, type Locale } from './fixtures';
import { legalText, listAfter, sectionText, tableRows } from './legal-text';
import { observeSite, type SiteBehaviour, type StorageKind, type VisitorAction } from './site-behaviour';

/**
 * The privacy policy cannot drift from the code. The site's behaviour is derived by using the built
 * site (every page, every interactive part, the form sent to the local inbox), and every statement of
 * the policy that depends on it is checked against what was seen, in every language. A web font, a
 * storage entry, a host or a processor added or removed without changing the text fails here.
 */

/** The policy's statements that depend on the code, as each language words them. */
const policy = {
  de: {
    storageTableHeader: 'Eintrag',
    storageNames: { localStorage: 'localStorage', sessionStorage: 'sessionStorage', cookie: 'Cookie' },
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
    nothingOnVisit: 'Beim bloßen Aufrufen und Lesen unserer Seiten speichert die Website nichts auf Ihrem Gerät.',
    noCookies: 'Keine Cookies',
    nothingElse: 'Darüber hinaus legt diese Website nichts auf Ihrem Gerät ab',
    noWebFonts: 'Keine Webfonts: Wir laden keine Schriftarten; Texte erscheinen in den Systemschriften Ihres Geräts.',
    fontsOnOurServer: /Schriftarten[^.]*unserem[^.]*Server/,
    ownServer: 'Bilder, Videos, Skripte und Stylesheets kommen von unserem eigenen Webserver.',
    formDirect: 'Ihre Angaben werden direkt aus Ihrem Browser verschlüsselt an den Dienst EmailJS übermittelt',
    formFields: 'Welche Daten wir erheben',
    fieldItem: /^(.+) \((Pflichtfeld|freiwillig)\)$/,
    required: 'Pflichtfeld',
    autoReply: 'Automatische Eingangsbestätigung',
    transfer: /^Übermittlung in Drittländer/,
    social: 'Unsere Profile in sozialen Netzwerken',
  },
  en: {
    storageTableHeader: 'Entry',
    storageNames: { localStorage: 'localStorage', sessionStorage: 'sessionStorage', cookie: 'Cookie' },
    actionWords: {
      'visit every page': /visit/i,
      'hover the project videos': /project|video/i,
      'open a team member': /team/i,
      'type into the contact form': /contact form/i,
      'send the contact form': /contact form/i,
      'toggle the theme': /design|theme|colour scheme/i,
      'switch the language': /language/i,
    },
    nothingOnVisit: 'Merely visiting and reading our pages stores nothing on your device.',
    noCookies: 'No cookies',
    nothingElse: 'Beyond that, this website stores nothing on your device',
    noWebFonts: 'No web fonts: We load no fonts; text appears in your device’s system fonts.',
    fontsOnOurServer: /fonts[^.]*our[^.]*server/i,
    ownServer: 'Images, videos, scripts and stylesheets come from our own web server.',
    formDirect: 'Your information is transmitted in encrypted form directly from your browser to the EmailJS service',
    formFields: 'What data we collect',
    fieldItem: /^(.+) \((required|optional)\)$/,
    required: 'required',
    autoReply: 'Automatic confirmation',
    transfer: /^Transfer to third countries/,
    social: 'Our profiles on social networks',
  },
} satisfies Record<Locale, Record<string, unknown>>;

/** Hosts other than the site's own that a page may reach, and the recipient the policy names for each. */
const recipientOfHost = new Map([
  // The local build's inbox stands in for EmailJS's API (api.emailjs.com) at this origin.
  [new URL(builtSiteInboxOrigin(E2E_PORT)).host, 'EmailJS'],
  ['api.emailjs.com', 'EmailJS'],
]);

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
    return legalText(page, 'datenschutz');
  };
  const states = (text: string, statement: string | RegExp) =>
    typeof statement === 'string' ? text.includes(statement) : statement.test(text);

  for (const locale of locales) {
    const says = policy[locale];

    test(`(${locale}) names every entry the site writes to browser storage, when it writes it, and no other`, async ({
      page,
    }) => {
      await open(page, locale);
      const rows = await tableRows(page, 'datenschutz', says.storageTableHeader);
      const named = rows.map(([key, storage, when]) => ({
        entry: `${storage} ${key}`,
        when: when ?? '',
      }));
      const written = site.storageWrites.map((write) => ({
        ...write,
        entry: `${says.storageNames[write.storage]} ${write.key}`,
      }));
      expect(named.map((row) => row.entry).sort(), 'entries the policy names vs. entries the site writes').toEqual(
        written.map((write) => write.entry).sort(),
      );
      for (const write of written) {
        const row = named.find((candidate) => candidate.entry === write.entry)!;
        expect(row.when, `${write.entry} is written when the visitor does this: ${write.action}`).toMatch(
          says.actionWords[write.action as VisitorAction],
        );
      }
    });

    test(`(${locale}) says a visit stores nothing exactly when a visit stores nothing`, async ({ page }) => {
      const text = await open(page, locale);
      const onVisit = site.storageWrites.filter((write) => write.action === 'visit every page');
      expect(states(text, says.nothingOnVisit), `written on a mere visit: ${JSON.stringify(onVisit)}`).toBe(
        onVisit.length === 0,
      );
    });

    test(`(${locale}) says "no cookies" exactly when the site sets none`, async ({ page }) => {
      const text = await open(page, locale);
      const cookies = site.storageWrites.filter((write) => write.storage === ('cookie' satisfies StorageKind));
      expect(states(text, says.noCookies), `cookies set: ${JSON.stringify(cookies)}`).toBe(cookies.length === 0);
    });

    test(`(${locale}) says nothing else is stored exactly when no database, cache or service worker is left`, async ({
      page,
    }) => {
      const text = await open(page, locale);
      const { indexedDb, caches, serviceWorkers } = site.otherStorage;
      const other = [...indexedDb, ...caches, ...serviceWorkers];
      expect(states(text, says.nothingElse), `also stored: ${JSON.stringify(site.otherStorage)}`).toBe(
        other.length === 0,
      );
    });

    test(`(${locale}) speaks of web fonts exactly as the site loads them`, async ({ page }) => {
      const text = await open(page, locale);
      const { requests, faces } = site.fonts;
      const loadsFonts = requests.length > 0 || faces.length > 0;
      const fromOwnServer = requests.every((url) => new URL(url).origin === site.siteOrigin);
      const seen = `font files requested: ${JSON.stringify(requests)}; font faces: ${JSON.stringify(faces)}`;
      expect.soft(states(text, says.noWebFonts), `"${says.noWebFonts}" — ${seen}`).toBe(!loadsFonts);
      expect
        .soft(states(text, says.fontsOnOurServer), `a sentence on fonts from our server — ${seen}`)
        .toBe(loadsFonts && fromOwnServer);
    });

    test(`(${locale}) names the recipient of every host a page requests; the site's files come from its own server`, async ({
      page,
    }) => {
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
      const ownFiles = ['image', 'media', 'script', 'stylesheet', 'font'];
      const filesElsewhere = foreign.filter((request) => ownFiles.includes(request.resourceType));
      expect(states(text, says.ownServer), `files from other hosts: ${JSON.stringify(filesElsewhere)}`).toBe(
        filesElsewhere.length === 0,
      );
    });

    test(`(${locale}) lists the fields the form sends, and says where it sends them`, async ({ page }) => {
      const text = await open(page, locale);
      const { fields, typed, sent } = site.form[locale];
      const [notification] = sent;
      expect(notification, 'the form sent its notification').toBeDefined();
      // The visitor's data: what they typed. Fixed values such as `to_name` are the agency's.
      const visitorKeys = Object.keys(notification!.params).filter((key) => notification!.params[key] === typed[key]);
      const sentFields = fields.filter((field) => visitorKeys.includes(field.key));
      expect(sentFields.map((field) => field.key).sort(), 'every field sent is a field of the form').toEqual(
        visitorKeys.sort(),
      );
      const listed = (await listAfter(page, 'datenschutz', says.formFields)).map((item) => {
        const [, label, requirement] = item.match(says.fieldItem) ?? [item, item, ''];
        return `${label} (${requirement === says.required ? 'required' : 'optional'})`;
      });
      expect(listed.sort(), 'the fields the policy lists vs. the fields the form sends').toEqual(
        sentFields.map((field) => `${field.label} (${field.required ? 'required' : 'optional'})`).sort(),
      );
      const destinations = new Set(sent.map((email) => new URL(email.origin).host));
      const direct = [...destinations].every((host) => recipientOfHost.get(host) === 'EmailJS');
      expect(states(text, says.formDirect), `the form sends to ${[...destinations].join(', ')}`).toBe(direct);
    });

    test(`(${locale}) names what the automatic confirmation repeats, and nothing it leaves out`, async ({ page }) => {
      await open(page, locale);
      const { fields, typed, sent } = site.form[locale];
      expect(sent, 'the form sent a notification and a confirmation').toHaveLength(2);
      const confirmation = sent[1]!.params;
      const section = await sectionText(page, 'datenschutz', says.autoReply);
      for (const field of fields) {
        const repeated = confirmation[field.key] === typed[field.key];
        expect(
          section.toLowerCase().includes(field.label.toLowerCase()),
          `the confirmation ${repeated ? 'repeats' : 'leaves out'} the field "${field.label}"`,
        ).toBe(repeated);
      }
    });

    test(`(${locale}) names every processor in agency.json and the third country each sits in`, async ({ page }) => {
      const text = await open(page, locale);
      const transfer = await sectionText(page, 'datenschutz', says.transfer);
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

    test(`(${locale}) names each social platform's third countries and joint-controller agreement`, async ({
      page,
    }) => {
      await open(page, locale);
      const section = await sectionText(page, 'datenschutz', says.social);
      for (const link of agency.social) {
        for (const country of link.thirdCountries)
          expect(section, `${link.label}: ${country.code}`).toContain(country[locale]);
        await expect(
          page.locator(`[data-legal-page="datenschutz"] a[href="${link.jointControllerAgreement}"]`),
        ).toHaveCount(1);
      }
    });
  }
});
