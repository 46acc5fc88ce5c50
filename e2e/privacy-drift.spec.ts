import type { Page } from '@playwright/test';
import { builtSiteInboxOrigin } from '../local-inbox/env.ts';
import { E2E_PORT } from '../playwright.config';
import { isThirdCountry } from '../src/content/countries';
import { autoReplyTemplateName, emailTemplates, loadEmailTemplate, shownParams } from '../src/emails/templates';
import { checkField, contactFields, type ContactField } from '../src/lib/contact/message';
import { contactForm, visitor } from './contact-fixtures';
import { agency, expect, getTranslator, localizedPath, locales, test, type Locale } from './fixtures';
import { everyPage, readThrough } from './site-behaviour';
import { languageLink } from './site-parts';

// The privacy policy cannot drift from the code: every statement of it that depends on what the built
// site does is checked against what a browser saw it do (every page read, every interactive part used,
// the form sent to the local inbox), in every language; the processors, against agency.json.

/**
 * The hosts other than the site's own that sending the form may reach: EmailJS's, a recipient the policy
 * names (the processors' test below proves it). The local build's inbox stands in for its API at this origin.
 */
const emailJsHosts = [new URL(builtSiteInboxOrigin(E2E_PORT)).host, 'api.emailjs.com'];

/** Which words the storage table's "when" column uses for what the visitor did, in each language. */
const actionWords: Record<VisitorAction, Record<Locale, RegExp>> = {
  'visit every page': { de: /Aufruf|aufrufen|besuchen/, en: /visit/i },
  'hover the project videos': { de: /Projekt|Video/, en: /project|video/i },
  'open a team member': { de: /Team/, en: /team/i },
  'type into the contact form': { de: /Kontaktformular/, en: /contact form/i },
  'send the contact form': { de: /Kontaktformular/, en: /contact form/i },
  'toggle the theme': { de: /Design/, en: /design|theme|colour scheme/i },
  'switch the language': { de: /Sprache/, en: /language/i },
};

/** The headings of the policy's sections that depend on the code, in each language. */
const policy = {
  de: {
    storage: 'Speicherungen in Ihrem Browser',
    transfer: 'Übermittlung in Drittländer',
    formFields: 'Welche Daten wir erheben',
    // "Name (Pflichtfeld)": the label, and whether it is required.
    required: 'Pflichtfeld',
    optional: 'freiwillig',
    autoReply: 'Automatische Eingangsbestätigung',
  },
  en: {
    storage: 'Storage in your browser',
    transfer: 'Transfer to third countries',
    formFields: 'What data we collect',
    required: 'required',
    optional: 'optional',
    autoReply: 'Automatic confirmation',
  },
} satisfies Record<Locale, Record<string, string>>;

interface Processor {
  path: string;
  provider: string;
  country: { code: string } & Record<Locale, string>;
}

/**
 * Every processor agency.json names, by its key: each entry with a provider and the country it sits in,
 * however deep (JSON.parse hands its reviver every object of the tree).
 */
const processors: Processor[] = [];
JSON.parse(JSON.stringify(agency), (path, value: Partial<Processor> | null) => {
  if (typeof value?.provider === 'string' && typeof value.country?.code === 'string')
    processors.push({ ...value, path } as Processor);
  return value;
});

