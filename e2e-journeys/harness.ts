import { existsSync, mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { basename } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPortTaken } from '../local-inbox/port.ts';
import { LOCAL_BUILD_DIR, createSiteServer } from '../local-inbox/site-server.ts';
import { defaultLocale } from '../src/i18n/locales';
import { getTranslator } from '../src/i18n/translate';
import { headerIslands, hydratedIsland, island as islandElement } from '../e2e/site-parts';
import { missingEngine, type Browser, type EngineName, type EngineTab } from './engines';
import { closeServer, startJourneyProxy, type JourneyProxy, type ProbeFrame } from './journey-proxy';
import { findPuppeteerEngine } from './puppeteer';
import { findWebKit } from './webkit';

/**
 * The journeys' harness. A journey file (journeys/*.ts) declares its journeys with `journey()`;
 * journeys.test.ts runs each in every engine, one engine after the other, as a new visitor in a new
 * tab behind the journey proxy, failing on any console error, uncaught error or content-security-
 * policy violation on the pages it opened.
 */

export { expect };
export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };
/** A pause in which something that should not happen (a navigation, a video) would have. */
export const NOTHING_HAPPENS_MS = 600;
/** The site's own language, which `/` and every unprefixed page speak. */
export const t = getTranslator(defaultLocale);
/**
 * Where the browsers open the site: the port `npm run build:local` built it for (the contact form
 * sends there), Playwright's too (playwright.config.ts › E2E_PORT). Each engine's proxy takes it in
 * turn, the site server answering behind it.
 */
const SITE_PORT = Number(process.env.E2E_PORT ?? 4400);

/**
 * What a journey's steps may use besides the tab: the engine, and the proxy (whose `withoutStorage`
 * and `slowPages` a journey may change; each journey starts with neither).
 */
export interface Run {
  engine: EngineName;
  proxy: JourneyProxy;
}
/** The tab a journey drives: the engine's, with clicks, hovers and typing on an element as a visitor does them. */
export interface Tab extends EngineTab {
  /** Back or forward in the tab's history, as the browser's buttons go; `arrivedAt` waits until the page shows. */
  traverse(direction: 'back' | 'forward'): Promise<unknown>;
  click(selector: string): Promise<unknown>;
  hover(selector: string): Promise<unknown>;
  /** Clicks the field and types the text key by key. */
  type(selector: string, text: string): Promise<unknown>;
}
type Steps = (tab: Tab, run: Run) => Promise<void>;
const journeys = new Map<string, { name: string; steps: Steps; darkAndStill: boolean }[]>();
let declaring: Parameters<(typeof journeys)['set']>[1] = [];
let run: Run;

/** Declares a journey: a new visitor in a new tab, on a system that asks for light and motion, or dark and less. */
export function journey(name: string, steps: Steps, { darkAndStill = false } = {}) {
  declaring.push({ name, steps, darkAndStill });
}

/**
 * Every journey of `files`, each reported under its file, in every engine this machine has, against
 * the built site. A missing engine costs a line and is skipped; on CI, where `.ci/run` installs all
 * three, it fails the run.
 */
