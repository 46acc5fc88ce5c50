#!/usr/bin/env node
// @ts-check
/**
 * `npm run perf:interaction`: how soon each control answers a tap on a phone (DESIGN.md, Budgets:
 * interaction). Chromium, driven over the DevTools protocol, throttles the page like a mid-range
 * phone on a slow line (4× CPU slowdown, 1.6 Mbps down, 750 kbps up, 150 ms round trip, a 390 px
 * touch screen); each control is tapped early (as soon as it is on screen, before its island has
 * hydrated) and late (after it has: the header's toggles, which wait for a visitor, once reached
 * for), each time on a fresh load with nothing cached, and the time from the tap to its answer on
 * screen is printed as medians. A tap that nothing answers within `LOST_AFTER_MS` counts as lost.
 *
 *   npm run perf:interaction                       the build in dist-local/ (built first if there is none)
 *   npm run perf:interaction -- --site DIR         another local-inbox build, e.g. one of an older commit
 *   npm run perf:interaction -- --site A --site B  both, each load of one followed by the same load of the
 *                                                  other, so that both meet the same load on the machine
 *   npm run perf:interaction -- --runs 3
 *   npm run perf:interaction -- --cpu 2           another CPU slowdown than the budget's 4×
 *   npm run perf:interaction -- --cpu-index 1000  the slowdown that makes this machine score 1000 on
 *                                                  Lighthouse's benchmark index, DevTools' mid-tier phone
 *
 * A tap is timed from the moment the touch reaches the page's input pipeline, as a finger's does, not
 * from the moment DevTools stamped it: see `heldByDevTools`. The table names how long DevTools held it.
 *
 * A benchmark, not a test: timings depend on the machine and on what else runs on it. The same 4×
 * slowdown makes a fast machine a mid-range phone and a slow one a low-end phone, so the heading
 * states the benchmark index the throttled page scored.
 */
import { availableParallelism, loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
import { LOCAL_BUILD_DIR } from '../local-inbox/site-server.ts';
import { defaultLocale, locales, routePrefix } from '../src/i18n/locales.ts';
import { BENCHMARK_PORT, buildLocalSite, builtForPort, chromePath, median, serveLocalSite } from './benchmark.mjs';

const { values: options } = parseArgs({
  options: {
    site: { type: 'string', multiple: true, default: [LOCAL_BUILD_DIR] },
    runs: { type: 'string', default: '5' },
    cpu: { type: 'string', default: '4' },
    'cpu-index': { type: 'string' },
  },
});
const RUNS = Number(options.runs);
/** Long enough for every island's code to arrive on the slow line and hydrate: a tap still unanswered by then was lost. */
const LOST_AFTER_MS = 8000;
/** After hydration, a moment for the island's first effects and the page's idle work to settle. */
const SETTLE_MS = 500;
/** The phone of the interaction budget (docs/quality.md › Budgets). */
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true };
/**
 * Lighthouse's benchmark index of a mid-tier and of a low-tier phone (a Pixel 5, a "Moto G4 Power 2022"),
 * as DevTools' CPU calibration names them (chrome-devtools-frontend, CalibrationController.ts).
 */
const PHONE_CLASSES = { 'mid-tier': 1000, 'low-tier': 264 };
const NETWORK = {
  offline: false,
  latency: 150,
  downloadThroughput: (1600 * 1000) / 8,
  uploadThroughput: (750 * 1000) / 8,
};

const otherLocale = locales.find((locale) => locale !== defaultLocale) ?? defaultLocale;
const otherHome = `${routePrefix(otherLocale)}/`;

/**
 * @typedef {{ ms: number | undefined, held: number, hydrated: boolean | undefined }} Tap
 * @typedef {{ name: string, ph: string, args?: { chrome_latency_info?: { component_info?: { component_type: string, time_us: number }[] } } }} TraceEvent
 * @typedef {'theme' | 'dialog' | 'form' | 'navigation'} Answer
 * @typedef {{ name: string, path: string, target: string, answer: Answer }} Control
 */
/** @type {Control[]} */
const controls = [
  { name: 'theme toggle on `/` (class `dark` flips)', path: '/', target: '[data-theme-toggle]', answer: 'theme' },
  { name: 'theme toggle on `/agb/`', path: '/agb/', target: '[data-theme-toggle]', answer: 'theme' },
  {
    name: `language switch on \`/\` (request for \`${otherHome}\` sent)`,
    path: '/',
    target: `[data-language-link="${otherLocale}"]`,
    answer: 'navigation',
  },
  { name: "team photo (the member's dialog opens)", path: '/', target: '[data-team-member] button', answer: 'dialog' },
  {
    name: 'contact form, submit with empty fields (the form answers)',
    path: '/',
    target: '#contact button[type="submit"]',
    answer: 'form',
  },
];

