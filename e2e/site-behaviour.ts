import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { contactForm, STATUS_RESET_MS } from './contact-form';
import {
  allRoutes,
  defaultLocale,
  expect,
  languageLink,
  localizedPath,
  locales,
  test,
  waitForIsland,
  type Locale,
} from './fixtures';
import { inboxFor } from './inbox-client';

/**
 * What the built site really does, watched in a browser the way a visitor uses it: the privacy
 * policy's statements are checked against this, not against what the code is believed to do.
 */

/** What a visitor does, in the order the observation does it. */
export type VisitorAction =
  | 'visit every page'
  | 'hover the project videos'
  | 'open a team member'
  | 'type into the contact form'
  | 'send the contact form'
  | 'toggle the theme'
  | 'switch the language';

export type StorageKind = 'localStorage' | 'sessionStorage' | 'cookie';

export interface StorageWrite {
  storage: StorageKind;
  key: string;
  action: VisitorAction;
}

export interface FormField {
  /** The name the form sends the field under in `template_params`. */
  key: string;
  /** The field's label as the visitor reads it, without the required marker. */
  label: string;
  required: boolean;
}

export interface SentEmail {
  origin: string;
  params: Record<string, string>;
}

export interface SiteBehaviour {
  siteOrigin: string;
  /** Every request, with the kind of resource the browser asked for. */
  requests: { url: string; resourceType: string }[];
  storageWrites: StorageWrite[];
  /** Web fonts: files requested, faces the documents know (CSS `@font-face` or the FontFace API). */
  fonts: { requests: string[]; faces: string[] };
  /** Storage beyond keys and cookies that a page could leave behind. */
  otherStorage: { indexedDb: string[]; caches: string[]; serviceWorkers: string[] };
  /** Per page language: the form's fields and the e-mails it sent, in order. */
  form: Record<Locale, { fields: FormField[]; typed: Record<string, string>; sent: SentEmail[] }>;
}

const EMAIL_SEND_PATH = /\/api\/v1\.0\/email\/send(-form)?$/;
const SCROLL_STEP_PX = 500;
const SCROLL_PAUSE_MS = 40;

/** Any path the site does not have is answered with the 404 page; this one stands for all of them. */
export const NOT_FOUND = '/gibt-es-nicht/';

/** Every page a visitor can land on: each route in each language, and the 404 page. */
export const everyPage = [...allRoutes.map((route) => route.url), NOT_FOUND];

/** Declares `tests` once for each of `everyPage`, letting only the 404 page log its own 404. */
export function forEveryPage(tests: (url: string) => void) {
  for (const url of everyPage) {
    test.describe(() => {
      // Chromium logs a 404 answer as a console error: the 404 page's own is expected, any other fails.
      test.use({ expectedConsoleErrors: url === NOT_FOUND ? /status of 404 \(Not Found\)/ : null });
      tests(url);
    });
  }
}

/** A state of the landing page beyond its first view. */
export type LandingState =
  'team-dialog' | 'contact-field-errors' | 'contact-success' | 'contact-error' | 'contact-sending';

/**
 * Walks the landing page through the states a visitor reads beyond its first view, calling `look` in
 * each with the part of the page it concerns: the team dialog open for the first member; the contact
 * form with field errors, after a failed send, after a send (docs/behaviour.md › Contact form), and
 * last while a send gets no answer. The inbox's failures are scoped to `email`.
 */
export async function walkLandingStates(
  page: Page,
  request: APIRequestContext,
  locale: Locale,
  email: string,
  look: (state: LandingState, root: Locator) => Promise<void>,
) {
  await page.goto(`${localizedPath('/', locale)}#about`);
  await waitForIsland(page, 'TeamGallery');
  await page.locator('[data-team-member] button').first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await look('team-dialog', page.getByRole('dialog'));
  await page.keyboard.press('Escape');

  const form = contactForm(page, locale);
  const inbox = inboxFor(request, email);
  const message = { name: 'Erika Mustermann', email, title: 'Neue Website', project: 'Eine Speisekarte online.' };
  await form.open();
  await form.fields.email.fill('erika@example');
  await form.submit.click();
  await expect(form.fields.title).toHaveAttribute('aria-invalid', 'true');
  await look('contact-field-errors', form.form);
  // The failure first: a delivered message holds the next send back for 5 s (docs/behaviour.md ›
  // Contact form), which would answer in the inbox's place.
  await inbox.failNext({ status: 500, text: 'Internal Server Error' });
  await form.fill(message);
  await form.submit.click();
  await expect(form.error).not.toBeEmpty();
  await look('contact-error', form.form);
  await form.submit.click();
  await expect(form.success).not.toBeEmpty();
  // Success shows while the confirmation is still on its way: the state settles once it is sent.
  await expect(form.submit).toBeEnabled();
  await look('contact-success', form.form);
  // Back to idle 5 s after the send ended, so the hold is over too. No answer comes then: the form
  // stays in its sending state far longer than a look takes.
  await expect(form.success).toBeEmpty({ timeout: 2 * STATUS_RESET_MS });
  await inbox.failNext({ status: 'hang' });
  await form.fill(message);
  await form.submit.click();
  await expect(form.fields.name).toHaveAttribute('readonly', '');
  await look('contact-sending', form.form);
}

