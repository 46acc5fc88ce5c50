import { expect } from 'vitest';
import { localeInfo, otherLocales } from '../../src/i18n/locales';
import { localizedPath } from '../../src/i18n/paths';
import { getTranslator } from '../../src/i18n/translate';
import { routes } from '../../src/routes.mjs';
import type { Tab } from '../browser';
import { journey, languageLink, open } from '../harness';
import { element } from '../page';

/** The language switch links to this page in every other language, and marks this one (docs/behaviour.md › Language). */
async function expectLanguageSwitch(tab: Tab, { locale, path, url }: (typeof routes)[number]) {
  for (const other of otherLocales(locale)) {
    const link = element(tab, languageLink(other));
    expect([await link.attribute('href'), await link.attribute('hreflang')], url).toEqual([
      localizedPath(path, other),
      other,
    ]);
  }
  expect(await element(tab, languageLink(locale)).count(), url).toBe(0);
  // A pill marks its segment (short label, and the name for screen readers); a menu of three or
  // more names the current language in its list and shows its short label on the button that opens it.
  const languageSwitch = `nav[aria-label="${getTranslator(locale)('language.label')}"]`;
  const { shortLabel, name } = localeInfo[locale];
  const menu = await element(tab, `${languageSwitch} summary`).text();
  expect([menu, await element(tab, `${languageSwitch} [aria-current="true"]`).text()], url).toEqual(
    menu === null ? [null, `${shortLabel}${name}`] : [`${shortLabel} ▾${name}`, name],
  );
}

journey(
  'every route in every language and the 404 page, read to the end: its language switch, no policy violation, no console error',
  async (tab) => {
    for (const route of [...routes, { url: '/gibt-es-nicht/' }]) {
      await open(tab, route.url);
      // Down the whole page as a reader goes, so every lazy image and island wakes up.
      await tab.evaluate(async () => {
        for (let y = 0; y <= document.documentElement.scrollHeight; y += innerHeight / 2) {
          window.scrollTo({ top: y, behavior: 'instant' });
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      });
      // Each page's own policy is in force, as the checks for violations rely on.
      expect(await element(tab, 'meta[http-equiv="content-security-policy"]').count(), route.url).toBe(1);
      if ('locale' in route) await expectLanguageSwitch(tab, route);
    }
  },
);
