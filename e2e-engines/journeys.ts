import { mkdirSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import agency from '../src/content/agency.json' with { type: 'json' };
import projects from '../src/content/projects.json' with { type: 'json' };
import team from '../src/content/team.json' with { type: 'json' };
import { defaultLocale, localeInfo, locales, otherLocales, type Locale } from '../src/i18n/locales';
import { localizedPath } from '../src/i18n/paths';
import { getTranslator } from '../src/i18n/translate';
import { legalPages, routes } from '../src/routes.mjs';
import { parseSkills } from '../src/lib/skills';
import { localTemplates } from '../local-inbox/env.mjs';
import type { InboxMessage } from '../local-inbox/handler.mjs';
import { contactText } from '../e2e/contact-text';
import { legalTitle } from '../e2e/legal-title';
import { uniqueEmail } from '../e2e/inbox-client';
import type { Browser, SystemSettings, Tab } from './browser';
import type { EngineName } from './engines';
import { startJourneyProxy, type JourneyProxy, type ProbeFrame } from './journey-proxy';
import {
  arrivedAt,
  attributeOf,
  hydrated,
  isFocused,
  isVisible,
  currentPath,
  pendingIslandsInView,
  nextFrames,
  overflow,
  readThrough,
  recordedFrames,
  scrollToY,
  textOf,
  until,
} from './page';

/**
 * The nine journeys of a visitor (issue 19), written once and run in each engine through its
 * adapter: first load and theme at first paint, the theme toggle, the language switch, the scroll
 * thresholds, the team modal, the project videos, the contact form, the legal pages and the 404
 * page; then every route checked for errors, and the degradations that must stay graceful. Each
 * journey is a new visitor and fails on any console error, uncaught error or policy violation.
 */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
/**
 * A visitor whose system asks for dark and for less motion: one browser for both settings, as a
 * browser with other system settings is one more to start (Firefox reads them when it starts).
 */
const darkAndStill: SystemSettings = { colorScheme: 'dark', reducedMotion: true };
/** The probe reports by beacon: what happened last on a page needs a moment to arrive. */
const REPORT_GRACE_MS = 300;
/**
 * A page as a slow line delivers it, in two parts: cut after the header's first control (the theme
 * toggle), or just after <main> opens, before the content that makes the page scroll.
 */
const slowLines = {
  'half the header first': { after: /<\/astro-island>/, pauseMs: 400 },
  'the page up to <main> first': { after: /<main\b[^>]*>/, pauseMs: 400 },
};
/** A pause in which something that should not happen (a navigation, a video) would have. */
const NOTHING_HAPPENS_MS = 600;
const VIDEO_START_TIMEOUT_MS = 30_000;
/** Layout may round differently between frames; a shift is more than this. */
const SAME_BOX_TOLERANCE_PX = 0.5;
const SCREENSHOTS = 'test-results/engines';

const withVideo = projects.find((project) => project.video)!;
const withoutVideo = projects.find((project) => !project.video)!;
const legalRoutes = locales.flatMap((locale) =>
  legalPages.map((page) => ({ locale, url: localizedPath(`/${page}/`, locale) })),
);
const everyRoute = routes.map(({ url }) => url);
const notFound = '/gibt-es-nicht/';
/** The site's own language, which `/` and every unprefixed page speak: what most journeys read. */
const t = getTranslator(defaultLocale);

const themeToggle = '[data-theme-toggle]';
/** The language switch's link to `locale`, and the 404 page's link to the home page in `locale`. */
const languageLink = (locale: Locale) => `[data-language-link="${locale}"]`;
const homeLink = (locale: Locale) => `[data-home-link="${locale}"]`;
/**
 * From three languages on the switch is a menu (a plain `<details>`, so it opens before hydration
 * too): a visitor opens it before they choose. With two it is a pill, and there is nothing to open.
 */
async function openLanguageMenu(tab: Tab) {
  const menu = '[data-site-header] details:has([data-language-link])';
  const closed = await tab.evaluate((selector) => {
    const details = document.querySelector<HTMLDetailsElement>(selector);
    return details !== null && !details.open;
  }, menu);
  if (closed) await tab.click(`${menu} > summary`);
}

/** The toggle's accessible name: whichever of its screen-reader labels the theme shows. */
const toggleLabel = (tab: Tab) =>
  tab.evaluate(
    (selector) =>
      [...document.querySelectorAll(`${selector} .sr-only`)]
        .filter((label) => getComputedStyle(label).display !== 'none')
        .map((label) => label.textContent)
        .join(''),
    themeToggle,
  );
const isDark = (tab: Tab) => tab.evaluate(() => document.documentElement.classList.contains('dark'));
const storedTheme = (tab: Tab) => tab.evaluate(() => localStorage.getItem('theme'));

/** Where each tracked part of the page stood in a frame, against where it stands in the last one. */
function shifts(frames: ProbeFrame[]) {
  const last = frames.at(-1)!;
  return frames.flatMap((frame) =>
    Object.entries(frame.boxes)
      .filter(([name]) => last.boxes[name])
      .filter(([name, box]) =>
        box.some((value, index) => Math.abs(value - last.boxes[name]![index]!) > SAME_BOX_TOLERANCE_PX),
      )
      .map(([name, box]) => `${name} at ${frame.time} ms: ${box.join(',')}, finally ${last.boxes[name]!.join(',')}`),
  );
}

export function describeJourneys(engine: EngineName, launch: () => Promise<Browser>) {
  describe.skipIf(!inject('engines')[engine])(`${engine}: a visitor's journeys`, () => {
    const siteInbox = `http://127.0.0.1:${inject('upstreamPort')}`;
    let browser: Browser;
    let proxy: JourneyProxy;
    /** Where the browser opens the site: through the proxy, see journey-proxy.ts. */
    let site: string;

    beforeAll(async () => {
      browser = await launch();
      proxy = await startJourneyProxy(inject('upstreamPort'), inject('sitePort'), {
        reportConsole: !browser.seesConsole,
        withoutIdleCallback: false,
      });
      site = proxy.origin;
      mkdirSync(SCREENSHOTS, { recursive: true });
      console.log(`${engine}: ${browser.version}`);
    });
    afterAll(async () => {
      await browser?.quit();
      await proxy?.close();
    });

    /**
     * One journey: a new visitor in a new tab (with the given system settings), failing on anything
     * the pages reported.
     */
    const journey = (name: string, steps: (tab: Tab) => Promise<void>, { system }: { system?: SystemSettings } = {}) =>
      it(name, async () => {
        const firstReport = proxy.reports.length;
        const tab = leavingPagesLoaded(await browser.open(system));
        try {
          await steps(tab);
          await sleep(REPORT_GRACE_MS);
          const errors = [
            ...tab.engineErrors(),
            ...proxy.reports.slice(firstReport).map((report) => `${report.kind} on ${report.page}: ${report.message}`),
          ];
          expect(errors, 'errors on the pages').toEqual([]);
        } finally {
          await tab.close();
        }
      });

    /**
     * The tab, but a visitor who opens or clicks anything first lets the page finish what it started:
     * the islands in view hydrate, and what they asked for arrives. Firefox and WebKit report a
     * module import that leaving the page cuts off as an error of that page, and a page left halfway
     * is not what a journey tests. While a journey holds requests back, it means the page to be
     * unfinished, and only what is not held is waited for.
     */
    const leavingPagesLoaded = (tab: Tab): Tab => {
      const finishLoading = async () => {
        if (!proxy.holding()) await until(tab, [], pendingIslandsInView);
        await proxy.settled();
      };
      return {
        ...tab,
        goto: async (url) => {
          await finishLoading();
          await tab.goto(url);
        },
        click: async (selector) => {
          // In view first: what scrolling into view wakes up (an island) loads before the click leaves.
          await tab.evaluate(
            (target) => document.querySelector(target)?.scrollIntoView({ block: 'center', behavior: 'instant' }),
            selector,
          );
          await finishLoading();
          await tab.click(selector);
        },
      };
    };

    /**
     * Opens a page at a size, checking the engine gave the viewport that size, and waits for the
     * header's islands, which every page has and hydrates after its load event.
     */
    const open = async (tab: Tab, path: string, size = DESKTOP) => {
      await tab.setViewport(size.width, size.height);
      await tab.goto(`${site}${path}`);
      expect(await tab.evaluate(() => innerWidth), 'viewport width').toBe(size.width);
      await hydrated(tab, 'ThemeToggle');
      await hydrated(tab, 'LanguageSwitch');
    };

    journey(
      '1. first load at 390 and 1280 px, light and dark: the page, and its theme from the first frame',
      async (tab) => {
        for (const size of [PHONE, DESKTOP]) {
          for (const theme of ['light', 'dark'] as const) {
            await open(tab, '/', size);
            await tab.evaluate((stored) => {
              if (stored === 'dark') localStorage.setItem('theme', 'dark');
              else localStorage.removeItem('theme');
            }, theme);
            // Loaded anew with the stored choice in place, as on a visitor's second visit.
            await tab.goto(`${site}/`);
            await hydrated(tab, 'ThemeToggle');
            await hydrated(tab, 'LanguageSwitch');
            await nextFrames(tab);

            expect(await textOf(tab, 'h1')).toBe(t('hero.title'));
            expect(
              await tab.evaluate(() =>
                [...document.querySelectorAll('main > section')].map(
                  (section) => section.id || section.getAttribute('aria-labelledby'),
                ),
              ),
            ).toEqual(['hero-title', 'about', 'services', 'projects', 'contact']);
            expect(await isDark(tab)).toBe(theme === 'dark');
            expect(await overflow(tab)).toEqual({ widerThanViewport: false, cutOffHeadings: [] });

            // The theme is on the page from the first frame in which the parser reached <body>.
            const frames = (await recordedFrames(tab)).filter((frame) => frame.body);
            expect(frames.length).toBeGreaterThan(1);
            const finalBackground = frames.at(-1)!.background;
            expect(finalBackground).toBe(theme === 'dark' ? 'rgb(14, 17, 23)' : 'rgb(255, 255, 255)');
            expect(
              frames.filter((frame) => frame.dark !== (theme === 'dark') || frame.background !== finalBackground),
            ).toEqual([]);

            await tab.screenshot(`${SCREENSHOTS}/${engine.toLowerCase()}-home-${size.width}-${theme}.png`);
          }
        }
      },
    );

    journey('2. theme toggle: switches, stores every change, keeps it across pages', async (tab) => {
      await open(tab, '/');
      expect(await isDark(tab)).toBe(false);
      expect(await storedTheme(tab)).toBeNull();
      expect(await toggleLabel(tab)).toBe(t('theme.toDark'));
      expect(await isVisible(tab, `${themeToggle} svg:first-of-type`)).toBe(true);
      expect(await isVisible(tab, `${themeToggle} svg:last-of-type`)).toBe(false);

      await tab.click(themeToggle);
      await until(tab, true, () => document.documentElement.classList.contains('dark'));
      expect(await storedTheme(tab)).toBe('dark');
      expect(await toggleLabel(tab)).toBe(t('theme.toLight'));
      expect(await isVisible(tab, `${themeToggle} svg:first-of-type`)).toBe(false);
      expect(await isVisible(tab, `${themeToggle} svg:last-of-type`)).toBe(true);

      await tab.goto(`${site}/`);
      expect(await isDark(tab)).toBe(true);
      await tab.click('footer a[href="/agb/"]');
      await arrivedAt(tab, '/agb/');
      expect(await isDark(tab)).toBe(true);

      await hydrated(tab, 'ThemeToggle');
      await tab.click(themeToggle);
      await until(tab, false, () => document.documentElement.classList.contains('dark'));
      expect(await storedTheme(tab)).toBe('light');
    });

    journey(
      '2. theme and the system preference: dark when the system is, unless a choice is stored',
      async (tab) => {
        await open(tab, '/');
        expect(await tab.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches)).toBe(true);
        expect(await isDark(tab)).toBe(true);
        expect(await toggleLabel(tab)).toBe(t('theme.toLight'));
        await tab.evaluate(() => localStorage.setItem('theme', 'light'));
        await tab.goto(`${site}/`);
        expect(await isDark(tab)).toBe(false);
      },
      { system: darkAndStill },
    );

    journey(
      '3. language switch: announces languageChange, then opens the same page in each other language',
      async (tab) => {
        /** The event fires on the page being left: the listener keeps it where the next page can read it. */
        const listen = () =>
          tab.evaluate(() =>
            window.addEventListener('languageChange', (event) => {
              const seen = JSON.parse(sessionStorage.getItem('languageChanges') ?? '[]') as string[];
              sessionStorage.setItem('languageChanges', JSON.stringify([...seen, (event as CustomEvent).detail]));
            }),
          );
        const announced = () => tab.evaluate(() => JSON.parse(sessionStorage.getItem('languageChanges') ?? '[]'));

        const from = localizedPath('/impressum/', defaultLocale);
        await open(tab, from);
        for (const other of otherLocales(defaultLocale)) {
          const there = localizedPath('/impressum/', other);
          expect(await attributeOf(tab, languageLink(other), 'href')).toBe(there);
          await listen();
          await openLanguageMenu(tab);
          await tab.click(languageLink(other));
          await arrivedAt(tab, there);
          expect(await attributeOf(tab, 'html', 'lang')).toBe(localeInfo[other].htmlLang);
          expect(await textOf(tab, 'h1')).toBe(legalTitle(other, 'impressum'));

          await hydrated(tab, 'LanguageSwitch');
          await listen();
          await openLanguageMenu(tab);
          await tab.click(languageLink(defaultLocale));
          await arrivedAt(tab, from);
          expect(await announced()).toEqual([other, defaultLocale]);
          await tab.evaluate(() => sessionStorage.removeItem('languageChanges'));
          await hydrated(tab, 'LanguageSwitch');
        }
      },
    );

    journey('3. language switch clicked before it hydrates: the click still counts', async (tab) => {
      // One other language is enough: only a new tab's first page has React's runtime still to come.
      const [other] = otherLocales(defaultLocale) as [Locale];
      const from = localizedPath('/agb/', defaultLocale);
      // A new tab has nothing cached: React's runtime is requested, and held back, on this page.
      const releaseReact = proxy.hold(/^\/_astro\/client\.[^/]*\.js$/);
      try {
        await tab.goto(`${site}${from}`);
        expect(await attributeOf(tab, 'astro-island:has([data-language-link])', 'ssr')).toBe('');
        await tab.evaluate(() =>
          window.addEventListener('languageChange', (event) =>
            sessionStorage.setItem('languageChange', String((event as CustomEvent).detail)),
          ),
        );
        await openLanguageMenu(tab);
        await tab.click(languageLink(other));
        await sleep(NOTHING_HAPPENS_MS);
        expect(await currentPath(tab)).toBe(from);
      } finally {
        releaseReact();
      }
      await arrivedAt(tab, localizedPath('/agb/', other));
      expect(await tab.evaluate(() => sessionStorage.getItem('languageChange'))).toBe(other);
    });

    journey(
      '4. header and scroll-to-top: the header changes past 100 px, the button shows past 300 px',
      async (tab) => {
        const header = '[data-site-header]';
        const scrollTop = '[data-scroll-to-top]';
        await open(tab, '/');
        const background = () =>
          tab.evaluate((selector) => getComputedStyle(document.querySelector(selector)!).backgroundColor, header);
        const atTop = await background();
        await scrollToY(tab, 99);
        await until(tab, null, (selector) => document.querySelector(selector)!.getAttribute('data-scrolled'), header);
        await scrollToY(tab, 101);
        await until(tab, '', (selector) => document.querySelector(selector)!.getAttribute('data-scrolled'), header);
        await expect.poll(background).not.toBe(atTop);
        await scrollToY(tab, 100);
        await until(tab, null, (selector) => document.querySelector(selector)!.getAttribute('data-scrolled'), header);

        expect(await attributeOf(tab, scrollTop, 'aria-label')).toBe(t('scrollTop.label'));
        await scrollToY(tab, 299);
        expect(await isVisible(tab, scrollTop)).toBe(false);
        await scrollToY(tab, 301);
        await expect.poll(() => isVisible(tab, scrollTop)).toBe(true);
        await scrollToY(tab, 2000);
        await tab.click(scrollTop);
        await until(tab, 0, () => Math.round(window.scrollY));
        await expect.poll(() => isVisible(tab, scrollTop)).toBe(false);
        expect(await isFocused(tab, '#main')).toBe(true);
      },
    );

    journey(
      '5. team modal: opens by mouse and keyboard with photo, name, portfolio, bio and skills; focus returns',
      async (tab) => {
        const photo = (name: string) => `button[aria-label="${t('about.openProfile', { name })}"]`;
        const dialog = '[data-team-dialog]';
        const close = `${dialog} button[aria-label="${t('about.close')}"]`;
        const isOpen = () =>
          tab.evaluate((selector) => document.querySelector<HTMLDialogElement>(selector)!.open, dialog);
        await open(tab, '/#about');
        await hydrated(tab, 'TeamGallery');

        const [first, second] = team;
        await tab.click(photo(first!.name));
        await expect.poll(isOpen).toBe(true);
        expect(await textOf(tab, '#team-dialog-name')).toBe(first!.name);
        expect(await isVisible(tab, `${dialog} img`)).toBe(true);
        expect(await attributeOf(tab, `${dialog} a[href^="http"]`, 'href')).toBe(first!.portfolioUrl);
        expect(await textOf(tab, dialog)).toContain(first!.bio[defaultLocale]);
        expect(
          await tab.evaluate(
            (selector) => [...document.querySelectorAll(selector)].map((chip) => chip.textContent),
            `${dialog} [data-skill-chips] li`,
          ),
        ).toEqual(parseSkills(first!.skills[defaultLocale]));
        await tab.click(close);
        await expect.poll(isOpen).toBe(false);
        expect(await isFocused(tab, photo(first!.name))).toBe(true);

        await tab.evaluate((selector) => document.querySelector<HTMLElement>(selector)!.focus(), photo(second!.name));
        await tab.press('Enter');
        await expect.poll(isOpen).toBe(true);
        expect(await textOf(tab, '#team-dialog-name')).toBe(second!.name);
        expect(await isFocused(tab, close)).toBe(true);
        // The page behind stays still while the modal is open.
        expect(await tab.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe('hidden');
        await tab.press('Escape');
        await expect.poll(isOpen).toBe(false);
        expect(await isFocused(tab, photo(second!.name))).toBe(true);
        expect(await tab.evaluate(() => getComputedStyle(document.documentElement).overflow)).not.toBe('hidden');
        await tab.press('Space');
        await expect.poll(isOpen).toBe(true);
        await tab.press('Escape');
        await expect.poll(isOpen).toBe(false);
      },
    );

    journey(
      '6. project video: plays muted and looping on hover, from a server that answers ranges, pauses on leave',
      async (tab) => {
        const card = `[data-project="${withVideo.id}"]`;
        const video = `${card} video`;
        const firstResponse = proxy.responses.length;
        await open(tab, '/#projects');
        await hydrated(tab, 'ProjectVideo');
        expect(await tab.evaluate(() => document.querySelectorAll('#projects video').length)).toBe(0);

        await tab.hover(card);
        await until(tab, 1, (selector) => document.querySelectorAll(selector).length, video);
        // An engine's media pipeline can take its time to start on a busy machine.
        await expect
          .poll(
            () => tab.evaluate((selector) => document.querySelector(selector)!.getAttribute('data-playing'), video),
            {
              timeout: VIDEO_START_TIMEOUT_MS,
            },
          )
          .toBe('true');
        expect(
          await tab.evaluate((selector) => {
            const element = document.querySelector<HTMLVideoElement>(selector)!;
            return [element.muted, element.loop, element.paused];
          }, video),
        ).toEqual([true, true, false]);
        await expect
          .poll(() =>
            tab.evaluate((selector) => document.querySelector<HTMLVideoElement>(selector)!.currentTime, video),
          )
          .toBeGreaterThan(0);
        await until(tab, '1', (selector) => getComputedStyle(document.querySelector(selector)!).opacity, video);

        // Safari plays an MP4 only from a server that answers a Range request with its part (206).
        // Firefox asks for ranges as it plays; WebKitGTK's player asks for the whole file, so the
        // page also asks for the clip's first two bytes, as Safari on a Mac does before it plays.
        const clips = proxy.responses.slice(firstResponse).filter((response) => response.path.startsWith('/videos/'));
        expect(clips.length, 'the clip was loaded').toBeGreaterThan(0);
        for (const clip of clips.filter((response) => response.range !== undefined)) {
          expect(clip, `${clip.path} asked for ${clip.range}`).toMatchObject({
            status: 206,
            contentRange: expect.stringMatching(/^bytes \d+-\d+\/\d+$/),
          });
        }
        const mp4 = await tab.evaluate(async (selector) => {
          const source = document.querySelector(`${selector} source[type="video/mp4"]`)!.getAttribute('src')!;
          const answer = await fetch(source, { headers: { Range: 'bytes=0-1' } });
          return {
            status: answer.status,
            range: answer.headers.get('content-range'),
            bytes: (await answer.arrayBuffer()).byteLength,
          };
        }, video);
        expect(mp4).toMatchObject({ status: 206, range: expect.stringMatching(/^bytes 0-1\/\d+$/), bytes: 2 });

        await tab.moveMouseAway();
        await until(tab, null, (selector) => document.querySelector(selector)!.getAttribute('data-playing'), video);
        expect(
          await tab.evaluate((selector) => document.querySelector<HTMLVideoElement>(selector)!.paused, video),
        ).toBe(true);
        await until(tab, '0', (selector) => getComputedStyle(document.querySelector(selector)!).opacity, video);
        expect(await isVisible(tab, `${card} img`)).toBe(true);

        await tab.hover(`[data-project="${withoutVideo.id}"]`);
        await sleep(NOTHING_HAPPENS_MS);
        expect(
          await tab.evaluate(
            (selector) => document.querySelectorAll(`${selector} video`).length,
            `[data-project="${withoutVideo.id}"]`,
          ),
        ).toBe(0);
        expect(await isVisible(tab, `[data-project="${withoutVideo.id}"] img`)).toBe(true);
      },
    );

    journey(
      '6. project video under reduced motion: the still image stays and no video loads',
      async (tab) => {
        const card = `[data-project="${withVideo.id}"]`;
        const firstResponse = proxy.responses.length;
        await open(tab, '/#projects');
        await hydrated(tab, 'ProjectVideo');
        expect(await tab.evaluate(() => matchMedia('(prefers-reduced-motion: reduce)').matches)).toBe(true);
        await tab.hover(card);
        await sleep(NOTHING_HAPPENS_MS);
        expect(await tab.evaluate((selector) => document.querySelectorAll(`${selector} video`).length, card)).toBe(0);
        expect(await isVisible(tab, `${card} img`)).toBe(true);
        expect(proxy.responses.slice(firstResponse).filter((response) => response.path.startsWith('/videos/'))).toEqual(
          [],
        );
      },
      { system: darkAndStill },
    );

    journey('7. contact form: field errors, sending, success, and both e-mails in the inbox', async (tab) => {
      const words = contactText(defaultLocale);
      const form = '[data-contact-form]';
      const submit = `${form} button[type="submit"]`;
      const field = (name: string) => `#contact-${name}`;
      const message = {
        name: 'Erika Mustermann',
        email: uniqueEmail(`journey-${engine}`),
        title: 'Neue Website für unser Café',
        project: 'Wir brauchen eine Speisekarte online.',
      };
      const sends = () =>
        tab.evaluate(
          () =>
            performance.getEntriesByType('resource').filter((entry) => entry.name.includes('/api/v1.0/email/send'))
              .length,
        );
      const described = (selector: string) =>
        tab.evaluate((target) => {
          const ids = document.querySelector(target)!.getAttribute('aria-describedby') ?? '';
          return ids
            .split(' ')
            .map((id) => document.getElementById(id)?.textContent?.trim())
            .join(' ');
        }, selector);

      await open(tab, `${localizedPath('/', defaultLocale)}#contact`);
      await hydrated(tab, 'ContactForm');
      expect(await attributeOf(tab, form, 'aria-label')).toBe(words.form);
      // Once React runs the form, it checks the fields itself, in the page's language.
      await until(tab, 'true', (selector) => document.querySelector(selector)!.getAttribute('data-hydrated'), form);
      expect(await attributeOf(tab, form, 'novalidate')).toBe('');

      await tab.click(submit);
      await until(tab, true, (selector) => document.activeElement?.matches(selector) ?? false, field('name'));
      for (const [name, error] of [
        ['name', words.nameMissing],
        ['email', words.emailMissing],
        ['title', words.titleMissing],
      ] as const) {
        expect(await attributeOf(tab, field(name), 'aria-invalid'), name).toBe('true');
        expect(await described(field(name)), name).toBe(error);
      }
      expect(await attributeOf(tab, field('project'), 'aria-invalid')).toBeNull();
      expect(await sends()).toBe(0);

      for (const [name, value] of Object.entries(message)) await tab.type(field(name), value);
      expect(await attributeOf(tab, field('name'), 'aria-invalid')).toBeNull();
      // The inbox holds the first answer a moment, to watch the form while it sends.
      await fetch(`${siteInbox}/inbox/failures`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: message.email, delayMs: 3000 }),
      });
      await tab.click(submit);
      await until(tab, words.sending, (selector) => document.querySelector(selector)!.textContent, submit);
      // aria-disabled, not disabled: the focused button keeps focus while it sends (issue 16).
      expect(await attributeOf(tab, submit, 'aria-disabled')).toBe('true');
      expect(await attributeOf(tab, `${submit} svg`, 'class')).toMatch(/animate-pulse/);

      await until(
        tab,
        words.success,
        (selector) => document.querySelector(selector)!.textContent,
        `${form} [role="status"]`,
      );
      expect(await textOf(tab, `${form} [role="alert"]`)).toBe('');
      expect(
        await tab.evaluate(() =>
          ['name', 'email', 'title', 'project'].map(
            (name) => (document.getElementById(`contact-${name}`) as HTMLInputElement).value,
          ),
        ),
      ).toEqual(['', '', '', '']);
      await until(tab, words.submit, (selector) => document.querySelector(selector)!.textContent, submit);
      expect(await sends()).toBe(2);

      const received = async () =>
        ((await (await fetch(`${siteInbox}/inbox/messages`)).json()) as InboxMessage[]).filter(
          (sent) => sent.template_params.email === message.email,
        );
      await expect.poll(async () => (await received()).length).toBe(2);
      const [notification, autoReply] = await received();
      expect(notification).toMatchObject({
        lib_version: '4.4.1',
        template_id: localTemplates.notification,
        template_params: { ...message, to_name: agency.name },
        origin: site,
      });
      expect(autoReply).toMatchObject({
        lib_version: '4.4.1',
        template_id: localTemplates.autoReply[defaultLocale],
        template_params: { name: message.name, email: message.email, title: message.title },
      });
      expect(Object.keys(autoReply!.template_params).sort()).toEqual(['email', 'name', 'title']);
    });

    journey('8. legal pages: open at the top, lead back home, nothing overflows at 390 px', async (tab) => {
      await open(tab, '/', PHONE);
      await scrollToY(tab, 3000);
      await tab.click('footer a[href="/impressum/"]');
      await arrivedAt(tab, '/impressum/');
      expect(await tab.evaluate(() => window.scrollY)).toBe(0);

      for (const { locale, url } of legalRoutes) {
        await tab.goto(`${site}${url}`);
        expect(await tab.evaluate(() => window.scrollY), url).toBe(0);
        expect(
          await tab.evaluate(() =>
            [...document.querySelectorAll('[data-back-home]')].map((link) => link.getAttribute('href')),
          ),
          url,
        ).toEqual([localizedPath('/', locale), localizedPath('/', locale)]);
        expect(await tab.evaluate(() => document.querySelectorAll('[data-legal-page] h2').length), url).toBeGreaterThan(
          3,
        );
        expect(await overflow(tab), url).toEqual({ widerThanViewport: false, cutOffHeadings: [] });
      }

      await tab.click('[data-back-home]');
      await arrivedAt(tab, localizedPath('/', legalRoutes.at(-1)!.locale));
    });

    journey('9. the 404 page answers an unknown path in every language, with links home', async (tab) => {
      const others = otherLocales(defaultLocale);
      for (const unknown of [notFound, ...others.map((other) => localizedPath('/does-not-exist/', other))]) {
        await open(tab, unknown);
        expect(proxy.responses.findLast((response) => response.path === unknown)?.status, unknown).toBe(404);
        // The default language heads the page; every other one has its part below a heading of its own.
        expect(await textOf(tab, 'h1')).toBe(t('notFound.title'));
        expect(
          await tab.evaluate(() =>
            [...document.querySelectorAll('[data-not-found] h2')].map((heading) => heading.textContent?.trim()),
          ),
        ).toEqual(others.map((other) => getTranslator(other)('notFound.title')));
        for (const locale of locales) {
          expect(await attributeOf(tab, homeLink(locale), 'href'), locale).toBe(localizedPath('/', locale));
        }
        expect(await attributeOf(tab, 'meta[name="robots"]', 'content')).toBe('noindex');
      }
      const last = others.at(-1)!;
      await tab.click(homeLink(last));
      await arrivedAt(tab, localizedPath('/', last));
    });

    journey(
      'every route in every language and the 404 page, read to the end: no policy violation, no console error',
      async (tab) => {
        for (const url of [...everyRoute, notFound]) {
          await open(tab, url);
          await readThrough(tab);
          // Each page's own policy is in force, as the checks above rely on.
          expect(
            await tab.evaluate(() => document.querySelector('meta[http-equiv="content-security-policy"]') !== null),
            url,
          ).toBe(true);
        }
      },
    );

    journey(
      'graceful: nothing shifts while a page arrives in parts, although rel=expect holds only Chromium’s first paint',
      async (tab) => {
        for (const size of [PHONE, DESKTOP]) {
          for (const [line, slowly] of Object.entries(slowLines)) {
            await open(tab, '/', size);
            proxy.deliverPagesSlowly(slowly);
            try {
              await tab.goto(`${site}/`);
            } finally {
              proxy.deliverPagesSlowly(null);
            }
            await hydrated(tab, 'ThemeToggle');
            await hydrated(tab, 'LanguageSwitch');
            await nextFrames(tab);
            // Every part of the header, and the heading, from the first frame in which it is visible:
            // where it finally stands.
            expect(shifts(await recordedFrames(tab)), `${size.width} px, ${line}`).toEqual([]);
          }
        }
      },
    );

    journey('graceful: the islands hydrate without requestIdleCallback, as in WebKit, which has none', async (tab) => {
      proxy.probe.withoutIdleCallback = true;
      try {
        // open() waits for the header's islands to hydrate.
        await open(tab, '/impressum/');
        expect(await tab.evaluate(() => 'requestIdleCallback' in window)).toBe(false);
        await tab.click(themeToggle);
        await until(tab, true, () => document.documentElement.classList.contains('dark'));
      } finally {
        proxy.probe.withoutIdleCallback = false;
      }
    });
  });
}
