import { describe, expect, it } from 'vitest';
import { isHover, isHovered } from './hover';

describe('isHover', () => {
  it.each([
    ['mouse', true],
    ['pen', true],
    ['touch', false],
  ])('a %s pointer entering hovers: %s', (pointerType, hovers) => {
    expect(isHover({ pointerType })).toBe(hovers);
  });
});

describe('isHovered', () => {
  const element = (hovered: boolean) => ({ matches: (selector: string) => selector === ':hover' && hovered });
  const screen = (canHover: boolean) => ({
    matchMedia: (query: string) => ({ matches: query === '(hover: hover)' && canHover }) as MediaQueryList,
  });

  it('is true for :hover where the main pointer hovers', () => {
    expect(isHovered(element(true), screen(true))).toBe(true);
  });

  it('is false for the :hover a touch screen leaves on the last element touched', () => {
    expect(isHovered(element(true), screen(false))).toBe(false);
  });

  it('is false where nothing rests on the element', () => {
    expect(isHovered(element(false), screen(true))).toBe(false);
  });
});