/**
 * Runs in the page before any of its own scripts: reports the tap on the control (its time and
 * whether the control's island had hydrated) and, once the control has answered, the end of the
 * next frame, when the answer is on screen. A navigation is timed by its request instead.
 * @param {{ target: string, answer: Answer }} control
 */
function probe({ target, answer }) {
  const report = /** @type {{ __interactionReport: (name: string, value: unknown) => void }} */ (
    /** @type {unknown} */ (window)
  ).__interactionReport;
  /** @type {Record<Exclude<Answer, 'navigation'>, () => () => boolean>} */
  const answers = {
    theme: () => {
      const dark = document.documentElement.classList.contains('dark');
      return () => document.documentElement.classList.contains('dark') !== dark;
    },
    dialog: () => () => document.querySelector('dialog[open]') !== null,
    // A field error, the sending state, or the mark of a submit held for the form's code.
    form: () => () =>
      document.querySelector(
        '#contact form [aria-invalid="true"], #contact form[data-early-submit], #contact form [aria-disabled="true"]',
      ) !== null,
  };
  let tapped = false;
  addEventListener(
    'pointerdown',
    (event) => {
      const control = event.target instanceof Element ? event.target.closest(target) : null;
      if (tapped || !control) return;
      tapped = true;
      report('tap', {
        at: performance.timeOrigin + event.timeStamp,
        hydrated: !control.closest('astro-island')?.hasAttribute('ssr'),
      });
      if (answer === 'navigation') return;
      const answered = answers[answer]();
      const observer = new MutationObserver(() => {
        if (!answered()) return;
        observer.disconnect();
        requestAnimationFrame(() => setTimeout(() => report('answer', performance.timeOrigin + performance.now())));
      });
      observer.observe(document.documentElement, { attributes: true, childList: true, subtree: true });
    },
    { capture: true, passive: true },
  );
}

/**
 * One fresh load, one tap.
 * @param {import('@playwright/test').Browser} browser
 * @param {string} site
 * @param {Control} control
 * @param {'early' | 'late'} when
 * @returns {Promise<Tap>}
 */
async function tapOnce(browser, site, control, when) {
  const context = await browser.newContext({ ...PHONE, baseURL: site });
  const tracing = await browser.newBrowserCDPSession();
  try {
    const page = await context.newPage();
    /** @type {{ at: number, hydrated: boolean } | undefined} */
    let tap;
    /** @type {(at: number) => void} */
    let answered = () => undefined;
    /** @type {Promise<number>} */
    const answer = new Promise((resolve) => (answered = resolve));
    await page.exposeBinding(
      '__interactionReport',
      (/** @type {unknown} */ _source, /** @type {string} */ name, /** @type {unknown} */ value) => {
        if (name === 'tap') tap = /** @type {{ at: number, hydrated: boolean }} */ (value);
        else answered(/** @type {number} */ (value));
      },
    );
    await page.addInitScript(probe, { target: control.target, answer: control.answer });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', NETWORK);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    cdp.on('Network.requestWillBeSent', (request) => {
      if (control.answer !== 'navigation' || request.type !== 'Document' || !tap) return;
      if (new URL(request.request.url).pathname === otherHome) answered(request.wallTime * 1000);
    });

    await page.goto(control.path, { waitUntil: 'commit' });
    // Every wait is the page's own script: Playwright's locators would put its injected script into
    // the page, whose capture listeners then run on every tap too (13 ms of a pointerdown at 1.4×).
    await page.evaluate(untilInPage, { target: control.target, state: 'visible', timeout: 60_000 });
    if (when === 'late') {
      await page.evaluate(untilInPage, { target: control.target, state: 'hydrated', timeout: 60_000 });
      await page.waitForLoadState('networkidle');
      await sleep(SETTLE_MS);
    }
    // Before the tap's own round trip, so that starting the trace never delays an early tap.
    const trace = await traceInput(tracing);
    // On screen and where, in one round trip: an early tap is not to wait for the harness. The tap
    // comes once the frame that shows the control where it was scrolled to has been painted: no finger
    // taps a control before it is on screen.
    const box = await page.evaluate(async (target) => {
      const node = /** @type {Element} */ (document.querySelector(target));
      node.scrollIntoView({ block: 'center', behavior: 'instant' });
      await new Promise((painted) => requestAnimationFrame(() => setTimeout(painted, 0)));
      const { x, y, width, height } = node.getBoundingClientRect();
      return { x: x + width / 2, y: y + height / 2 };
    }, control.target);
    await page.touchscreen.tap(box.x, box.y);
    const at = await Promise.race([answer, sleep(LOST_AFTER_MS).then(() => undefined)]);
    const held = heldByDevTools(await trace.end());
    // A tap the page never saw (a disabled control swallows it) was lost as well.
    return { ms: at === undefined || !tap ? undefined : at - tap.at - held, held, hydrated: tap?.hydrated };
  } finally {
    await tracing.detach();
    await context.close();
  }
}

