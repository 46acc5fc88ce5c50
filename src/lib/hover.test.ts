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

it.each([
  ['true for :hover where the main pointer hovers', true, true, true],
  ['false for the :hover a touch screen leaves on the last element touched', true, false, false],
  ['false where nothing rests on the element', false, true, false],
])('isHovered is %s', (_, hovered, canHover, expected) => {
  const element = { matches: (selector: string) => selector === ':hover' && hovered };
  const screen = {
    matchMedia: (query: string) => ({ matches: query === '(hover: hover)' && canHover }) as MediaQueryList,
  };
  expect(isHovered(element, screen)).toBe(expected);
});
