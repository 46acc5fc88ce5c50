import { readToTheEnd } from '../../e2e/site-parts';
import { routes } from '../../src/routes';
import { expect, expectNoOverflow, journey, localeInfo, localizedPath, open, otherLocales, PHONE } from '../harness';

/** docs/behaviour.md › Routes, Language and Legal pages. */
journey(
  'every route in every language and the 404 page at 390 px, read to the end: no overflow, its links, no error',
  async (tab) => {
    for (const route of [...routes, { url: '/gibt-es-nicht/' }]) {
      await open(tab, route.url, { size: PHONE });
      await expectNoOverflow(tab, route.url);
      await tab.evaluate(readToTheEnd);
      if (!('locale' in route)) continue;
      const page = await tab.evaluate(() => ({
        languages: Object.fromEntries(
          [...document.querySelectorAll<HTMLAnchorElement>('[data-language-link]')].map((link) => [
            link.dataset.languageLink ?? '',
            [link.getAttribute('href'), link.hreflang],
          ]),
        ),
        current: document.querySelector('[data-site-header] [aria-current="true"]')?.textContent.replace(/\s/g, ''),
      }));

      // The switch links to this page in every other language and marks its own segment (short
      // label, and the name for screen readers). What a screen reader gets of them, and the rest of
      // each page's links, are its snapshot's (e2e/snapshots.spec.ts).
      const { locale, path, url } = route;
      const languages = otherLocales(locale).map((other) => [other, [localizedPath(path, other), other]] as const);
      const { shortLabel, name } = localeInfo[locale];
      expect(page, url).toEqual({ languages: Object.fromEntries(languages), current: `${shortLabel}${name}` });
    }
  },
);