/**
 * Resolves in the page once the first `target` is on screen, or, for `hydrated`, once it has been
 * scrolled to and reached for and its island has hydrated; checked in every frame, as Playwright's
 * own waits do.
 * Rejects after `timeout` ms.
 * @param {{ target: string, state: string, timeout: number }} wait
 */
function untilInPage({ target, state, timeout }) {
  return new Promise((resolve, reject) => {
    if (state === 'hydrated') {
      const node = document.querySelector(target);
      node?.scrollIntoView({ block: 'center', behavior: 'instant' });
      // The header's toggles hydrate only when reached for, as by a passing pointer or a first tap;
      // the islands further down, once scrolled to.
      node?.dispatchEvent(new PointerEvent('pointerover', { bubbles: true }));
    }
    const deadline = performance.now() + timeout;
    const ready = () => {
      const node = document.querySelector(target);
      if (state === 'visible') return !!node?.checkVisibility();
      // A control outside any island (the language switch, a link) has nothing to wait for.
      const island = node?.closest('astro-island');
      return island ? !island.hasAttribute('ssr') : !!node;
    };
    const check = () => {
      if (ready()) resolve(undefined);
      else if (performance.now() > deadline) reject(new Error(`${target} not ${state} after ${timeout} ms`));
      else requestAnimationFrame(check);
    };
    check();
  });
}

/**
 * Records the browser's input latency events from now until `end()`, which returns them.
 * @param {import('@playwright/test').CDPSession} tracing a browser session
 */
async function traceInput(tracing) {
  /** @type {TraceEvent[]} */
  const events = [];
  // The protocol types a trace event's fields as strings; a latency record's are objects.
  tracing.on('Tracing.dataCollected', ({ value }) =>
    events.push(.../** @type {TraceEvent[]} */ (/** @type {unknown} */ (value))),
  );
  await tracing.send('Tracing.start', {
    traceConfig: { includedCategories: ['latencyInfo'] },
    transferMode: 'ReportEvents',
  });
  return {
    end: async () => {
      const complete = new Promise((resolve) => tracing.once('Tracing.tracingComplete', resolve));
      await tracing.send('Tracing.end');
      await complete;
      return events;
    },
  };
}

/**
 * How long, in ms, the browser held the tap's touch before it sent it to the page. DevTools stamps a
 * touch when its `Input.dispatchTouchEvent` arrives, then holds it until the renderer has committed
 * its next frame ("We make sure the compositor is up to date before sending a touch event",
 * content/browser/devtools/protocol/input_handler.cc). No finger's touch waits so: it goes to the page
 * at once, and waits there only for what the page's main thread is doing. On a page still loading,
 * the hold is tens to hundreds of ms (docs/quality.md › When a tap is timed). The touch's latency record names both moments: its
 * original timestamp and its arrival at the page's widget host. Taken at the end of a hold, right
 * after a frame, a tap meets a main thread that has just finished one: it may wait a little less than
 * a finger's, which can land in the middle of a frame.
 * @param {TraceEvent[]} events
 */
function heldByDevTools(events) {
  const touch = events.find((event) => event.name === 'InputLatency::TouchStart' && event.ph === 'b');
  const components = touch?.args?.chrome_latency_info?.component_info ?? [];
  /** @param {string} type */
  const time = (type) => components.find((component) => component.component_type === type)?.time_us;
  const [original, arrived] = [
    time('COMPONENT_INPUT_EVENT_LATENCY_ORIGINAL'),
    time('COMPONENT_INPUT_EVENT_LATENCY_BEGIN_RWH'),
  ];
  if (original === undefined || arrived === undefined) throw new Error("The trace holds no record of the tap's touch.");
  return (arrived - original) / 1000;
}

/** @param {(number | undefined)[]} times */
function summary(times) {
  const answered = /** @type {number[]} */ (times.filter((ms) => ms !== undefined));
  const lost = times.length - answered.length;
  if (!answered.length) return `**lost**: ${lost} of ${times.length}`;
  const range = `${Math.round(Math.min(...answered))}–${Math.round(Math.max(...answered))}`;
  return `${Math.round(median(answered))} (${range})${lost ? `, **lost**: ${lost} of ${times.length}` : ''}`;
}

/** @param {Tap[]} taps the median time DevTools held their touches, ms */
const heldSummary = (taps) => String(Math.round(median(taps.map((tap) => tap.held))));

