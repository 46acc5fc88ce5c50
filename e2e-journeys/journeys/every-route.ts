import { readToTheEnd } from '../../e2e/site-parts';
import { routes } from '../../src/routes';
import { localeInfo, otherLocales } from '../../src/i18n/locales';
import { localizedPath } from '../../src/i18n/paths';
import { expect, expectNoOverflow, journey, open, PHONE, restoredBy } from '../harness';

/**
 * docs/behaviour.md › Routes, Language and Legal pages; DESIGN.md › Navigation. Each page is read to
 * its end, so every island on it has hydrated and its code has run. It stays eligible for the
 * back/forward cache (no `unload` listener; `beforeunload` only while a send runs), so Back and
 * Forward show it at once. A tab of its own for each: Puppeteer's Firefox loses track of a tab's
 * loads once a page came from the cache. The 404 page's are legal-and-404.ts's.
 */
for (const { url, locale, path } of routes) {
  const next = localizedPath(path === '/impressum/' ? '/agb/' : '/impressum/', locale);
  journey(
    `${url} at 390 px, read to the end: no overflow, its links, no error; Back to it and Forward to ${next} show each from the back/forward cache`,
    async (tab) => {
      await open(tab, url, { size: PHONE });
      await expectNoOverflow(tab, url);
      await tab.evaluate(readToTheEnd);
      const page = await tab.evaluate(() => ({
        languages: [...document.querySelectorAll<HTMLAnchorElement>('[data-language-link]')].map((link) =>
          [link.dataset.languageLink, link.getAttribute('href'), link.hreflang].join(' '),
        ),
        current: document.querySelector('[data-site-header] [aria-current="true"]')?.textContent.replace(/\s/g, ''),
      }));
      // The switch links to this page in every other language and marks its own segment (short
      // label, and the name for screen readers). What a screen reader gets of them, and the rest of
      // each page's links, are its snapshot's (e2e/snapshots.spec.ts).
      const languages = otherLocales(locale).map((other) => `${other} ${localizedPath(path, other)} ${other}`);
      const { shortLabel, name } = localeInfo[locale];
      expect(page, url).toEqual({ languages, current: `${shortLabel}${name}` });

      await tab.goto(next);
      await restoredBy(tab, 'back', url);
      await restoredBy(tab, 'forward', next);
    },
  );
}
