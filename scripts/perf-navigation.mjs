#!/usr/bin/env node
// @ts-check
/**
 * `npm run perf:navigation`: from a tap on a link of the site to the next page on screen, and from
 * Back and Forward to the page restored, as a visitor's browser does it: Chromium prerenders
 * nothing while an automation client (DevTools, Playwright) is attached, so none is. The browsers
 * run on a virtual display (Xvfb) with a fresh profile per load, driven by input from outside the
 * browser (xdotool), and the pages report their own timings to the benchmark's server, through a
 * script it adds to every page, from its own origin. docs/quality.md › How the benchmarks measure.
 *
 * Measures the site as built (speculation on) and the same build with no link taken ahead (off:
 * neither its Speculation Rules nor Firefox's fetch ahead), load by load in turns, in Chromium and
 * Firefox.
 *
 *   npm run perf:navigation                 # 5 loads per link, profile and build
 *   npm run perf:navigation -- --runs 9
 *   npm run perf:navigation -- --browser chromium --profile desktop
 *   npm run perf:navigation -- --site DIR   # a local build as it is, not built again
 *
 * Not part of `npm test`: timings depend on the machine. Needs Xvfb and xdotool
 * (.ci/system-packages.sh), Chromium (CHROMIUM_PATH) and firefox-esr.
 */
import { spawn, spawnSync } from 'node:child_process';
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createSiteServer, LOCAL_BUILD_DIR } from '../local-inbox/site-server.ts';
import { SPECULATE_ATTRIBUTE } from '../src/lib/speculation.ts';
import { pacedHandler } from './paced-network.mjs';
import { BENCHMARK_PORT as PORT, buildLocalSite, chromePath, median } from './benchmark.mjs';

const { values: options } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    browser: { type: 'string', multiple: true },
    site: { type: 'string' },
    profile: { type: 'string', multiple: true },
    link: { type: 'string' },
  },
});
const RUNS = Number(options.runs);
const BROWSERS = options.browser ?? ['chromium', 'firefox'];

/** How long the visitor reads the page before reaching for the link, and how long a resting pointer rests. */
const READ_MS = 2000;
const REST_MS = 300;
/** How long a finger's tap stays on the glass, between pointerdown and click. */
const TAP_MS = 80;

/** The links measured: where from, which link (the first visible match), where to. */
const LINKS = [
  { name: 'DE/EN switch, `/` → `/en/`', from: '/', selector: '[data-language-link="en"]', to: '/en/' },
  { name: 'DE/EN switch, `/agb/` → `/en/agb/`', from: '/agb/', selector: '[data-language-link="en"]', to: '/en/agb/' },
  {
    name: 'footer "Impressum", `/` → `/impressum/`',
    from: '/',
    selector: 'footer a[href="/impressum/"]',
    to: '/impressum/',
    scroll: true,
  },
  { name: '"Back to the home page", `/agb/` → `/`', from: '/agb/', selector: '[data-back-home]', to: '/' },
];
/** Each profile's window, whether the pointer rests on a link before it clicks, and Lighthouse's network for it. */
const PROFILES = {
  phone: {
    width: 390,
    height: 844,
    rest: false,
    network: { bitsPerMs: 1600, roundTripMs: 150 },
    // Chromium on Android starts an "eager" rule's prerender once a link has been in view for a
    // moment, its desktop build once the pointer rests on one: these switches give the desktop build
    // Android's trigger (every link sampled, as Android's predictor does). Translate's bar stays off.
    chromiumFeatures: [
      '--enable-features=PreloadingEagerViewportHeuristics,NavigationPredictor:random_anchor_sampling_period/1',
      '--disable-features=Translate,PreloadingEagerHoverHeuristics',
    ],
  },
  desktop: {
    width: 1280,
    height: 800,
    rest: true,
    network: { bitsPerMs: 10240, roundTripMs: 40 },
    chromiumFeatures: ['--disable-features=Translate'],
  },
};

/**
 * Added to every page: reports the screen position of the measured links once the page is ready
 * (and after each scroll), the time of each pointerdown, and when the page is on screen: its first
 * contentful paint, or the first frame after a prerendered page is shown or one is restored from
 * the back/forward cache. Times are the browser's own, as milliseconds since the epoch.
 */
