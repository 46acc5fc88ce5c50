import { expect, it } from 'vitest';
import { HEADER_SCROLL_THRESHOLD, SCROLL_TO_TOP_THRESHOLD, isScrolledPast } from './scroll';

it('uses the thresholds of docs/behaviour.md › Constants: 100 px for the header, 300 px for the scroll-to-top button', () => {
  expect(HEADER_SCROLL_THRESHOLD).toBe(100);
  expect(SCROLL_TO_TOP_THRESHOLD).toBe(300);
});

it('counts only strictly more than the threshold as past it', () => {
  expect(isScrolledPast(100, 100)).toBe(false);
  expect(isScrolledPast(101, 100)).toBe(true);
  expect(isScrolledPast(0, 300)).toBe(false);
  expect(isScrolledPast(301, 300)).toBe(true);
});
