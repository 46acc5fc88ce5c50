import { gzipSync } from 'node:zlib';
import { builtHtml, expect, legalPages, localizedPath, locales, test } from './fixtures';
import { countLeaveListeners, forEveryPage, leaveListeners, nextFrames, readThrough } from './site-behaviour';
import { headerIslands } from './site-parts';

/** The budgets docs/quality.md › Budgets lists, checked on the built site. */
const KB = 1024;
const budgets = { landingJs: 90 * KB, legalJs: 75 * KB, landingHtml: 20 * KB, stylesheet: 10 * KB };

const gzipped = (content: string | Buffer) => gzipSync(content, { level: 9 }).length;

forEveryPage((url) => {
  test(`${url}: first render needs nothing but the HTML; every image has its size; it carries its content security policy; links that leave the site open apart`, async ({
    request,
  }) => {
    const response = await request.get(url);
    const html = await response.text();
    // The stylesheet is inline and the text is set in the system's fonts: no request before the paint.
    expect(html.match(/<link[^>]+rel="stylesheet"/g) ?? []).toEqual([]);
    expect(html).toMatch(/<style>(?:(?!<\/style>)[\s\S])*\.dark\\:/);
    expect(html).not.toMatch(/rel="preload"|@font-face/);
    // Scripts in the page are modules (deferred) or inline: none blocks rendering.
    for (const tag of html.match(/<script[^>]*\ssrc=[^>]*>/g) ?? []) expect(tag).toContain('type="module"');
    for (const image of html.match(/<img\b[^>]*>/g) ?? []) {
      expect(image).toMatch(/\swidth="\d+"/);
      expect(image).toMatch(/\sheight="\d+"/);
    }
    // Nothing points at another host but links a visitor chooses to follow.
    const embedded = [...html.matchAll(/\s(?:src|srcset|poster)="([^"]+)"/g)].map((match) => match[1]);
    for (const source of embedded) expect(source).not.toMatch(/^(https?:)?\/\//);
    // The source's comments are for its readers, not sent to every visitor (about 1 KB gzipped a page
    // once); Astro's and React's own markers stay.
    const comments = html.match(/<!--[\s\S]*?-->/g) ?? [];
    expect(comments.filter((comment) => !['<!--astro:end-->', '<!-- -->'].includes(comment))).toEqual([]);
    const policy = /<meta http-equiv="content-security-policy" content="([^"]+)"/.exec(html)?.[1] ?? '';
    // Firefox checks the favicon against the page's img-src (and logs a violation); Chromium does not.
    const icon = /<link rel="icon" href="([^"]+)"/.exec(html)?.[1];
    expect(icon).toBeDefined();
    expect(/\bimg-src ([^;]+)/.exec(policy)?.[1].split(' ')).toContain(icon?.startsWith('data:') ? 'data:' : "'self'");
    expect(policy).toContain("default-src 'self'");
    expect(policy).toMatch(/connect-src 'self' http:\/\/127\.0\.0\.1:\d+;/);
    expect(policy).toMatch(/script-src 'self'( 'sha256-[\w+/=]+')+;/);
    expect(policy).not.toContain('unsafe-inline');
    // The host's headers are deploy/'s to prove; the local server sends them too, so every suite runs
    // with Trusted Types enforced and a script that writes HTML from a string fails.
    expect(response.headers()['content-security-policy']).toContain("require-trusted-types-for 'script'");
    // Every link that leaves the site opens in a new tab without handing over the page or its address.
    for (const link of html.match(/<a\b[^>]*>/g) ?? []) {
      if (!/\starget="_blank"|\shref="http/.test(link)) continue;
      expect(link).toContain(' rel="noopener noreferrer"');
      expect(link).toContain(' target="_blank"');
    }
  });
});

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
      await page.addInitScript(countLeaveListeners);
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
      expect(await leaveListeners(page)).toEqual({ unload: 0, beforeunload: 0, handlerProperties: 0 });
    });
  }

  // CLS 0 (`npm run perf`), checked where Lighthouse does not look: at Lighthouse's phone, ours, and
  // a desktop.
  test(`the landing page (${locale}) shifts nothing while it loads`, async ({ page }) => {
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
  });

  // `sizes` is all a browser knows of a picture's width before layout, and it picks the file by it:
  // named narrower than shown, the picture is blurry; named wider, a phone fetches and decodes
  // pixels it never shows. Within a fifth above, one candidate serves every screen from 320 px.
  test(`every picture on the landing page (${locale}) names in \`sizes\` about the width it is shown at`, async ({
    page,
  }) => {
    await page.goto(localizedPath('/', locale));
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
