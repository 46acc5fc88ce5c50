import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { LOCAL_BUILD_DIR } from '../local-inbox/site-server.ts';
import { SOCIAL_CARD } from '../src/routes';
import { allRoutes, builtHtml, expect, test } from './fixtures';

/** What one card may weigh: link previews are fetched on every share, so each card stays small. */
const CARD_BUDGET_BYTES = 100 * 1024;

// What a page's head says of its card (its address, type, size and alt text, the Twitter card) is
// the page's head snapshot's (snapshots.spec.ts); here, the image it names.
test('every page in every language shares a card of its own, a JPEG of the size its head names', async () => {
  const cards = new Map<string, string>();
  for (const { url } of allRoutes) {
    const address = /<meta property="og:image" content="([^"]+)"/.exec(builtHtml(url))?.[1];
    expect(address, `${url}: og:image`).toBeDefined();
    const { pathname } = new URL(address ?? '');
    const card = readFileSync(`${LOCAL_BUILD_DIR}${pathname}`);
    const { format, width, height } = await sharp(card).metadata();
    expect({ format, width, height }, url).toEqual({ format: 'jpeg', ...SOCIAL_CARD });
    expect(card.length, `${pathname} in bytes`).toBeLessThanOrEqual(CARD_BUDGET_BYTES);
    cards.set(createHash('sha256').update(card).digest('hex'), url);
  }
  expect(cards.size, 'cards that differ').toBe(allRoutes.length);
});
