import type { Page } from '@playwright/test';
import { FileSystemConfigLoader, HtmlValidate } from 'html-validate';
import packageJson from '../package.json' with { type: 'json' };
import { agency, defaultLocale, expect, getTranslator, test } from './fixtures';
import { forEveryPage } from './site-behaviour';

// Each page as it is served. Its language, title, description, canonical address, alternates and Open
// Graph tags, and robots.txt and the sitemap, are their snapshots' (snapshots.spec.ts); its social card
// is social-cards.spec.ts's.

// The built HTML as a visitor without JavaScript gets it, the islands as the server rendered them
// (<noscript> included): every link is in the markup.
test.use({ javaScriptEnabled: false });

test.describe(() => {
  // Chromium logs the 404 answer of the page itself as a console error; that is the point here.
  test.use({ expectedConsoleErrors: /status of 404 \(Not Found\)/ });

  // Unknown paths in each language are e2e-journeys/journeys/legal-and-404.ts's; this one is unknown only here.
  test('the default language has no prefix: under its code, even a real page is the 404 page', async ({ page }) => {
    const response = await page.goto(`/${defaultLocale}/impressum/`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(getTranslator(defaultLocale)('notFound.title'));
  });
});

/**
 * The browsers the site supports (package.json › browserslist, named in docs/quality.md › Supported
 * browsers) get valid HTML and the CSS they need: the build prefixes what the oldest of them only
 * knows by its vendor name.
 */
test('the supported browsers are those docs/quality.md names: the last two of each engine, iOS Safari 15 and Firefox ESR', () => {
  expect(packageJson.browserslist).toEqual([
    'last 2 Chrome versions',
    'last 2 Edge versions',
    'last 2 Firefox versions',
    'Firefox ESR',
    'last 2 Safari versions',
    'iOS >= 15',
  ]);
});

/** Every address the page points at: links, resources, the form's target and its social-card image. */
const addressesOn = (page: Page) =>
  page
    .locator('[href], [src], [srcset], [poster], [action], meta:is([property="og:image"], [property="og:url"])')
    .evaluateAll((elements) =>
      elements.flatMap((element) => {
        const single = ['href', 'src', 'poster', 'action', 'content'].map((name) => element.getAttribute(name));
        // A srcset lists "url width" candidates, comma-separated.
        const srcset = element.getAttribute('srcset')?.split(',') ?? [];
        return [...single, ...srcset.map((candidate) => candidate.trim().split(/\s+/)[0])].filter(
          (value) => value !== null,
        );
      }),
    );

/** The fragment targets of a document: its ids. */
const idsIn = (html: string) => [...html.matchAll(/\sid="([^"]+)"/g)].map((match) => match[1]);

// html-validate with the repository's .htmlvalidate.mjs, which it finds from the working directory.
const validator = new HtmlValidate(new FileSystemConfigLoader());

forEveryPage((url) => {
  test(`${url}: valid HTML, first render needs nothing but the HTML, every image has its size, it carries its content security policy, every internal link and fragment resolves, links that leave open apart, no word runs into a link`, async ({
    page,
    context,
  }) => {
    const response = await page.goto(url);
    const html = (await response?.text()) ?? '';
    const report = await validator.validateString(html, 'built.html');
    const findings = report.results.flatMap((result) =>
      result.messages.map((message) => `${message.line}:${message.column} ${message.ruleId}: ${message.message}`),
    );
    expect.soft(findings, 'html-validate').toEqual([]);
    // The sticky header, on every page, blurs what lies behind it; the team modal's backdrop too. Safari
    // before 18 needs the -webkit- form for the blur, beside each declaration of it.
    const blurs = (prefix: string) =>
      [...html.matchAll(new RegExp(`[{;]${prefix}backdrop-filter:([^;}]+)`, 'g'))].map((match) => match[1]);
    expect(blurs('').length).toBeGreaterThan(0);
    expect(blurs('-webkit-')).toEqual(blurs(''));

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
    expect(response?.headers()['content-security-policy']).toContain("require-trusted-types-for 'script'");
    // Every link that leaves the site opens in a new tab without handing over the page or its address.
    for (const link of html.match(/<a\b[^>]*>/g) ?? []) {
      if (!/\starget="_blank"|\shref="http/.test(link)) continue;
      expect(link).toContain(' rel="noopener noreferrer"');
      expect(link).toContain(' target="_blank"');
    }

    const runTogether = await page.locator('body :is(a, strong, em, code, abbr)').evaluateAll((elements) => {
      // Text that flows in a line: a text node or an inline element (flex items and blocks stand apart).
      const inline = (node: Node | null) =>
        node instanceof Text || (node instanceof Element && getComputedStyle(node).display.startsWith('inline'));
      const words = (node: Node | null) => (node && inline(node) ? (node.textContent ?? '') : '');
      const joined = (left: string, right: string) => /[\p{L}\p{N}:;,!?]$/u.test(left) && /^[\p{L}\p{N}]/u.test(right);
      return elements.flatMap((element) => {
        const [before, own, after] = [words(element.previousSibling), words(element), words(element.nextSibling)];
        return joined(before, own) || joined(own, after) ? [`${before.slice(-20)}|${own}|${after.slice(0, 20)}`] : [];
      });
    });
    expect.soft(runTogether, 'words run together').toEqual([]);
    const targets = new Map([[url, idsIn(html)]]);
    const broken: string[] = [];
    for (const raw of new Set(await addressesOn(page))) {
      const address = new URL(raw, page.url());
      // The site's own absolute addresses (canonical, hreflang, Open Graph) are links into this build.
      const internal =
        address.origin === new URL(page.url()).origin || `${address.origin}/`.startsWith(`${agency.siteUrl}/`);
      if (!internal || !/^https?:$/.test(address.protocol)) continue;
      const path = address.pathname;
      if (!targets.has(path)) {
        const linked = await context.request.get(path);
        if (!linked.ok()) {
          broken.push(`${raw}: HTTP ${linked.status()}`);
          continue;
        }
        const isHtml = (linked.headers()['content-type'] ?? '').startsWith('text/html');
        targets.set(path, isHtml ? idsIn(await linked.text()) : []);
      }
      const fragment = decodeURIComponent(address.hash.slice(1));
      // An empty fragment and #top lead to the top of any document.
      if (fragment && fragment.toLowerCase() !== 'top' && !targets.get(path)?.includes(fragment)) {
        broken.push(`${raw}: no element with id "${fragment}" on ${path}`);
      }
    }
    expect(broken).toEqual([]);
  });
});