const reporter = (/** @type {string[]} */ selectors, /** @type {string | null} */ speculationOff) => {
  // Before the page's first paint: with its attribute gone, no rule and no fetch ahead takes a link.
  if (speculationOff) document.documentElement.removeAttribute(speculationOff);
  const post = (/** @type {object} */ data) =>
    navigator.sendBeacon('/__navigation', JSON.stringify({ path: location.pathname, ...data }));
  const at = (/** @type {number} */ time) => performance.timeOrigin + time;
  const links = () => {
    // The browser's own toolbars sit above the page: the page's top edge on screen.
    const top = window.screenY + window.outerHeight - window.innerHeight;
    const left = window.screenX + (window.outerWidth - window.innerWidth) / 2;
    /** @type {Record<string, [number, number]>} */
    const found = {};
    for (const selector of selectors) {
      const link = [...document.querySelectorAll(selector)].find((element) => element.checkVisibility());
      const box = link?.getBoundingClientRect();
      if (box && box.bottom > 0 && box.top < innerHeight)
        found[selector] = [Math.round(left + box.x + box.width / 2), Math.round(top + box.y + box.height / 2)];
    }
    const [entry] = /** @type {[PerformanceNavigationTiming]} */ (performance.getEntriesByType('navigation'));
    post({ kind: 'ready', links: found, load: entry.loadEventStart });
  };
  const shown = (/** @type {string} */ how) =>
    requestAnimationFrame((frame) => {
      post({ kind: 'shown', how, at: at(frame) });
      setTimeout(links, 100);
    });
  addEventListener('pointerdown', (event) => post({ kind: 'tap', at: at(event.timeStamp) }), { capture: true });
  addEventListener('click', (event) => post({ kind: 'click', at: at(event.timeStamp) }), { capture: true });
  addEventListener('scrollend', links);
  addEventListener('resize', links);
  addEventListener('pageshow', (event) => event.persisted && shown('back/forward cache'));
  const page = /** @type {Document & { prerendering?: boolean }} */ (document);
  if (page.prerendering) page.addEventListener('prerenderingchange', () => shown('prerendered'), { once: true });
  else {
    // 'navigational-prefetch' for a page Chromium fetched ahead, 'cache' for one from the HTTP cache
    // (Firefox has no `deliveryType`: its first byte within 10 ms, well inside a round trip); empty
    // for one loaded on the tap.
    const [entry] = /** @type {(PerformanceNavigationTiming & { deliveryType?: string } | undefined)[]} */ (
      performance.getEntriesByType('navigation')
    );
    const delivery = entry?.deliveryType ?? (entry && entry.responseStart - entry.fetchStart < 10 ? 'cache' : '');
    new PerformanceObserver((list) => {
      for (const paint of list.getEntriesByName('first-contentful-paint'))
        post({ kind: 'shown', how: delivery === '' ? 'loaded' : delivery, at: at(paint.startTime) });
    }).observe({ type: 'paint', buffered: true });
    if (document.readyState === 'complete') links();
    else addEventListener('load', () => setTimeout(links, 100), { once: true });
  }
};

/** Copies a build, adding the reporter to every page; `speculation: false` keeps every link from being taken ahead. */
async function prepareSite(/** @type {string} */ from, /** @type {boolean} */ speculation) {
  const root = await mkdtemp(join(tmpdir(), `perf-navigation-${speculation ? 'on' : 'off'}-`));
  await cp(from, root, { recursive: true });
  const selectors = JSON.stringify(LINKS.map((link) => link.selector));
  const off = JSON.stringify(speculation ? null : SPECULATE_ATTRIBUTE);
  await writeFile(join(root, '__navigation.js'), `(${reporter.toString()})(${selectors}, ${off});\n`);
  for (const file of await readdir(root, { recursive: true })) {
    if (!file.endsWith('.html')) continue;
    let html = await readFile(join(root, file), 'utf-8');
    // The content security policy allows scripts from the page's own origin ('self').
    await writeFile(join(root, file), html.replace('</head>', '<script src="/__navigation.js"></script></head>'));
  }
  return root;
}

/** @typedef {{ path: string, kind: 'ready' | 'tap' | 'click' | 'shown', at?: number, how?: string, load?: number, links?: Record<string, [number, number]> }} Report */
/** @type {Report[]} */
let reports = [];

/**
 * Serves a prepared site with the inbox, as `npm start` does, plus the reports' endpoint, pacing
 * every response to the profile's network: a round trip before it starts, its bytes at the
 * network's rate on one link all responses share.
 */