export async function runJourneys(files: Record<string, () => Promise<unknown>>) {
  for (const [file, load] of Object.entries(files)) {
    journeys.set(basename(file, '.ts'), (declaring = []));
    await load();
  }
  // The system's own builds (Debian's), since downloading browser builds is not possible everywhere the project is
  // tested; Playwright's own Chromium where it is installed.
  const engines = {
    Chromium: findPuppeteerEngine('Chromium'),
    Firefox: findPuppeteerEngine('Firefox'),
    WebKit: findWebKit(),
  };
  const missing = (Object.keys(engines) as EngineName[]).filter((engine) => !engines[engine]);
  if (missing.length && process.env.CI) throw new Error(missing.map((engine) => missingEngine[engine]).join('\n'));
  for (const engine of missing) process.stderr.write(`The journeys skip ${engine}. ${missingEngine[engine]}\n`);
  let upstreamPort = 0;

  beforeAll(async () => {
    if (!existsSync(`${LOCAL_BUILD_DIR}/index.html`)) {
      throw new Error(`${LOCAL_BUILD_DIR}/ holds no built site: run \`npm run build:local\` first (npm test does).`);
    }
    if (await isPortTaken(SITE_PORT, '127.0.0.1')) {
      throw new Error(
        `Port ${SITE_PORT} is taken: the journeys open the site there, because the build sends the contact form to it. ` +
          'Stop what listens there (a Playwright run that keeps its server?), or build and test on another: E2E_PORT=…',
      );
    }
    const server = createSiteServer({ root: LOCAL_BUILD_DIR, inboxFile: '.inbox/engines-messages.jsonl' });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    upstreamPort = (server.address() as AddressInfo).port;
    mkdirSync('test-results/engines', { recursive: true });
    return () => closeServer(server);
  });

  for (const [engine, launch] of Object.entries(engines) as [EngineName, (() => Promise<Browser>) | undefined][]) {
    describe.skipIf(!launch)(engine, () => {
      let browser: Browser;
      beforeAll(async () => {
        browser = await (launch as () => Promise<Browser>)();
        const proxy = await startJourneyProxy(upstreamPort, SITE_PORT);
        run = { engine, proxy };
        console.log(`${engine}: ${browser.version}`);
      });
      afterAll(async () => {
        await (browser as Browser | undefined)?.quit();
        await (run as Run | undefined)?.proxy.close();
      });
      for (const [file, declared] of journeys) {
        describe(file, () => {
          for (const { name, steps, darkAndStill } of declared) it(name, () => walk(browser, steps, darkAndStill));
        });
      }
    });
  }
}

async function walk(browser: Browser, steps: Steps, darkAndStill: boolean) {
  const { proxy } = run;
  const tab = asVisitor(await browser.open(darkAndStill));
  try {
    await steps(tab, run);
    // Nothing left on its way, a request the engine gave up on while it was held included.
    await proxy.settled();
    // What the probe noted on every page the tab showed (see page-probe.js).
    const reported = await tab.evaluate(() => sessionStorage.getItem('journeyReports')?.split('\n').filter(Boolean));
    expect([...tab.engineErrors(), ...(reported ?? [])], 'errors on the pages').toEqual([]);
  } finally {
    Object.assign(proxy, { withoutStorage: false, slowPages: null });
    await tab.close();
  }
}

/**
 * The tab as a visitor uses it, with paths opened on the site. A visitor who opens or clicks anything
 * first lets the page finish what it started: the islands in view hydrate, and what they asked for
 * arrives (Firefox and WebKit report a module import cut off by leaving the page as an error of that
 * page). While the proxy holds requests back, only what is not held is waited for.
 */
