import type { Page } from '@playwright/test';
import { agency, builtPages, expect, test } from './fixtures';

// The built HTML as a visitor without JavaScript gets it, the islands as the server rendered them
// (<noscript> included): every link is in the markup.
test.use({ javaScriptEnabled: false });

/** Every address the page points at: links, resources, the form's target and its social-card image. */
function addressesOn(page: Page) {
  return page.evaluate(() => {
    const attributes = ['href', 'src', 'srcset', 'poster', 'action'];
    const found: string[] = [];
    for (const element of document.querySelectorAll('*')) {
      for (const name of attributes) {
        const value = element.getAttribute(name);
        if (value === null) continue;
        // A srcset lists "url width" candidates, comma-separated.
        if (name === 'srcset') found.push(...value.split(',').map((candidate) => candidate.trim().split(/\s+/)[0]));
        else found.push(value);
      }
    }
    for (const meta of document.querySelectorAll('meta[property="og:image"], meta[property="og:url"]'))
      found.push(meta.getAttribute('content') ?? '');
    return found;
  });
}

/** The fragment targets of the document open in `page`: ids and named anchors. */
function targetsOn(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('[id], a[name]')].map(
      (element) => element.id || (element.getAttribute('name') ?? ''),
    ),
  );
}

for (const { url } of builtPages()) {
  test(`every internal link and fragment on ${url} resolves; no word runs into a link or an emphasis beside it`, async ({
    page,
    context,
  }) => {
    await page.goto(url);
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
    const targets = new Map<string, string[]>([[url, await targetsOn(page)]]);
    const broken: string[] = [];
    for (const raw of new Set(await addressesOn(page))) {
      const address = new URL(raw, page.url());
      // The site's own absolute addresses (canonical, hreflang, Open Graph) are links into this build.
      const internal =
        address.origin === new URL(page.url()).origin || `${address.origin}/`.startsWith(`${agency.siteUrl}/`);
      if (!internal || !/^https?:$/.test(address.protocol)) continue;
      const path = address.pathname;
      if (!targets.has(path)) {
        const response = await context.request.get(path);
        if (!response.ok()) {
          broken.push(`${raw}: HTTP ${response.status()}`);
          continue;
        }
        if (!(response.headers()['content-type'] ?? '').startsWith('text/html')) {
          targets.set(path, []);
          continue;
        }
        const other = await context.newPage();
        await other.goto(path);
        targets.set(path, await targetsOn(other));
        await other.close();
      }
      const fragment = decodeURIComponent(address.hash.slice(1));
      // An empty fragment and #top lead to the top of any document.
      if (fragment && fragment.toLowerCase() !== 'top' && !targets.get(path)?.includes(fragment)) {
        broken.push(`${raw}: no element with id "${fragment}" on ${path}`);
      }
    }
    expect(broken).toEqual([]);
  });
}