function serve(/** @type {string} */ root, /** @type {import('./paced-network.mjs').Network} */ network) {
  const site = createSiteServer({ root, inboxFile: join(root, '.inbox.jsonl') });
  const handle =
    /** @type {(request: import('node:http').IncomingMessage, response: import('node:http').ServerResponse) => void} */ (
      site.listeners('request')[0]
    );
  const paced = pacedHandler(handle, network);
  const server = createServer((request, response) => {
    if (request.url === '/__navigation') {
      let body = '';
      request.setEncoding('utf-8');
      request.on('data', (/** @type {string} */ chunk) => (body += chunk));
      request.on('end', () => {
        const report = /** @type {unknown} */ (JSON.parse(body));
        reports.push(/** @type {Report} */ (report));
        response.writeHead(204).end();
      });
      return;
    }
    paced(request, response);
  });
  return /** @type {Promise<import('node:http').Server>} */ (
    new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(PORT, '127.0.0.1', () => resolve(server));
    })
  );
}

const sleep = (/** @type {number} */ ms) => new Promise((resolve) => setTimeout(resolve, ms));
const DISPLAY = `:${100 + (PORT % 1000)}`;
const xdotool = (/** @type {string[]} */ args) => spawnSync('xdotool', args, { env: { ...process.env, DISPLAY } });

/** Waits for the first report matching `test` that arrives from now on; undefined after `timeout` ms (a browser's first start on a busy machine takes a while). */
async function next(/** @type {(report: Report) => boolean} */ test, timeout = 60_000) {
  const since = reports.length;
  for (const end = Date.now() + timeout; Date.now() < end; await sleep(20)) {
    const found = reports.slice(since).find(test);
    if (found) return found;
  }
  return undefined;
}

/** Starts a browser with a fresh profile on `url`, its window the profile's size at the screen's corner. */
async function launch(
  /** @type {string} */ browser,
  /** @type {string} */ url,
  /** @type {(typeof PROFILES)[keyof typeof PROFILES]} */ { width, height, chromiumFeatures },
) {
  const profile = await mkdtemp(join(tmpdir(), `perf-navigation-${browser}-`));
  const env = { ...process.env, DISPLAY };
  const child =
    browser === 'chromium'
      ? spawn(
          chromePath(),
          [
            `--user-data-dir=${profile}`,
            '--no-first-run',
            '--no-default-browser-check',
            ...chromiumFeatures,
            '--password-store=basic',
            '--window-position=0,0',
            `--window-size=${width},${height}`,
            // Root (a container) has no sandbox; the flag changes nothing that is measured here.
            ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []),
            `--app=${url}`,
          ],
          { env, stdio: 'ignore' },
        )
      : (await writeFile(
          join(profile, 'user.js'),
          [
            'browser.shell.checkDefaultBrowser',
            'browser.aboutwelcome.enabled',
            'datareporting.policy.dataSubmissionEnabled',
            'toolkit.telemetry.reportingpolicy.firstRun',
            'browser.startup.homepage_override.mstone',
          ]
            .map((pref) => `user_pref("${pref}", ${pref.endsWith('mstone') ? '"ignore"' : 'false'});`)
            .join('\n'),
        ),
        spawn(
          'firefox-esr',
          ['--no-remote', '--profile', profile, '--width', `${width}`, '--height', `${height}`, url],
          {
            env,
            stdio: 'ignore',
          },
        ));
  return async () => {
    child.kill();
    await new Promise((resolve) => child.once('exit', resolve));
    // The browser's helper processes may still write to the profile for a moment after it exits.
    await rm(profile, { recursive: true, force: true, maxRetries: 10 });
  };
}

/**
 * One load: opens `link.from`, reads for 2 s, taps (phone) or rests on and clicks (desktop) the
 * link, then goes Back and Forward. Returns the three times in ms and how each page came.
 */
