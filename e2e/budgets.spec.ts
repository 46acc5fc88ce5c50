import { gzipSync } from 'node:zlib';
import { builtHtml, expect, legalPages, localizedPath, locales, test } from './fixtures';
import { leaveListeners, nextFrames, readThrough } from './site-behaviour';
import { headerIslands } from './site-parts';

/** The budgets docs/quality.md › Budgets lists, checked on the built site. */
const KB = 1024;
const budgets = { landingJs: 90 * KB, legalJs: 75 * KB, landingHtml: 20 * KB, stylesheet: 10 * KB };

const gzipped = (content: string | Buffer) => gzipSync(content, { level: 9 }).length;

/** What a page may load of script, gzipped, when read to its end, and the islands it has. */
const scriptBudgets = [
  { path: '/', budget: budgets.landingJs, islands: ['ContactForm', 'ProjectVideo', ...headerIslands] },
  ...legalPages.map((legalPage) => ({ path: `/${legalPage}/`, budget: budgets.legalJs, islands: headerIslands })),
];

for (const locale of locales) {
  for (const { path, budget, islands } of scriptBudgets) {
    const url = localizedPath(path, locale);
    test(`${url} ships at most ${budget / KB} KB of script gzip, only its islands, and no listener for leaving`, async ({
      page,
    }) => {
      const scripts = new Map<string, Promise<number>>();
      page.on('response', (response) => {
        if (response.request().resourceType() === 'script') {
          scripts.set(response.url(), response.body().then(gzipped));
        }
      });
      await readThrough(page, url);
      const found = await page
        .locator('astro-island')
        .evaluateAll((elements) =>
          elements.map((element) => element.getAttribute('component-url')?.match(/\/(\w+)\./)?.[1]),
        );
      const sizes = await Promise.all(scripts.values());
      expect(sizes.reduce((sum, bytes) => sum + bytes, 0)).toBeLessThanOrEqual(budget);
      expect([...new Set(found)].sort()).toEqual([...islands].sort());
      // Read to its end with every island awake: nothing that would cost the back/forward cache.
      expect(await leaveListeners(page)).toEqual([]);
    });
  }

  test(`the landing page (${locale}) shifts nothing while it loads, and every picture names in \`sizes\` about the width it is shown at`, async ({
    page,
  }) => {
    // CLS 0 (`npm run perf`), checked where Lighthouse does not look: at Lighthouse's phone, ours, and
    // a desktop.
    await page.addInitScript(() => {
      const shifts: string[] = [];
      Object.assign(window, { __shifts: shifts });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; sources: { node?: Node }[] })[])
          shifts.push(`${entry.value.toFixed(3)} ${entry.sources.map(({ node }) => node?.nodeName).join(' ')}`);
      }).observe({ type: 'layout-shift', buffered: true });
    });
    for (const [width, height] of [
      [412, 823],
      [390, 844],
      [1280, 800],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.goto(localizedPath('/', locale), { waitUntil: 'networkidle' });
      await nextFrames(page);
      expect(
        await page.evaluate(() => (window as unknown as { __shifts: string[] }).__shifts),
        `at ${width} px`,
      ).toEqual([]);
    }
    // `sizes` is all a browser knows of a picture's width before layout, and it picks the file by it:
    // named narrower than shown, the picture is blurry; named wider, a phone fetches and decodes
    // pixels it never shows. Within a fifth above, one candidate serves every screen from 320 px.
    const misfits: string[] = [];
    for (const width of [320, 390, 640, 768, 1024, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      const pictures = await page.locator('picture').evaluateAll((elements) =>
        elements.map((picture) => {
          const probe = document.body.appendChild(document.createElement('div'));
          probe.style.position = 'absolute';
          const sizes = picture.querySelector('[sizes]')?.getAttribute('sizes') ?? '';
          // The first entry whose media condition holds, or the last, which has none.
          const entry = sizes
            .split(',')
            .map((part) => /^(\(.*\))?\s*(.+)$/.exec(part.trim()))
            .find((match) => !match?.[1] || matchMedia(match[1]).matches);
          probe.style.width = entry?.[2] ?? '0';
          const named = probe.getBoundingClientRect().width;
          probe.remove();
          // A dialog's picture is shown only while the dialog is open.
          const dialog = picture.closest('dialog');
          dialog?.showModal();
          const image = picture.querySelector('img');
          const shown = image?.getBoundingClientRect().width ?? 0;
          dialog?.close();
          const file = image?.getAttribute('src')?.split('/').pop()?.split('.')[0] ?? 'a picture without an img';
          return { where: dialog ? `${file} in its dialog` : file, sizes, named, shown };
        }),
      );
      expect(pictures.length).toBeGreaterThan(8);
      for (const { where, sizes, named, shown } of pictures)
        if (named < shown - 1 || named > shown * 1.2)
          misfits.push(
            `${where} at ${width} px: shown ${shown.toFixed(0)} px, sizes="${sizes}" names ${named.toFixed(0)}`,
          );
    }
    expect(misfits).toEqual([]);
  });

  // The stylesheet travels inside the page (so the first paint waits for no second file); the
  // markup keeps its own budget, and the stylesheet gets one.
  test(`the landing page (${locale}) is at most 20 KB gzip, and its inline stylesheet at most 10 KB`, () => {
    const html = builtHtml(localizedPath('/', locale));
    // Lazy up to the closing tag: minified CSS may hold `<` itself, as in a range query `(width<=379px)`.
    const inlineStyles = /<style>[\s\S]*?<\/style>/g;
    expect(gzipped(html.replace(inlineStyles, ''))).toBeLessThanOrEqual(budgets.landingHtml);
    expect(gzipped((html.match(inlineStyles) ?? []).join(''))).toBeLessThanOrEqual(budgets.stylesheet);
  });
}
