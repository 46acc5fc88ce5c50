import { expect, it } from 'vitest';
import { SPECULATE_ATTRIBUTE, speculateAfterLoad, speculationRules } from './speculation';

/** A page still loading or loaded, its connection saving data or not; `load()` fires its load event. */
function page({ loaded, saveData }: { loaded: boolean; saveData?: boolean }) {
  const attributes = new Set<string>();
  const onLoad: (() => void)[] = [];
  const win = {
    navigator: saveData === undefined ? {} : { connection: { saveData } },
    addEventListener: (type: string, listener: () => void) => type === 'load' && onLoad.push(listener),
  } as unknown as Window;
  const doc = {
    readyState: loaded ? 'complete' : 'interactive',
    documentElement: { setAttribute: (name: string) => attributes.add(name) },
  } as unknown as Document;
  return {
    win,
    doc,
    load: () => onLoad.forEach((listener) => listener()),
    allowed: () => attributes.has(SPECULATE_ATTRIBUTE),
  };
}

it('lets the rules apply once the page has loaded, not before', () => {
  const loading = page({ loaded: false, saveData: false });
  speculateAfterLoad(loading.win, loading.doc);
  expect(loading.allowed()).toBe(false);
  loading.load();
  expect(loading.allowed()).toBe(true);

  const loaded = page({ loaded: true });
  speculateAfterLoad(loaded.win, loaded.doc);
  expect(loaded.allowed()).toBe(true);
});

it('never while the visitor asks to save data', () => {
  const saving = page({ loaded: false, saveData: true });
  speculateAfterLoad(saving.win, saving.doc);
  saving.load();
  expect(saving.allowed()).toBe(false);
});

it('every rule needs the page to allow it, and names the site’s own paths only', () => {
  for (const rule of [...speculationRules.prefetch, ...speculationRules.prerender]) {
    expect(rule.where.and).toContainEqual({ href_matches: '/*' });
    expect(JSON.stringify(rule.where)).toContain(`:root[${SPECULATE_ATTRIBUTE}]`);
  }
});
