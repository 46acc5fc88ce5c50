#!/usr/bin/env node
// @ts-check
/**
 * `npm run perf`: builds the site as `npm start` does, serves it locally and runs Lighthouse
 * (mobile preset, simulated throttling) three times on every route in every language and on the 404
 * page. Prints the medians as a table and writes them to .perf/lighthouse.json.
 *
 * `npm run perf -- / /agb/` measures only the routes named. Exits non-zero when a route misses the
 * targets docs/quality.md › Budgets lists.
 *
 * Not part of `npm test`: timings depend on the machine. Uses Playwright's Chromium when installed,
 * else /usr/bin/chromium (or CHROMIUM_PATH).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { LOCAL_BUILD_DIR } from '../local-inbox/site-server.ts';
import { routes as siteRoutes } from '../src/routes.ts';
import { BENCHMARK_PORT as PORT, buildLocalSite, chromePath, median, serveLocalSite } from './benchmark.mjs';

const RUNS = 3;
const allRoutes = siteRoutes.map((route) => route.url);
// Lighthouse refuses to audit a page answered with status 404, so the 404 page is audited as the file.
allRoutes.push('/404.html');
// `npm run perf -- / /en/` measures only those routes, for quick comparisons while tuning.
const requested = process.argv.slice(2);
const routes = requested.length ? allRoutes.filter((route) => requested.includes(route)) : allRoutes;

/** @param {import('lighthouse').Result} lhr */
function figures(lhr) {
  if (lhr.runtimeError)
    throw new Error(
      `Lighthouse could not audit ${lhr.requestedUrl ?? lhr.finalDisplayedUrl}: ${lhr.runtimeError.message}`,
    );
  // A category or audit that did not run is missing, whatever the types say.
  const audits = /** @type {Partial<typeof lhr.audits>} */ (lhr.audits);
  const categories = /** @type {Partial<typeof lhr.categories>} */ (lhr.categories);
  const details = /** @type {unknown} */ (audits['resource-summary']?.details);
  const summary = /** @type {{ items: { resourceType: string, transferSize: number, requestCount: number }[] }} */ (
    details
  ).items;
  const bytes = (/** @type {string} */ type) => summary.find((item) => item.resourceType === type)?.transferSize ?? 0;
  const score = (/** @type {string} */ category) => Math.round((categories[category]?.score ?? 0) * 100);
  const numeric = (/** @type {string} */ audit) => audits[audit]?.numericValue ?? NaN;
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    fcpMs: numeric('first-contentful-paint'),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    jsBytes: bytes('script'),
    cssBytes: bytes('stylesheet'),
    imageBytes: bytes('image'),
    fontBytes: bytes('font'),
    requests: summary.find((item) => item.resourceType === 'total')?.requestCount ?? NaN,
  };
}

buildLocalSite(PORT);
const server = await serveLocalSite({ root: LOCAL_BUILD_DIR, port: PORT, inboxFile: '.perf/inbox.jsonl' });
const chrome = await chromeLauncher.launch({
  chromePath: chromePath(),
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
});

/** @type {Record<string, ReturnType<typeof figures>>} */
const results = {};
try {
  for (const route of routes) {
    /** @type {ReturnType<typeof figures>[]} */
    const runs = [];
    // A run whose trace Lighthouse could not record (it asks to be run again) is run again, once.
    for (let run = 0, retried = false; run < RUNS; run++) {
      const result = await lighthouse(`http://localhost:${PORT}${route}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
      });
      if (!result) throw new Error(`Lighthouse returned nothing for ${route}`);
      if (result.lhr.runtimeError && !retried) {
        retried = true;
        run--;
        continue;
      }
      runs.push(figures(result.lhr));
    }
    const keys = /** @type {(keyof ReturnType<typeof figures>)[]} */ (Object.keys(runs[0] ?? {}));
    results[route] = /** @type {ReturnType<typeof figures>} */ (
      Object.fromEntries(keys.map((key) => [key, median(runs.map((figure) => figure[key]))]))
    );
    // A layout shift in any run is one a visitor can meet: CLS counts its worst run, not its median.
    results[route].cls = Math.max(...runs.map((figure) => figure.cls));
    process.stdout.write(`  ${route} done\n`);
  }
} finally {
  chrome.kill();
  server.close();
}

const kb = (/** @type {number} */ bytes) => (bytes / 1024).toFixed(1);
const header =
  '| route | perf | a11y | best pr. | SEO | FCP ms | LCP ms | TBT ms | CLS | JS KB | CSS KB | img KB | font KB | requests |';
const rows = Object.entries(results).map(
  ([route, r]) =>
    `| ${route} | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${Math.round(r.fcpMs)} | ${Math.round(r.lcpMs)} | ${Math.round(r.tbtMs)} | ${r.cls.toFixed(3)} | ${kb(r.jsBytes)} | ${kb(r.cssBytes)} | ${kb(r.imageBytes)} | ${kb(r.fontBytes)} | ${r.requests} |`,
);
const table = [header, `|${' --- |'.repeat(14)}`, ...rows].join('\n');
console.log(
  `\nLighthouse ${RUNS}× per route, mobile preset, medians (bytes transferred, compressed as served):\n\n${table}\n`,
);

await mkdir('.perf', { recursive: true });
await writeFile(
  '.perf/lighthouse.json',
  JSON.stringify({ date: new Date().toISOString(), runs: RUNS, results }, null, 2),
);
console.log('Written to .perf/lighthouse.json. The 404 page is noindex on purpose, which costs it SEO points.');

/** docs/quality.md › Budgets: what every route must reach, medians of the runs (CLS: every run). */
const targets = { performance: 100, fcpMs: 900, lcpMs: 1000, tbtMs: 50, cls: 0 };

/** @param {string} route @param {ReturnType<typeof figures>} r */
function missedTargets(route, r) {
  return [
    r.performance < targets.performance && `performance ${r.performance} < ${targets.performance}`,
    r.fcpMs > targets.fcpMs && `FCP ${Math.round(r.fcpMs)} ms > ${targets.fcpMs} ms`,
    r.lcpMs > targets.lcpMs && `LCP ${Math.round(r.lcpMs)} ms > ${targets.lcpMs} ms`,
    r.tbtMs > targets.tbtMs && `TBT ${Math.round(r.tbtMs)} ms > ${targets.tbtMs} ms`,
    r.cls > targets.cls && `CLS ${r.cls.toFixed(3)} > ${targets.cls} in a run`,
    r.accessibility < 100 && `accessibility ${r.accessibility} < 100`,
    r.bestPractices < 100 && `best practices ${r.bestPractices} < 100`,
    // The 404 page must not be indexed; Lighthouse's SEO category counts its `noindex` against it.
    r.seo < 100 && route !== '/404.html' && `SEO ${r.seo} < 100`,
  ].filter((miss) => typeof miss === 'string');
}

const misses = Object.entries(results).flatMap(([route, r]) =>
  missedTargets(route, r).map((miss) => `  ${route}: ${miss}`),
);
if (misses.length) {
  console.log(`Below the targets:\n${misses.join('\n')}`);
  process.exitCode = 1;
} else {
  console.log('Every route meets the targets.');
}
