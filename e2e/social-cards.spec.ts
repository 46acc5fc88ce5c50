import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { LOCAL_BUILD_DIR } from '../local-inbox/site-server.ts';
import { SOCIAL_CARD } from '../src/routes';
import { agency, allRoutes, expect, test } from './fixtures';

/** What one card may weigh: link previews are fetched on every share, so each card stays small. */
const CARD_BUDGET_BYTES = 100 * 1024;

test('every page in every language shares a card of its own, titled as the page in its language', async ({ page }) => {
  const cards = new Map<string, string>();
  for (const { url } of allRoutes) {
    await page.goto(url);
    const meta = (key: string) => page.locator(`meta[property="${key}"], meta[name="${key}"]`).getAttribute('content');
    const imageUrl = await meta('og:image');
    expect(imageUrl, `${url}: og:image`).toBeTruthy();
    const image = new URL(imageUrl ?? '');
    expect(image.origin, url).toBe(new URL(agency.siteUrl).origin);
    const alt = `${agency.name}: ${(await page.locator('h1').innerText()).replace(/\s+/g, ' ')}`;
    expect([await meta('og:image:alt'), await meta('twitter:image:alt')], url).toEqual([alt, alt]);
    expect(await meta('twitter:card'), url).toBe('summary_large_image');

    const card = readFileSync(`${LOCAL_BUILD_DIR}${image.pathname}`);
    const { format, width, height } = await sharp(card).metadata();
    expect({ format, width, height }, url).toEqual({ format: 'jpeg', ...SOCIAL_CARD });
    expect([await meta('og:image:width'), await meta('og:image:height')]).toEqual([String(width), String(height)]);
    expect(card.length, `${image.pathname} in bytes`).toBeLessThanOrEqual(CARD_BUDGET_BYTES);
    cards.set(createHash('sha256').update(card).digest('hex'), url);
  }
  expect(cards.size, 'cards that differ').toBe(allRoutes.length);
});
