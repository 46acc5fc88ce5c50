import team from '../../src/content/team.json' with { type: 'json' };
import { parseSkills } from '../../src/lib/skills';
import {
  beforeHydration,
  element,
  expect,
  getTranslator,
  hydrated,
  journey,
  locales,
  localizedPath,
  open,
  PHONE,
  t,
  type Tab,
} from '../harness';

/** docs/behaviour.md › Team. */
const photo = (words: typeof t, name: string) => `button[aria-label="${words('about.openProfile', { name })}"]`;

/** The open one of the members' dialogs, if any. */
const openDialog = '[data-team-dialog][open]';

/** The dialog as a visitor meets it, and where focus is. */
const dialog = (tab: Tab) =>
  tab.evaluate((selector) => {
    const box = document.querySelector<HTMLDialogElement>(selector);
    const link = box?.querySelector('a[href^="http"]');
    const photoShown = !!box?.querySelector('img')?.getBoundingClientRect().width;
    return {
      open: box !== null,
      name: box?.querySelector('h3')?.textContent?.trim(),
      photo: photoShown,
      portfolio: [link?.getAttribute('href'), link?.textContent?.trim()],
      text: box?.textContent,
      skills: [...(box?.querySelectorAll('[data-skill-chips] li') ?? [])].map((chip) => chip.textContent),
      focus: document.activeElement?.getAttribute('aria-label'),
      pageScrolls: getComputedStyle(document.documentElement).overflow !== 'hidden',
    };
  }, openDialog);

journey(
  'a photo opens the member, by mouse or keyboard; Escape, the close button or the backdrop close it and focus returns',
  async (tab) => {
    for (const locale of locales) {
      const words = getTranslator(locale);
      await open(tab, `${localizedPath('/', locale)}#about`);
      await hydrated(tab, 'TeamGallery');
      for (const member of team) {
        await tab.click(photo(words, member.name));
        await expect
          .poll(() => dialog(tab))
          .toMatchObject({ open: true, name: member.name, photo: true, pageScrolls: false });
        expect(await dialog(tab)).toMatchObject({
          portfolio: [member.portfolioUrl, expect.stringContaining(words('about.portfolio'))],
          text: expect.stringContaining(member.bio[locale]),
          skills: parseSkills(member.skills[locale]),
          focus: words('about.close'),
        });
        await tab.click(`${openDialog} button[aria-label="${words('about.close')}"]`);
        await expect
          .poll(() => dialog(tab))
          .toMatchObject({ open: false, focus: words('about.openProfile', { name: member.name }), pageScrolls: true });
      }
    }

    const { name } = team[1]!;
    const closed = { open: false, focus: t('about.openProfile', { name }), pageScrolls: true };
    await open(tab, '/#about');
    await hydrated(tab, 'TeamGallery');
    await tab.evaluate((selector) => document.querySelector<HTMLElement>(selector)!.focus(), photo(t, name));
    for (const key of ['Enter', 'Space'] as const) {
      await tab.press(key);
      await expect
        .poll(() => dialog(tab))
        .toMatchObject({ open: true, name, focus: t('about.close'), pageScrolls: false });
      await tab.press('Escape');
      await expect.poll(() => dialog(tab)).toMatchObject(closed);
    }
    await tab.press('Enter');
    // A click inside the dialog leaves it open; one on the backdrop around it closes it.
    await tab.click(`${openDialog} h3`);
    expect(await dialog(tab)).toMatchObject({ open: true });
    await tab.pointer(5, 5, true);
    await expect.poll(() => dialog(tab)).toMatchObject({ open: false });
  },
);

journey(
  'a photo tapped before the gallery hydrates opens the member at once; the dialog stays open through hydration and opens nothing twice',
  async (tab) => {
    const [first, second] = team as [(typeof team)[number], (typeof team)[number]];
    const opened = (name: string) => ({ open: true, name, focus: t('about.close'), pageScrolls: false });
    const closed = (name: string) => ({ open: false, focus: t('about.openProfile', { name }), pageScrolls: true });
    const closeButton = `${openDialog} button[aria-label="${t('about.close')}"]`;

    // On a phone, at the page's top, the gallery's code is asked for only when the tap scrolls to it.
    await beforeHydration(
      tab,
      '/',
      'TeamGallery',
      async () => {
        await tab.click(photo(t, first.name));
        await expect.poll(() => dialog(tab)).toMatchObject(opened(first.name));
        await tab.press('Escape');
        await expect.poll(() => dialog(tab)).toMatchObject(closed(first.name));
        await tab.press('Enter');
        await expect.poll(() => dialog(tab)).toMatchObject(opened(first.name));
        await tab.click(closeButton);
        await expect.poll(() => dialog(tab)).toMatchObject(closed(first.name));
        await tab.click(photo(t, second.name));
        await expect.poll(() => dialog(tab)).toMatchObject(opened(second.name));
        await tab.pointer(5, 5, true);
        await expect.poll(() => dialog(tab)).toMatchObject(closed(second.name));
        // This one is still open when the gallery's code arrives.
        await tab.click(photo(t, first.name));
        await expect.poll(() => dialog(tab)).toMatchObject(opened(first.name));
      },
      { size: PHONE },
    );

    expect(await dialog(tab)).toMatchObject(opened(first.name));
    expect(await element(tab, openDialog).count()).toBe(1);
    await tab.press('Escape');
    await expect.poll(() => dialog(tab)).toMatchObject(closed(first.name));
    await tab.click(photo(t, second.name));
    await expect.poll(() => dialog(tab)).toMatchObject(opened(second.name));
    expect(await element(tab, openDialog).count()).toBe(1);
    await tab.click(closeButton);
    await expect.poll(() => dialog(tab)).toMatchObject(closed(second.name));
  },
);