async function measure(
  /** @type {string} */ browser,
  /** @type {(typeof LINKS)[number]} */ link,
  /** @type {(typeof PROFILES)[keyof typeof PROFILES]} */ profile,
) {
  reports = [];
  const ready = next(
    (report) =>
      report.kind === 'ready' &&
      report.path === link.from &&
      (link.scroll === true || report.links?.[link.selector] !== undefined),
  );
  const close = await launch(browser, `http://127.0.0.1:${PORT}${link.from}`, profile);
  try {
    const opening = await ready;
    let position = opening?.links?.[link.selector];
    if (link.scroll) {
      // Keys go to the window under the pointer: its corner, away from every link.
      xdotool(['mousemove', '1', '1']);
      // A key pressed while the new window is still taking the focus is lost: pressed again then.
      for (let press = 0; press < 3 && !position; press++) {
        const scrolled = next((report) => report.kind === 'ready' && report.links?.[link.selector] !== undefined, 5000);
        xdotool(['key', 'End']);
        position = (await scrolled)?.links?.[link.selector];
      }
    }
    if (!position)
      throw new Error(
        `${browser}: ${link.selector} not on screen on ${link.from}; reports: ${JSON.stringify(reports)}`,
      );
    await sleep(READ_MS);
    const tapped = next((report) => report.kind === 'tap');
    const clicked = next((report) => report.kind === 'click');
    const opened = next((report) => report.kind === 'shown' && report.path === link.to);
    xdotool(['mousemove', String(position[0]), String(position[1])]);
    if (profile.rest) await sleep(REST_MS);
    xdotool(['mousedown', '1']);
    await sleep(TAP_MS);
    xdotool(['mouseup', '1']);
    const [tap, click, shown] = [await tapped, await clicked, await opened];
    if (!tap?.at || !click?.at || !shown?.at)
      throw new Error(`${browser}: no next page after the tap on ${link.name}; reports: ${JSON.stringify(reports)}`);
    await sleep(1000);
    /** Presses a key and waits for `path` on screen; the time from just before the key is sent. */
    const key = async (/** @type {string} */ keys, /** @type {string} */ path) => {
      xdotool(['mousemove', '1', '1']);
      const back = next((report) => report.kind === 'shown' && report.path === path);
      const pressed = Date.now();
      xdotool(['key', keys]);
      const restored = await back;
      if (!restored?.at) throw new Error(`${browser}: ${keys} did not show ${path}`);
      await sleep(1000);
      return { ms: restored.at - pressed, how: restored.how ?? '' };
    };
    const back = await key('alt+Left', link.from);
    const forward = await key('alt+Right', link.to);
    return {
      load: opening?.load ?? NaN,
      tap: { ms: shown.at - tap.at, how: shown.how ?? '' },
      click: shown.at - click.at,
      back,
      forward,
    };
  } finally {
    await close();
  }
}

if (!options.site) buildLocalSite(PORT);
const built = options.site ?? LOCAL_BUILD_DIR;
const sites = { off: await prepareSite(built, false), on: await prepareSite(built, true) };
const display = spawn('Xvfb', [DISPLAY, '-screen', '0', '1920x1080x24', '-nolisten', 'tcp'], { stdio: 'ignore' });
await sleep(1000);

/** @type {Record<string, { load: number[], tap: number[], click: number[], back: number[], forward: number[], how: Set<string> }>} */
const results = {};
try {
  for (const browser of BROWSERS)
    for (const [profileName, profile] of Object.entries(PROFILES).filter(
      ([name]) => !options.profile || options.profile.includes(name),
    ))
      for (const link of LINKS.filter(({ name }) => !options.link || name.includes(options.link)))
        for (let run = 0; run < RUNS; run++)
          // Off and on in turns, so that both meet the same load on the machine.
          for (const [build, root] of Object.entries(sites)) {
            const server = await serve(root, profile.network);
            try {
              const figures = await measure(browser, link, profile);
              const row = (results[`${browser} | ${profileName} | ${link.name} | ${build}`] ??= {
                load: [],
                tap: [],
                click: [],
                back: [],
                forward: [],
                how: new Set(),
              });
              row.load.push(figures.load);
              row.tap.push(figures.tap.ms);
              row.click.push(figures.click);
              row.back.push(figures.back.ms);
              row.forward.push(figures.forward.ms);
              for (const { how } of [figures.tap, figures.back, figures.forward]) row.how.add(how);
              process.stdout.write(
                `  ${browser} ${profileName} ${build} ${link.name}: ${Math.round(figures.tap.ms)} ms, from the click ${Math.round(figures.click)} (${figures.tap.how}), back ${Math.round(figures.back.ms)}, forward ${Math.round(figures.forward.ms)}\n`,
              );
            } finally {
              server.close();
            }
          }
} finally {
  display.kill();
  await Promise.all(Object.values(sites).map((root) => rm(root, { recursive: true, force: true })));
}

const ms = (/** @type {number[]} */ values) =>
  `${Math.round(median(values))} (${Math.round(Math.min(...values))}–${Math.round(Math.max(...values))})`;
const rows = Object.entries(results).map(
  ([key, r]) =>
    `| ${key} | ${ms(r.load)} | ${ms(r.tap)} | ${ms(r.click)} | ${ms(r.back)} | ${ms(r.forward)} | ${[...r.how].join(', ')} |`,
);
console.log(
  `\nMs, median of ${RUNS} loads (fastest–slowest), network paced as Lighthouse's (phone 1.6 Mbps and 150 ms round trip, desktop 10 Mbps and 40 ms), CPU unthrottled:\n\n` +
    `| browser | profile | link | speculation | first page's load | tap to next page | click to next page | Back | Forward | how the pages came |\n` +
    `|${' --- |'.repeat(10)}\n${rows.join('\n')}\n`,
);