function asVisitor(tab: EngineTab): Tab {
  // Islands not hydrated yet that will without anything more happening: those in view that wait to
  // be seen (`client:visible`, or `client:deferred="visible"`, the contact form). Those that wait to
  // be reached for (the header's) wait.
  const pendingIslandsInView = () =>
    [...document.querySelectorAll('astro-island[ssr]')]
      .filter((island) => {
        const { value } = JSON.parse(island.getAttribute('opts') ?? '{}') as { value?: unknown };
        if (island.getAttribute('client') !== 'visible' && value !== 'visible') return false;
        // An island is `display: contents`: its content has the box.
        const box = island.firstElementChild?.getBoundingClientRect();
        return !!box && box.bottom > 0 && box.top < innerHeight && box.right > 0 && box.left < innerWidth;
      })
      .map((island) => island.getAttribute('component-url'));
  const finishLoading = async () => {
    if (!run.proxy.holding()) await expect.poll(() => tab.evaluate(pendingIslandsInView)).toEqual([]);
    await run.proxy.settled();
  };
  // Into the middle of the viewport, where nothing fixed (the header) covers it, at once: the site
  // scrolls smoothly, and a pointer aimed while the page still glides lands elsewhere. Its centre,
  // once it has stood still there for two frames: in Chromium, a glide the page started itself (the
  // contact form's focus on the first field in error) goes on after an instant scroll and carries
  // the element away from where the pointer is aimed.
  const centre = (selector: string) =>
    tab.evaluate(async (target) => {
      const element = document.querySelector(target);
      if (!element) throw new Error(`No element matches ${target}`);
      const frame = () => new Promise((painted) => requestAnimationFrame(painted));
      for (let tries = 0; tries < 20; tries++) {
        element.scrollIntoView({ block: 'center', behavior: 'instant' });
        const { top } = element.getBoundingClientRect();
        await frame();
        await frame();
        // In the window, too: in Firefox, a page just loaded can keep the element where it is.
        const after = element.getBoundingClientRect();
        const middle = after.top + after.height / 2;
        if (after.top === top && middle > 0 && middle < innerHeight) break;
      }
      const box = element.getBoundingClientRect();
      return [Math.round(box.left + box.width / 2), Math.round(box.top + box.height / 2)] as const;
    }, selector);
  return {
    ...tab,
    async goto(url) {
      await finishLoading();
      await tab.goto(new URL(url, run.proxy.origin).href);
    },
    async traverse(direction) {
      await finishLoading();
      if (tab.traverse) return tab.traverse(direction);
      // Else through the page's own history, once the script that asks has returned: Puppeteer's own
      // step waits for a load event, which a page restored from the back/forward cache never fires over BiDi.
      await tab.evaluate((delta) => void setTimeout(() => history.go(delta)), direction === 'back' ? -1 : 1);
    },
    async click(selector) {
      // In view first, so what scrolling into view wakes up (an island) loads before the click leaves the page.
      await centre(selector);
      await finishLoading();
      await tab.pointer(...(await centre(selector)), true);
    },
    hover: (selector) => centre(selector).then(([x, y]) => tab.pointer(x, y)),
    async type(selector, text) {
      await tab.pointer(...(await centre(selector)), true);
      await tab.keys(text);
    },
  };
}

/**
 * Opens a path of the site at a size and checks the viewport has it; then, unless told to keep away
 * (`reach: false`), reaches for the header's toggles, which hydrate only then, and waits until they
 * have: a journey's taps then meet the islands, and `beforeHydration` the early answers.
 */
export async function open(tab: Tab, path: string, { size = DESKTOP, reach = true } = {}) {
  await tab.setViewport(size.width, size.height);
  await tab.goto(path);
  expect(await tab.evaluate(() => innerWidth), 'viewport width').toBe(size.width);
  if (reach) for (const island of headerIslands) await reachFor(tab, island);
}

/** A corner of the header where the pointer rests on nothing that answers it. */
const RESTING_POINTER = [1, 1] as const;

/**
 * Reaches for a header island (`client:deferred="intent"`), as a pointer crossing the header does:
 * from a corner of the header onto its first control and back, so that nothing stays hovered. Waits
 * until it has hydrated. The header is always in view, so nothing is scrolled.
 */
export async function reachFor(tab: Tab, island: string) {
  const control = await tab.evaluate(
    (selector) => {
      const box = document.querySelector(selector)?.getBoundingClientRect();
      return box && ([Math.round(box.left + box.width / 2), Math.round(box.top + box.height / 2)] as const);
    },
    `${islandElement(island)} :is(a, button)`,
  );
  if (!control) throw new Error(`${island} has no control to reach for`);
  await tab.pointer(...RESTING_POINTER);
  await tab.pointer(...control);
  await tab.pointer(...RESTING_POINTER);
  await hydrated(tab, island);
}

/**
 * A visitor quicker than the page: opens `/` with the code of `island` (its component's name, as
 * `ThemeToggle`) held back by the proxy and checks the island is still the server's HTML; runs
 * `meanwhile` (a tap, and what it must have done already); then lets the code through and waits for
 * the island to hydrate. The journey then checks what must hold after hydration, such as nothing
 * having happened twice.
 *
 * It must be the tab's first page: a page with the code in its cache would not wait for it. An
 * island that hydrates once visible must not be in view before the page has loaded (`/` opens at its
 * top, on a desktop, where the islands below the header are below the fold even before the web fonts
 * have come; the tap scrolls): Firefox and WebKit hold the load event for a module on its way.
 */