/** Country names a text may use: every region the browser's data knows, plus the names agency.json gives. */
function countryNamesIn(text: string, locale: Locale): Set<string> {
  const names = new Intl.DisplayNames([locale], { type: 'region' });
  const letters = Array.from({ length: 26 }, (_, index) => String.fromCharCode(65 + index));
  const codes = letters.flatMap((first) => letters.map((second) => first + second));
  const given = [...processors.map(({ country }) => country), ...agency.social.flatMap((link) => link.thirdCountries)];
  const known = [
    ...codes.map((code) => [names.of(code) ?? code, code]).filter(([name, code]) => name !== code),
    ...given.map((country) => [country[locale], country.code]),
  ];
  const escape = (name: string) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const named = ([name]: string[]) => new RegExp(`(^|[^\\p{L}])${escape(name)}($|[^\\p{L}])`, 'u').test(text);
  return new Set(known.filter(named).map(([, code]) => code));
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

/**
 * Records every cookie the page sees change, from before any of the site's scripts run, so even a
 * cookie that is set and removed again is seen, whether `document.cookie` or the Cookie Store set it.
 */
function recordCookieWrites() {
  cookieStore.addEventListener('change', ({ changed, deleted }) => {
    for (const { name } of [...changed, ...deleted])
      (window as unknown as { __recordCookie?: (name?: string) => void }).__recordCookie?.(name);
  });
}

/**
 * What a visitor does on the landing page, in each language in turn, in this order; the last step
 * leads on to the next language. That the site does it right is the journeys' to prove: here each
 * step only waits until it is done, so what it stores is seen.
 */
const interactions = {
  'hover the project videos': async (page: Page) => {
    for (const card of await page.locator('[data-project][data-has-video="true"]').all()) {
      // Hovered where its code has come to life, so what a video stores is this step's.
      await card.scrollIntoViewIfNeeded();
      await expect(card.locator('astro-island:not([ssr])')).toBeAttached();
      await card.hover();
      await expect(card.locator('video')).toHaveAttribute('data-playing', 'true');
    }
    await page.mouse.move(0, 0);
  },
  'open a team member': async (page: Page) => {
    await page.locator('#about').scrollIntoViewIfNeeded();
    await page.locator('[data-team-member] button').first().click();
    await expect(page.locator('[data-team-dialog]:modal')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.locator('[data-team-dialog][open]')).toHaveCount(0);
  },
  'type into the contact form': async (page: Page, locale: Locale) => {
    const form = contactForm(page, locale);
    await form.hydratedAgain();
    await form.fill(visitor(`privacy-drift-${locale}`));
  },
  'send the contact form': async (page: Page, locale: Locale) => {
    const form = contactForm(page, locale);
    await form.submit.click();
    await expect(form.success).not.toBeEmpty();
    // The submission ends once the confirmation is sent too.
    await expect(form.submit).toBeEnabled();
  },
  'toggle the theme': async (page: Page) => {
    await page.locator('[data-theme-toggle]').click();
  },
  'switch the language': async (page: Page, locale: Locale) => {
    // To the next language of the registry, the last one back to the first.
    const next = locales[(locales.indexOf(locale) + 1) % locales.length];
    await page.locator(languageLink(next)).click();
    await page.waitForURL(new RegExp(`${localizedPath('/', next)}$`));
  },
};

/** What a visitor does, in the order the observation does it. */
type VisitorAction = 'visit every page' | keyof typeof interactions;

const openPolicy = async (page: Page, locale: Locale) => {
  await page.goto(localizedPath('/datenschutz/', locale));
  return collapse((await page.locator('[data-legal-page="datenschutz"]').textContent()) ?? '');
};

test.describe(() => {
  // Reading every page reads the 404 page, whose 404 answer Chromium logs as an error.
  test.use({ expectedConsoleErrors: /status of 404 \(Not Found\)/ });

  // One observation of the whole site serves every check that needs it; each check is soft, so all report.
  test('the privacy policy names what the built site stores, and the site reaches no host but its recipient', async ({
    context,
    page,
    baseURL,
  }) => {
    // Every page read to its end, then every interaction in every language, with what each stores and
    // requests: about a minute on a slow machine.
    test.setTimeout(180_000);
    let action: VisitorAction = 'visit every page';
    const requests: { url: string; type: string; action: VisitorAction }[] = [];
    const storageWrites: { storage: string; key: string; action: VisitorAction }[] = [];
    const noteWrite = (storage: string, key: string) => {
      if (!storageWrites.some((write) => write.storage === storage && write.key === key)) {
        storageWrites.push({ storage, key, action });
      }
    };
    // Every write to Web Storage, `setItem` or not, even of an entry removed again, as the browser's
    // developer tools see it.
    const devtools = await context.newCDPSession(page);
    devtools.on('DOMStorage.domStorageItemAdded', ({ storageId, key }) =>
      noteWrite(storageId.isLocalStorage ? 'localStorage' : 'sessionStorage', key),
    );
    await devtools.send('DOMStorage.enable');
    await page.exposeBinding('__recordCookie', (_source, name: string) => noteWrite('cookie', name));
    await page.addInitScript(recordCookieWrites);
    page.on('request', (request) => requests.push({ url: request.url(), type: request.resourceType(), action }));

    /**
     * Attributes what is stored now to the action under way: a round trip on the developer tools'
     * session brings every storage event sent before it, and the context holds the cookies a server set.
     */
    const noteStored = async () => {
      await devtools.send('DOMStorage.enable');
      for (const cookie of await context.cookies()) noteWrite('cookie', cookie.name);
    };

    for (const url of everyPage) {
      await readThrough(page, url);
      await noteStored();
    }
    for (const locale of locales) {
      await page.goto(localizedPath('/', locale));
      for (const [name, run] of Object.entries(interactions)) {
        action = name as VisitorAction;
        await run(page, locale);
        await noteStored();
      }
    }
    // Storage beyond keys and cookies that a page could leave behind.
    const otherStorage = await page.evaluate(async () => ({
      indexedDb: (await indexedDB.databases()).map((database) => database.name ?? '(unnamed)'),
      caches: await caches.keys(),
      serviceWorkers: (await navigator.serviceWorker.getRegistrations()).map((registration) => registration.scope),
    }));

    const written = storageWrites.map((write) => ({
      ...write,
      entry: `${write.storage === 'cookie' ? 'Cookie' : write.storage} ${write.key}`,
    }));
    for (const locale of locales) {
      await openPolicy(page, locale);
      const rows = await section(page, policy[locale].storage)
        .locator('tbody tr')
        .evaluateAll((trs) => trs.map((tr) => [...tr.children].map((cell) => cell.textContent.trim())));
      // Entry, storage, when: each row names one entry and the visitor's action that writes it.
      const named = new Map(rows.map(([key, storage, when]) => [`${storage} ${key}`, when]));
      expect
        .soft([...named.keys()].sort(), `(${locale}) entries the policy names vs. entries the site writes`)
        .toEqual(written.map((write) => write.entry).sort());
      for (const { entry, action } of written) {
        expect
          .soft(named.get(entry), `(${locale}) ${entry} is written when the visitor does this: ${action}`)
          .toMatch(actionWords[action][locale]);
      }
    }

    // What the policy says the site does not do (store on a bare visit, set cookies, store anything
    // else, load web fonts): its words are the snapshots' (e2e/snapshots/*/datenschutz.aria.yml), that
    // the site still does none of it is this test's.
    const bareVisitOrCookie = storageWrites.filter(
      (write) => write.action === 'visit every page' || write.storage === 'cookie',
    );
    expect.soft(bareVisitOrCookie, 'stored on a bare visit, or a cookie').toEqual([]);
    expect
      .soft(otherStorage, 'stored beyond keys and cookies')
      .toEqual({ indexedDb: [], caches: [], serviceWorkers: [] });
    // Declaring a face downloads nothing: only a font file fetched makes a web font.
    const fonts = requests.filter(({ type }) => type === 'font');
    expect.soft(fonts, 'web fonts').toEqual([]);
    // Reading the pages reaches no other host; what the visitor does, EmailJS's at most.
    const foreign = requests.filter(({ url }) => new URL(url).origin !== new URL(baseURL ?? '').origin);
    const hostsOf = (seen: typeof foreign) => [...new Set(seen.map(({ url }) => new URL(url).host))];
    const reading = foreign.filter(({ action }) => action === 'visit every page');
    expect.soft(hostsOf(reading), 'hosts reached by reading the pages').toEqual([]);
    const beyondEmailJs = hostsOf(foreign).filter((host) => !emailJsHosts.includes(host));
    expect.soft(beyondEmailJs, 'hosts beyond EmailJS').toEqual([]);
  });
});

for (const locale of locales) {
  const says = policy[locale];
  const t = getTranslator(locale);
  test(`(${locale}) lists the fields the form sends, what the automatic confirmation repeats, and every processor in agency.json with the third country each sits in`, async ({
    page,
  }) => {
    const text = await openPolicy(page, locale);
    // The fields the form sends: src/emails/templates.test.ts proves the form sends each template
    // exactly its parameters, contact.spec.ts what arrives of them.
    const carried = contactFields.filter((field) => emailTemplates.notification.params.includes(field));
    const listed = await section(page, says.formFields).locator('li').allTextContents();
    const required = (field: ContactField) => (checkField(field, '') === 'missing' ? says.required : says.optional);
    expect
      .soft(listed.sort(), 'the fields the policy lists vs. the fields the form sends')
      .toEqual(carried.map((field) => `${t(`contact.form.${field}`)} (${required(field)})`).sort());
    // What the confirmation repeats is what its template shows, not all it is sent.
    const shown = shownParams(await loadEmailTemplate(autoReplyTemplateName(locale)));
    const confirmation = collapse((await section(page, says.autoReply).allTextContents()).join(' ')).toLowerCase();
    for (const field of contactFields) {
      const repeated = shown.includes(field);
      expect(
        confirmation.includes(t(`contact.form.${field}`).toLowerCase()),
        `the confirmation ${repeated ? 'repeats' : 'leaves out'} the field "${t(`contact.form.${field}`)}"`,
      ).toBe(repeated);
    }

    const transfer = collapse((await section(page, says.transfer).allTextContents()).join(' '));
    expect(processors.map((processor) => processor.path)).toContain('emailjs');
    for (const { path, provider } of processors) expect.soft(text, `the processor ${path}`).toContain(provider);
    // Named by agency.json's name or any other the browser knows for the country.
    const thirdCountries = new Set(processors.map(({ country }) => country.code).filter(isThirdCountry));
    expect(
      [...countryNamesIn(transfer, locale)].filter(isThirdCountry).sort(),
      'third countries the transfer section names vs. those its processors sit in',
    ).toEqual([...thirdCountries].sort());
  });
}