/**
 * Records every write to Web Storage and every cookie a page script sets, before any of the site's
 * scripts run, so even an entry that is written and removed again is seen.
 */
function recordStorageWrites() {
  interface Recorder {
    __recordStorageWrite?: (storage: string, key: string) => void;
  }
  const record = (storage: string, key: string) => (window as unknown as Recorder).__recordStorageWrite?.(storage, key);
  // eslint-disable-next-line @typescript-eslint/unbound-method -- called below with each storage as `this`
  const setItem = Storage.prototype.setItem;
  Storage.prototype.setItem = function (this: Storage, key: string, value: string) {
    record(this === window.localStorage ? 'localStorage' : 'sessionStorage', key);
    setItem.call(this, key, value);
  };
  const cookie = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie');
  Object.defineProperty(Document.prototype, 'cookie', {
    configurable: true,
    get() {
      return cookie?.get?.call(this) as string;
    },
    set(value: string) {
      record('cookie', value.split('=')[0].trim());
      cookie?.set?.call(this, value);
    },
  });
  const cookieStore = (window as unknown as { cookieStore?: { set: (...args: unknown[]) => Promise<void> } })
    .cookieStore;
  if (cookieStore) {
    const set = cookieStore.set.bind(cookieStore);
    cookieStore.set = (nameOrOptions: unknown, ...rest: unknown[]) => {
      record('cookie', typeof nameOrOptions === 'string' ? nameOrOptions : (nameOrOptions as { name: string }).name);
      return set(nameOrOptions, ...rest);
    };
  }
}

/** Reads a page top to bottom, so every lazy image and island wakes up. */
export async function readThrough(page: Page, url: string) {
  await page.goto(url);
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 0; y <= height; y += SCROLL_STEP_PX) {
    await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
    await page.waitForTimeout(SCROLL_PAUSE_MS);
  }
  await page.waitForLoadState('networkidle');
}

/** Every font face the document knows, loaded or declared, and every `@font-face` rule in its styles. */
function fontFacesOf(page: Page) {
  return page.evaluate(() => {
    const faces = [...(document.fonts as unknown as Iterable<FontFace>)].map(
      (face) => `${face.family} (${face.status})`,
    );
    for (const sheet of document.styleSheets) {
      let rules: CSSRuleList;
      try {
        rules = sheet.cssRules;
      } catch {
        // A cross-origin stylesheet hides its rules; its request is recorded anyway.
        continue;
      }
      for (const rule of rules) if (rule instanceof CSSFontFaceRule) faces.push(`@font-face ${rule.cssText}`);
    }
    return faces;
  });
}

