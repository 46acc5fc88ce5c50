import team from '../../src/content/team.json' with { type: 'json' };
import { locales } from '../../src/i18n/locales';
import { localizedPath } from '../../src/i18n/paths';
import { getTranslator } from '../../src/i18n/translate';
import { element, expect, journey, open, PHONE, t, type Tab } from '../harness';

/** docs/behaviour.md › Team. What each dialog says is its snapshot's (e2e/snapshots.spec.ts). */
const photo = (words: typeof t, name: string) => `button[aria-label="${words('about.openProfile', { name })}"]`;
const openDialog = '[data-team-dialog][open]';

/** The dialog as a visitor meets it, and where focus is. */
const dialog = (tab: Tab) =>
  tab.evaluate((selector) => {
    const box = document.querySelector<HTMLDialogElement>(selector);
    return {
      open: box !== null,
      name: box?.querySelector('h3')?.textContent.trim(),
      photo: !!box?.querySelector('img')?.getBoundingClientRect().width,
      focus: document.activeElement?.getAttribute('aria-label'),
      pageScrolls: getComputedStyle(document.documentElement).overflow !== 'hidden',
    };
  }, openDialog);

/** The dialog open for `name`, or closed with focus back on that member's photo, in `words`' language. */
const opened = (name: string, words = t) => ({ open: true, name, focus: words('about.close'), pageScrolls: false });
const closed = (name: string, words = t) => ({
  open: false,
  focus: words('about.openProfile', { name }),
  pageScrolls: true,
});

const closeButton = (words = t) => `${openDialog} button[aria-label="${words('about.close')}"]`;

/** What a visitor does (`action`, already under way), then the dialog as it must become. */
async function step(tab: Tab, action: Promise<unknown>, expected: object) {
  await action;
  await expect.poll(() => dialog(tab)).toMatchObject(expected);
}

journey(
  'from the first moments, no island: a photo opens the member, by mouse or keyboard; Escape, the close button or the backdrop close it, focus returns; one dialog at a time; every member in every language',
  async (tab) => {
    const [first, second] = team as [(typeof team)[number], (typeof team)[number]];
    // On a phone, at the page's top, with no island's code requested: the page's early answers alone.
    await open(tab, '/', { size: PHONE, reach: false });
    await step(tab, tab.click(photo(t, first.name)), opened(first.name));
    await step(tab, tab.press('Escape'), closed(first.name));
    for (const key of ['Enter', 'Space'] as const) {
      await step(tab, tab.press(key), opened(first.name));
      await step(tab, tab.press('Escape'), closed(first.name));
    }
    await step(tab, tab.press('Enter'), opened(first.name));
    await step(tab, tab.click(closeButton()), closed(first.name));
    await step(tab, tab.click(photo(t, second.name)), opened(second.name));
    // A click inside the dialog leaves it open; one on the backdrop around it closes it.
    await tab.click(`${openDialog} h3`);
    expect(await dialog(tab)).toMatchObject({ open: true });
    await step(tab, tab.pointer(5, 5, true), closed(second.name));
    await step(tab, tab.click(photo(t, first.name)), opened(first.name));
    expect(await element(tab, openDialog).count()).toBe(1);
    await step(tab, tab.press('Escape'), closed(first.name));

    for (const locale of locales) {
      const words = getTranslator(locale);
      await open(tab, `${localizedPath('/', locale)}#about`);
      for (const member of team) {
        await step(tab, tab.click(photo(words, member.name)), { ...opened(member.name, words), photo: true });
        await step(tab, tab.click(closeButton(words)), closed(member.name, words));
      }
    }
  },
);