export async function beforeHydration(tab: Tab, island: string, meanwhile: () => Promise<unknown>) {
  const release = run.proxy.hold(new RegExp(`^/_astro/${island}\\.[^/]*\\.js$`));
  try {
    await open(tab, '/', { reach: false });
    const unhydrated = element(tab, `${islandElement(island)}[ssr]`);
    expect(await unhydrated.count(), `${island} before its code arrives`).toBeGreaterThan(0);
    await meanwhile();
  } finally {
    release();
  }
  await hydrated(tab, island);
}

// Questions the journeys ask of a page, each one `evaluate` away, so they read the same in every
// engine. A journey waits for a state with `expect.poll(() => question).toBe(…)`.

/** Questions about the first element that matches `selector`. */
export const element = (tab: Tab, selector: string) => ({
  attribute: (name: string) =>
    tab.evaluate((target, key) => document.querySelector(target)?.getAttribute(key) ?? null, selector, name),
  count: () => tab.evaluate((target) => document.querySelectorAll(target).length, selector),
  focused: () => tab.evaluate((target) => document.activeElement?.matches(target) ?? false, selector),
});

export const hydrated = (tab: Tab, island: string) =>
  expect.poll(() => element(tab, hydratedIsland(island)).count(), { message: `${island} hydrated` }).toBeGreaterThan(0);

/**
 * Goes back or forward to `path`, which must be shown from the back/forward cache (the page probe
 * notes it); if it was loaded anew, in Chromium, the failure says why it was not restored (the
 * navigation's `notRestoredReasons`).
 */
export async function restoredBy(tab: Tab, direction: 'back' | 'forward', path: string) {
  await tab.traverse(direction);
  await arrivedAt(tab, path);
  const cameBack = await tab.evaluate(() => {
    type Reasons = { reasons?: { reason: string }[] | null; children?: Reasons[] | null } | null;
    const [navigation] = performance.getEntriesByType('navigation') as { notRestoredReasons?: Reasons }[];
    const why = (node: Reasons): string[] => [
      ...(node?.reasons ?? []).map((each) => each.reason),
      ...(node?.children ?? []).flatMap(why),
    ];
    const { __journeyRestored } = window as unknown as { __journeyRestored?: boolean };
    return __journeyRestored ? 'restored' : `loaded anew: ${why(navigation.notRestoredReasons ?? null).join(', ')}`;
  });
  expect(cameBack, `${direction} to ${path}`).toBe('restored');
}

/** Waits until the tab shows `path` and that page has loaded (its address changes before it has). */
export const arrivedAt = (tab: Tab, path: string) =>
  expect
    .poll(() => tab.evaluate(() => document.readyState === 'complete' && location.pathname), { message: `at ${path}` })
    .toBe(path);

export const scrollY = (tab: Tab) => tab.evaluate(() => Math.round(window.scrollY));

/** Scrolls at once (the site scrolls smoothly by default) and waits until the page is there. */
export async function scrollToY(tab: Tab, y: number) {
  await tab.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
  await expect.poll(() => scrollY(tab)).toBe(y);
}

/** Nothing wider than the viewport, and no heading cut off inside its own box. */
export async function expectNoOverflow(tab: Tab, where: string) {
  const overflow = await tab.evaluate(() => ({
    widerThanViewport: document.documentElement.scrollWidth > innerWidth,
    cutOffHeadings: [...document.querySelectorAll('h1, h2, h3')]
      // Screen-reader-only headings are 1 px wide by design.
      .filter((heading) => heading.clientWidth > 1 && heading.scrollWidth > heading.clientWidth)
      .map((heading) => heading.textContent),
  }));
  expect(overflow, where).toEqual({ widerThanViewport: false, cutOffHeadings: [] });
}

/** Waits until the page has rendered two more frames: what a scroll or a load changes is on screen. */
export const nextFrames = (tab: Tab) =>
  tab.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

/** The frames the page probe recorded, the last being the page as it is now. */
export async function recordedFrames(tab: Tab) {
  await nextFrames(tab);
  return tab.evaluate(() => (window as unknown as { __journeyFrames: ProbeFrame[] }).__journeyFrames);
}
