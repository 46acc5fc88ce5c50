// @ts-check
import { pathToFileURL } from 'node:url';
import path from 'node:path';
import { writeFile } from 'node:fs/promises';
import { easeInOut } from './util.mjs';

/** @typedef {import('@playwright/test').Browser} Browser */
/** @typedef {import('@playwright/test').Page} Page */
/** @typedef {typeof import('../config.mjs').VIDEO} Video */

// Freeze everything that could make two runs differ.
const FREEZE_CSS = `
  *, *::before, *::after {
    animation: none !important;
    transition: none !important;
    caret-color: transparent !important;
  }
  html { scroll-behavior: auto !important; }
  ::-webkit-scrollbar { display: none; }
`;

/**
 * @param {Browser} browser
 * @param {string} file
 * @param {{ width: number, height: number, deviceScaleFactor: number }} viewport
 */
export async function openPage(browser, file, { width, height, deviceScaleFactor }) {
  const context = await browser.newContext({
    viewport: { width, height },
    deviceScaleFactor,
    locale: 'de-DE',
    timezoneId: 'Europe/Berlin',
    colorScheme: 'light',
    reducedMotion: 'reduce',
  });
  // Nothing external may load: every request that is not a local file is refused.
  await context.route(/^(?!file:|data:|about:)/, (route) => route.abort());
  const page = await context.newPage();
  await page.goto(pathToFileURL(file).href, { waitUntil: 'load' });
  await page.addStyleTag({ content: FREEZE_CSS });
  await page.evaluate(async () => {
    await document.fonts.ready;
    window.scrollTo(0, 0);
  });
  await settle(page);
  return { context, page };
}

/**
 * Wait two animation frames so layout, paint and scroll position are settled.
 * @param {Page} page
 */
export function settle(page) {
  return page.evaluate(
    () =>
      new Promise((/** @type {(value?: undefined) => void} */ r) =>
        requestAnimationFrame(() => requestAnimationFrame(() => r())),
      ),
  );
}

/** @param {Page} page @param {number} y */
export async function scrollTo(page, y) {
  await page.evaluate((yy) => window.scrollTo(0, yy), y);
  await settle(page);
}

/**
 * Scroll positions (CSS px, integers) for every frame of the loop.
 * @param {Video} video
 * @param {number} distance
 */
export function scrollPlan({ fps, seconds, timeline }, distance) {
  const n = Math.round(fps * seconds);
  const { holdStart, down, holdMid, up } = timeline;
  const t1 = holdStart;
  const t2 = t1 + down;
  const t3 = t2 + holdMid;
  const t4 = t3 + up;
  /** @type {number[]} */
  const ys = [];
  for (let i = 0; i < n; i++) {
    const t = i / fps;
    let p;
    if (t <= t1) p = 0;
    else if (t <= t2) p = easeInOut((t - t1) / down);
    else if (t <= t3) p = 1;
    else if (t <= t4) p = 1 - easeInOut((t - t3) / up);
    else p = 0;
    ys.push(Math.round(p * distance));
  }
  return ys;
}

/**
 * Capture one PNG per frame into dir (f0000.png, ...). Returns the plan used.
 * @param {Page} page
 * @param {string} dir
 * @param {Video} video
 * @param {(done: number, total: number) => void} [onProgress]
 */
export async function captureScroll(page, dir, video, onProgress) {
  const { maxScroll, vh } = await page.evaluate(() => ({
    maxScroll: document.documentElement.scrollHeight - window.innerHeight,
    vh: window.innerHeight,
  }));
  const distance = Math.max(0, Math.min(maxScroll, Math.round(video.scrollViewports * vh)));
  const ys = scrollPlan(video, distance);
  for (let i = 0; i < ys.length; i++) {
    await scrollTo(page, ys[i]);
    const buf = await page.screenshot({ type: 'png', animations: 'disabled', caret: 'hide' });
    await writeFile(path.join(dir, `f${String(i).padStart(4, '0')}.png`), buf);
    onProgress?.(i + 1, ys.length);
  }
  await scrollTo(page, 0);
  return { frames: ys.length, distance };
}
