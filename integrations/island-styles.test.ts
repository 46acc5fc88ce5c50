import { expect, it } from 'vitest';
import { moveIslandStyleToHead } from './island-styles';

const style = '<style>astro-island,astro-slot,astro-static-slot{display:contents}</style>';
const plain = '<html><head></head><body><p>x</p></body></html>';
const done = `<html><head>${style}</head><body></body></html>`;

it.each([
  [
    'moves the island style from the body to the end of the head',
    `<html><head><title>x</title></head><body><div>${style}<script>1</script></div></body></html>`,
    `<html><head><title>x</title>${style}</head><body><div><script>1</script></div></body></html>`,
  ],
  ['leaves a page without islands as it is', plain, plain],
  ['leaves a page with the style in its head already as it is', done, done],
])('moveIslandStyleToHead %s', (_case, html, expected) => {
  expect(moveIslandStyleToHead(html)).toBe(expected);
});
