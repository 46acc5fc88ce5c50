import { languageLink } from '../../e2e/site-parts';
import { defaultLocale, otherLocales, type Locale } from '../../src/i18n/locales';
import { localizedPath } from '../../src/i18n/paths';
import { arrivedAt, expect, journey, open, type Tab } from '../harness';

/** docs/behaviour.md › Language. */
const [other] = otherLocales(defaultLocale) as [Locale];

/** Chooses a language, noting each `languageChange` event's detail where the next page can read it. */
async function switchTo(tab: Tab, locale: Locale) {
  await tab.evaluate(() =>
    addEventListener('languageChange', (event) => {
      const seen = JSON.parse(sessionStorage.getItem('languageChanges') ?? '[]') as unknown[];
      sessionStorage.setItem('languageChanges', JSON.stringify([...seen, (event as CustomEvent).detail]));
    }),
  );
  await tab.click(languageLink(locale));
}

/** What the switches announced, forgotten once read. */
const announced = (tab: Tab) =>
  tab.evaluate(() => {
    const seen = JSON.parse(sessionStorage.getItem('languageChanges') ?? '[]') as unknown[];
    sessionStorage.removeItem('languageChanges');
    return seen;
  });

journey('announces languageChange, then opens the same page in each other language, and back', async (tab) => {
  const from = localizedPath('/impressum/', defaultLocale);
  await open(tab, from);
  for (const locale of otherLocales(defaultLocale)) {
    await switchTo(tab, locale);
    // What that page says, and in which language, is its snapshot's and pages.spec.ts's.
    await arrivedAt(tab, localizedPath('/impressum/', locale));
    await switchTo(tab, defaultLocale);
    await arrivedAt(tab, from);
    expect(await announced(tab)).toEqual([locale, defaultLocale]);
  }
});

journey('keeps the section the visitor was reading', async (tab) => {
  await open(tab, `${localizedPath('/', defaultLocale)}#projects`);
  await switchTo(tab, other);
  await arrivedAt(tab, localizedPath('/', other));
  const inView = () =>
    tab.evaluate(() => {
      const box = document.querySelector('#projects')?.getBoundingClientRect();
      return location.hash === '#projects' && !!box && box.top < innerHeight && box.bottom > 0;
    });
  await expect.poll(inView).toBe(true);
  expect(await announced(tab)).toEqual([other]);
});
