import { rolldown } from 'rolldown';
import { expect, it } from 'vitest';
import { SPECULATE_ATTRIBUTE, speculateAfterLoad, speculationRules } from './speculation';

/**
 * A page still loading or loaded, its connection saving data or not, in a browser with
 * `requestIdleCallback` or, like Safari, without; `load()` fires its load event, `idle()` runs what
 * waits for the main thread to be idle (or for a task of its own).
 */
function page({
  loaded,
  saveData,
  idleCallback = true,
}: {
  loaded: boolean;
  saveData?: boolean;
  idleCallback?: boolean;
}) {
  const attributes = new Set<string>();
  const onLoad: (() => void)[] = [];
  const onIdle: (() => void)[] = [];
  const win = {
    navigator: saveData === undefined ? {} : { connection: { saveData } },
    addEventListener: (type: string, listener: () => void) => type === 'load' && onLoad.push(listener),
    setTimeout: (callback: () => void) => onIdle.push(callback),
    ...(idleCallback && { requestIdleCallback: (callback: () => void) => onIdle.push(callback) }),
  } as unknown as Window;
  const doc = {
    readyState: loaded ? 'complete' : 'interactive',
    documentElement: { setAttribute: (name: string) => attributes.add(name) },
  } as unknown as Document;
  return {
    win,
    doc,
    load: () => onLoad.splice(0).forEach((listener) => listener()),
    idle: () => onIdle.splice(0).forEach((callback) => callback()),
    allowed: () => attributes.has(SPECULATE_ATTRIBUTE),
  };
}

// Where requestIdleCallback is missing (Safari), `idle()` runs the task set for after the load instead.
it.each([true, false])(
  'lets the rules apply in the first idle moment after the page has loaded, not before (requestIdleCallback: %s)',
  (idleCallback) => {
    const loading = page({ loaded: false, saveData: false, idleCallback });
    speculateAfterLoad(loading.win, loading.doc);
    loading.idle();
    expect(loading.allowed()).toBe(false);
    loading.load();
    // Not in the load event's own task: the attribute restyles the page's links.
    expect(loading.allowed()).toBe(false);
    loading.idle();
    expect(loading.allowed()).toBe(true);

    const loaded = page({ loaded: true, idleCallback });
    speculateAfterLoad(loaded.win, loaded.doc);
    expect(loaded.allowed()).toBe(false);
    loaded.idle();
    expect(loaded.allowed()).toBe(true);
  },
);

it('never while the visitor asks to save data', () => {
  const saving = page({ loaded: false, saveData: true });
  speculateAfterLoad(saving.win, saving.doc);
  saving.load();
  saving.idle();
  expect(saving.allowed()).toBe(false);
});

it('every rule needs the page to allow it, and names the site’s own paths only', () => {
  for (const rule of [...speculationRules.prefetch, ...speculationRules.prerender]) {
    expect(rule.where.and).toContainEqual({ href_matches: '/*' });
    expect(JSON.stringify(rule.where)).toContain(`:root[${SPECULATE_ATTRIBUTE}]`);
  }
});

it('the script that lets the rules apply ships without them: the page carries them already', async () => {
  const source = `import { speculateAfterLoad } from ${JSON.stringify(new URL('./speculation.ts', import.meta.url).pathname)};`;
  const entry = {
    name: 'entry',
    resolveId: (id: string) => (id === 'entry' ? id : null),
    load: (id: string) => (id === 'entry' ? `${source} speculateAfterLoad();` : null),
  };
  const bundle = await rolldown({ input: 'entry', plugins: [entry] });
  const [chunk] = (await bundle.generate({ minify: true })).output;
  expect(chunk.code).toContain(SPECULATE_ATTRIBUTE);
  expect(chunk.code).not.toContain('href_matches');
});
