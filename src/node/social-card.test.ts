import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { SOCIAL_CARD } from '../routes';
import { renderSocialCard, type SocialCard } from './social-card';

/** The build draws a card per page and language; each may take this long (about 0.2 s here). */
const CARD_RENDER_BUDGET_MS = 1500;

const card: SocialCard = {
  locale: 'de',
  name: 'Uferlicht Webdesign',
  kicker: 'Rechtliches',
  title: 'Allgemeine Geschäftsbedingungen',
  host: 'www.uferlicht-webdesign.de',
};

describe('a social card', () => {
  it('is drawn with local fonts only, at the size the page announces, within its time budget', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new Error('a social card must not reach the network')));
    const started = performance.now();
    const drawn = await renderSocialCard(card);
    expect(performance.now() - started).toBeLessThanOrEqual(CARD_RENDER_BUDGET_MS);
    const { format, width, height } = await sharp(drawn).metadata();
    expect({ format, width, height }).toEqual({ format: 'jpeg', ...SOCIAL_CARD });
  });

  it('is the same for the same page, so a build changes a card only when its page changes', async () => {
    const [once, again] = await Promise.all([renderSocialCard(card), renderSocialCard(card)]);
    expect(once.equals(again)).toBe(true);
  });

  it('differs with the title and the language', async () => {
    const base = await renderSocialCard(card);
    for (const other of [
      { ...card, title: 'Impressum' },
      { ...card, locale: 'en' as const },
    ]) {
      expect(base.equals(await renderSocialCard(other))).toBe(false);
    }
  });
});
