import { expect, it } from 'vitest';
import { parseSkills } from './skills';

it('splits skills at commas, trims them and drops empty ones', () => {
  expect(parseSkills('Astro,  React , ,TypeScript,')).toEqual(['Astro', 'React', 'TypeScript']);
  expect(parseSkills('')).toEqual([]);
});