function formFields(page: Page): Promise<FormField[]> {
  return page.locator('#contact form').evaluate((form) =>
    [...form.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input[name], textarea[name]')]
      .filter((field) => field.labels?.[0] && !field.closest('[hidden], [aria-hidden="true"]'))
      .map((field) => ({
        key: field.name,
        // The label's own words: the required marker and the "(optional)" note are elements of their own.
        label: [...(field.labels?.[0].childNodes ?? [])]
          .filter((node) => node.nodeType === Node.TEXT_NODE)
          .map((node) => node.textContent)
          .join('')
          .trim(),
        required: field.required,
      })),
  );
}

export async function observeSite(browser: Browser, baseURL: string): Promise<SiteBehaviour> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  let action: VisitorAction = 'visit every page';
  const behaviour: SiteBehaviour = {
    siteOrigin: new URL(baseURL).origin,
    requests: [],
    storageWrites: [],
    fonts: { requests: [], faces: [] },
    otherStorage: { indexedDb: [], caches: [], serviceWorkers: [] },
    form: {} as SiteBehaviour['form'],
  };
  const written = (storage: StorageKind, key: string) => {
    if (!behaviour.storageWrites.some((write) => write.storage === storage && write.key === key)) {
      behaviour.storageWrites.push({ storage, key, action });
    }
  };
  await context.exposeBinding('__recordStorageWrite', (_source, storage: StorageKind, key: string) =>
    written(storage, key),
  );
  await context.addInitScript(recordStorageWrites);
  const sent: (SentEmail & { locale: Locale })[] = [];
  let locale: Locale = defaultLocale;
  context.on('request', (request) => {
    behaviour.requests.push({ url: request.url(), resourceType: request.resourceType() });
    if (request.resourceType() === 'font' && !behaviour.fonts.requests.includes(request.url())) {
      behaviour.fonts.requests.push(request.url());
    }
    const { origin, pathname } = new URL(request.url());
    if (request.method() === 'POST' && EMAIL_SEND_PATH.test(pathname)) {
      sent.push({
        locale,
        origin,
        params: (request.postDataJSON() as { template_params: Record<string, string> }).template_params,
      });
    }
  });

  /**
   * Attributes the keys and cookies present now to the action under way: catches writes that bypass
   * `setItem` (`localStorage.x = …`).
   */
  const noteStored = async () => {
    const keys = await page.evaluate(() => ({
      localStorage: Object.keys(localStorage),
      sessionStorage: Object.keys(sessionStorage),
    }));
    for (const key of keys.localStorage) written('localStorage', key);
    for (const key of keys.sessionStorage) written('sessionStorage', key);
    for (const cookie of await context.cookies()) written('cookie', cookie.name);
  };
  const step = async (name: VisitorAction, run: () => Promise<void>) => {
    action = name;
    await run();
    await noteStored();
  };

  await step('visit every page', async () => {
    for (const url of everyPage) {
      await readThrough(page, url);
      for (const face of await fontFacesOf(page)) {
        if (!behaviour.fonts.faces.includes(face)) behaviour.fonts.faces.push(face);
      }
      await noteStored();
    }
  });

  for (locale of locales) {
    await page.goto(localizedPath('/', locale));
    await step('hover the project videos', async () => {
      const cards = page.locator('[data-project][data-has-video="true"]');
      await page.locator('#projects').scrollIntoViewIfNeeded();
      await waitForIsland(page, 'ProjectVideo');
      for (const card of await cards.all()) {
        await card.scrollIntoViewIfNeeded();
        await expect(card.locator('astro-island:not([ssr])')).toBeAttached();
        await card.hover();
        await expect(card.locator('video')).toHaveAttribute('data-playing', 'true');
      }
      await page.mouse.move(0, 0);
    });

    await step('open a team member', async () => {
      await page.locator('#about').scrollIntoViewIfNeeded();
      await waitForIsland(page, 'TeamGallery');
      await page.locator('[data-team-member] button').first().click();
      await expect(page.locator('[data-team-dialog]:modal')).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(page.locator('[data-team-dialog][open]')).toHaveCount(0);
    });

    const typed: Record<string, string> = {};
    let fields: FormField[] = [];
    await step('type into the contact form', async () => {
      await page.locator('#contact').scrollIntoViewIfNeeded();
      await waitForIsland(page, 'ContactForm');
      fields = await formFields(page);
      for (const field of fields) {
        typed[field.key] =
          field.key === 'email' ? `privacy-drift-${locale}-${Date.now()}@example.org` : `Drift ${field.key} ${locale}`;
        await page.locator(`#contact form [name="${field.key}"]`).pressSequentially(typed[field.key], { delay: 5 });
      }
    });

    await step('send the contact form', async () => {
      const before = sent.length;
      await page.locator('#contact form button[type="submit"]').click();
      await expect(page.locator('#contact form [role="status"]')).toBeVisible();
      await expect.poll(() => sent.length - before).toBe(2);
      await page.waitForLoadState('networkidle');
    });

    behaviour.form[locale] = { fields, typed, sent: sent.filter((email) => email.locale === locale) };

    await step('toggle the theme', async () => {
      await waitForIsland(page, 'ThemeToggle');
      await page.locator('[data-theme-toggle]').click();
    });

    await step('switch the language', async () => {
      // To the next language of the registry, the last one back to the first.
      const next = locales[(locales.indexOf(locale) + 1) % locales.length];
      await waitForIsland(page, 'LanguageSwitch');
      await (await languageLink(page, next)).click();
      await page.waitForURL(new RegExp(`${localizedPath('/', next)}$`));
    });
  }

  behaviour.otherStorage = await page.evaluate(async () => ({
    indexedDb: (await indexedDB.databases()).map((database) => database.name ?? '(unnamed)'),
    caches: await caches.keys(),
    serviceWorkers: (await navigator.serviceWorker.getRegistrations()).map((registration) => registration.scope),
  }));
  await context.close();
  return behaviour;
}
