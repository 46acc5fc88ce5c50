import { expect } from 'vitest';
import { locales } from '../../src/i18n/locales';
import { localizedPath } from '../../src/i18n/paths';
import { getTranslator } from '../../src/i18n/translate';
import { THEME_SWITCHING_ATTRIBUTE } from '../../src/lib/theme';
import {
  arrivedAt,
  beforeHydration,
  element,
  journey,
  nextFrames,
  open,
  reachFor,
  restoredBy,
  scrollToY,
  t,
  type Tab,
} from '../harness';

/** docs/behaviour.md › Theme. */
const themeToggle = '[data-theme-toggle]';

/** The theme as a visitor meets it: dark or not, the choice stored, the toggle's name and its icons. */
const theme = (tab: Tab) =>
  tab.evaluate((toggle) => {
    const shown = (element: Element) => getComputedStyle(element).display !== 'none';
    let stored: string | null = 'throws';
    try {
      stored = localStorage.getItem('theme');
    } catch {
      // As storage that is disabled does.
    }
    return {
      dark: document.documentElement.classList.contains('dark'),
      stored,
      label: [...document.querySelectorAll(`${toggle} .sr-only`)].filter(shown).map((label) => label.textContent),
      /** The moon (offering dark) and the sun (offering light). */
      icons: [...document.querySelectorAll(`${toggle} svg`)].map(shown),
    };
  }, themeToggle);

/** The toggle offers what a click will do: its name, and the moon for dark. */
const offersDark = (words = t) => ({ dark: false, label: [words('theme.toDark')], icons: [true, false] });
const offersLight = (words = t) => ({ dark: true, label: [words('theme.toLight')], icons: [false, true] });

journey(
  'light by default; a click before the toggle hydrates switches the theme, once; the toggle switches, stores every change, keeps it across pages and languages',
  async (tab) => {
    await beforeHydration(tab, 'ThemeToggle', async () => {
      expect(await theme(tab)).toEqual({ ...offersDark(), stored: null });
      await tab.click(themeToggle);
    });
    await expect.poll(() => theme(tab)).toEqual({ ...offersLight(), stored: 'dark' });
    // Replayed once, not twice: the next click switches back, the one after that forth again.
    await tab.click(themeToggle);
    await expect.poll(() => theme(tab)).toEqual({ ...offersDark(), stored: 'light' });
    await tab.click(themeToggle);
    await expect.poll(() => theme(tab)).toEqual({ ...offersLight(), stored: 'dark' });
    await tab.goto('/');
    expect(await theme(tab)).toEqual({ ...offersLight(), stored: 'dark' });
    await tab.click('footer a[href="/agb/"]');
    await arrivedAt(tab, '/agb/');
    expect(await theme(tab)).toMatchObject({ dark: true });
    await reachFor(tab, 'ThemeToggle');
    await tab.click(themeToggle);
    await expect.poll(() => theme(tab)).toEqual({ ...offersDark(), stored: 'light' });

    for (const locale of locales) {
      const words = getTranslator(locale);
      await open(tab, localizedPath('/', locale));
      expect(await theme(tab)).toEqual({ ...offersDark(words), stored: 'light' });
      await tab.click(themeToggle);
      await expect.poll(() => theme(tab)).toEqual({ ...offersLight(words), stored: 'dark' });
      await tab.click(themeToggle);
      await expect.poll(() => theme(tab)).toEqual({ ...offersDark(words), stored: 'light' });
    }
  },
);

journey(
  'dark when the system prefers dark, unless a choice is stored',
  async (tab) => {
    await open(tab, '/');
    expect(await tab.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches)).toBe(true);
    expect(await theme(tab)).toEqual({ ...offersLight(), stored: null });
    await tab.evaluate(() => localStorage.setItem('theme', 'light'));
    await open(tab, '/');
    expect(await theme(tab)).toEqual({ ...offersDark(), stored: 'light' });
  },
  { darkAndStill: true },
);

journey(
  'a page shown again by Back or Forward shows the theme chosen since, in one frame, and the toggle goes on from it',
  async (tab) => {
    await open(tab, '/');
    expect(await theme(tab)).toEqual({ ...offersDark(), stored: null });
    await tab.click('footer a[href="/impressum/"]');
    await arrivedAt(tab, '/impressum/');
    await reachFor(tab, 'ThemeToggle');
    await tab.click(themeToggle);
    await expect.poll(() => theme(tab)).toEqual({ ...offersLight(), stored: 'dark' });

    await restoredBy(tab, 'back', '/');
    expect(await theme(tab)).toEqual({ ...offersLight(), stored: 'dark' });
    // No button or link fades from the theme the page was left in.
    await expect.poll(() => element(tab, 'html').attribute(THEME_SWITCHING_ATTRIBUTE)).toBeNull();
    expect(await tab.evaluate(() => document.getAnimations().length), 'transitions on /').toBe(0);
    await tab.click(themeToggle);
    await expect.poll(() => theme(tab)).toEqual({ ...offersDark(), stored: 'light' });

    await restoredBy(tab, 'forward', '/impressum/');
    expect(await theme(tab)).toEqual({ ...offersDark(), stored: 'light' });
  },
);

journey('a theme change shows in one frame: no button or link fades into the new theme after the rest', async (tab) => {
  // The landing page below its top, where the header has its background, and a legal text's links.
  for (const path of ['/', '/agb/']) {
    await open(tab, path);
    await scrollToY(tab, 400);
    await nextFrames(tab);
    for (const change of ['to dark', 'to light']) {
      const transitions = () => tab.evaluate(() => document.getAnimations().length);
      // What the scroll set off (the header's background, the current section's link) first ends.
      await expect.poll(transitions, { message: `${path}, before the change ${change}` }).toBe(0);
      // Counted as the frame that shows the change styles the page, and again once it has been painted.
      const atTheChange = await tab.evaluate((toggle) => {
        document.querySelector<HTMLElement>(toggle)?.click();
        return document.getAnimations().length;
      }, themeToggle);
      await expect.poll(() => element(tab, 'html').attribute(THEME_SWITCHING_ATTRIBUTE)).toBeNull();
      expect({ atTheChange, painted: await transitions() }, `${path}, ${change}`).toEqual({
        atTheChange: 0,
        painted: 0,
      });
    }
  }
});

journey(
  'storage that throws changes nothing but the memory of the choice; the form still comes to life',
  async (tab, { proxy }) => {
    proxy.withoutStorage = true;
    await open(tab, '/');
    expect(await theme(tab)).toEqual({ ...offersDark(), stored: 'throws' });
    await tab.click(themeToggle);
    await expect.poll(() => theme(tab)).toEqual({ ...offersLight(), stored: 'throws' });
    // The EmailJS library probes localStorage as it loads; it must not take the form down with it.
    await tab.click('#contact-name');
    const submit = '[data-contact-form] button[type="submit"]';
    const disabled = () =>
      tab.evaluate((button) => document.querySelector<HTMLButtonElement>(button)?.disabled, submit);
    await expect.poll(disabled).toBe(false);
  },
);