/** Each site to measure and the port its build talks to (its inbox), where it is served. */
const sites = options.site.map((root) => {
  let port = builtForPort(root);
  if (port === undefined && root !== LOCAL_BUILD_DIR) throw new Error(`${root} holds no built site.`);
  if (port === undefined) {
    buildLocalSite(BENCHMARK_PORT);
    port = BENCHMARK_PORT;
  }
  return { root, port };
});

/**
 * One fresh load and tap on a site, served for just that load: sites that share a port take turns.
 * @param {import('@playwright/test').Browser} browser
 * @param {{ root: string, port: number }} site
 * @param {Control} control
 * @param {'early' | 'late'} when
 */
async function tapOn(browser, site, control, when) {
  const server = await serveLocalSite({ ...site, inboxFile: '.perf/interaction-inbox.jsonl' });
  try {
    return await tapOnce(browser, `http://127.0.0.1:${site.port}`, control, when);
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

/**
 * Lighthouse's benchmark index (its CPU score, which scales with the slowdown) of a blank page at
 * `rate`, median of 3.
 * @param {import('@playwright/test').Browser} browser
 * @param {number} rate
 */
async function benchmarkIndex(browser, rate) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    /** @type {number[]} */
    const scores = [];
    for (let run = 0; run < 3; run++)
      scores.push(await page.evaluate(`(${pageFunctions.computeBenchmarkIndex.toString()})()`));
    return median(scores);
  } finally {
    await context.close();
  }
}

/**
 * The slowdown at which this machine scores `target`. The index falls in proportion to the slowdown,
 * so the rate is scaled by how far off the index is: once from no slowdown, once more from there.
 * @param {import('@playwright/test').Browser} browser
 * @param {number} target
 */
async function slowdownFor(browser, target) {
  let rate = 1;
  for (let step = 0; step < 2; step++) rate = Math.max(1, (rate * (await benchmarkIndex(browser, rate))) / target);
  return Math.round(rate * 10) / 10;
}

const browser = await chromium.launch({
  executablePath: chromePath(),
  args: ['--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'],
});
const cpuSlowdown =
  options['cpu-index'] === undefined ? Number(options.cpu) : await slowdownFor(browser, Number(options['cpu-index']));
const throttledIndex = await benchmarkIndex(browser, cpuSlowdown);
const phoneClass = Object.entries(PHONE_CLASSES)
  .map(([name, index]) => `${index} a ${name} phone`)
  .join(', ');
// Other work on the machine slows the throttled page down as well: figures are comparable only with
// others taken under a similar load, which the table's heading states.
const loadAtStart = loadavg()[0] ?? NaN;
/** @type {string[][]} Per site, its table's rows. */
const rows = sites.map(() => []);
try {
  for (const control of controls) {
    /** @type {Record<'early' | 'late', Tap[]>[]} */
    const taps = sites.map(() => ({ early: [], late: [] }));
    for (const when of /** @type {const} */ (['early', 'late'])) {
      for (let run = 0; run < RUNS; run++) {
        for (const [index, site] of sites.entries())
          taps[index]?.[when].push(await tapOn(browser, site, control, when));
      }
    }
    for (const [index, { early, late }] of taps.entries()) {
      const beforeHydration = early.filter((tap) => tap.hydrated === false).length;
      rows[index]?.push(
        `| ${control.name} | ${summary(early.map((tap) => tap.ms))} | ${heldSummary(early)} | ${beforeHydration} of ${RUNS} | ` +
          `${summary(late.map((tap) => tap.ms))} | ${heldSummary(late)} |`,
      );
    }
    process.stdout.write(`  ${control.name} done\n`);
  }
} finally {
  await browser.close();
}

console.log(
  `\nTap to answer on screen (from the touch's arrival at the page), ms, median of ${RUNS} fresh loads (fastest–slowest); Chromium with ${cpuSlowdown}× CPU slowdown ` +
    `(Lighthouse's benchmark index ${throttledIndex} there; DevTools calls ${phoneClass}), ` +
    `${(NETWORK.downloadThroughput * 8) / 1e6} Mbps down, ${(NETWORK.uploadThroughput * 8) / 1e3} kbps up, ${NETWORK.latency} ms round trip, ` +
    `${PHONE.viewport.width} px touch screen; load average ${loadAtStart.toFixed(1)} at the start, ` +
    `${(loadavg()[0] ?? NaN).toFixed(1)} at the end, on ${availableParallelism()} cores.`,
);
for (const [index, site] of sites.entries()) {
  console.log(
    [
      `\n${site.root}:\n`,
      '| control | early tap | held by DevTools | early taps before hydration | late tap | held by DevTools |',
      '| --- | --- | --- | --- | --- | --- |',
      ...(rows[index] ?? []),
    ].join('\n'),
  );
}
