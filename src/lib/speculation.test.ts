import { runInNewContext } from 'node:vm';
import { expect, it } from 'vitest';
import { SPECULATE_ATTRIBUTE, speculationInitScript, speculationRules } from './speculation';

/** Whether the head script, as the page runs it, lets the rules apply where the connection saves data, or not, or does not say. */
function rulesApply(saveData?: boolean) {
  const attributes = new Set<string>();
  const navigator = saveData === undefined ? {} : { connection: { saveData } };
  const document = {
    documentElement: { setAttribute: (name: string) => attributes.add(name) },
    createElement: () => ({ relList: { supports: () => false } }),
  };
  runInNewContext(speculationInitScript, { navigator, document });
  return attributes.has(SPECULATE_ATTRIBUTE);
}

it('lets the rules apply before the first paint, so a link in view from then on can be taken', () => {
  expect(rulesApply(false)).toBe(true);
  expect(rulesApply()).toBe(true);
});

it('never while the visitor asks to save data', () => {
  expect(rulesApply(true)).toBe(false);
});

it('every rule needs the page to allow it, and names the site’s own paths only', () => {
  for (const rule of [...speculationRules.prefetch, ...speculationRules.prerender]) {
    expect(rule.where.and).toContainEqual({ href_matches: '/*' });
    expect(JSON.stringify(rule.where)).toContain(`:root[${SPECULATE_ATTRIBUTE}]`);
  }
});
