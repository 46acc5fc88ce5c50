import { describe, expect, it } from 'vitest';
import { moveIslandStyleToHead } from './island-styles.mjs';

const style = '<style>astro-island,astro-slot,astro-static-slot{display:contents}</style>';

describe('moveIslandStyleToHead', () => {
  it('moves the island style from the body to the end of the head', () => {
    const html = `<html><head><title>x</title></head><body><div>${style}<script>1</script></div></body></html>`;
    expect(moveIslandStyleToHead(html)).toBe(
      `<html><head><title>x</title>${style}</head><body><div><script>1</script></div></body></html>`,
    );
  });

  it('leaves a page without islands, or with the style in its head already, as it is', () => {
    const plain = '<html><head></head><body><p>x</p></body></html>';
    const done = `<html><head>${style}</head><body></body></html>`;
    expect(moveIslandStyleToHead(plain)).toBe(plain);
    expect(moveIslandStyleToHead(done)).toBe(done);
  });
});
