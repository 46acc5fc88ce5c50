#!/usr/bin/env node
/**
 * Rebuilds every generated media file of the Uferlicht site from the sources in
 * scripts/media/:
 *
 *   sites/<id>.html   mock client websites  -> src/assets/projects/<id>.png (1600x1000)
 *                                            -> public/videos/<id>.webm|.mp4 (scroll clip, 960x600)
 *   team/<id>.svg     illustrated portraits -> src/assets/team/<id>.png (800x800)
 *
 * Usage (from the project root):
 *   node scripts/media/make-media.mjs                 # everything
 *   node scripts/media/make-media.mjs --only=deichrad # just one site / portrait (comma list)
 *   node scripts/media/make-media.mjs --no-video      # skip the (slow) video encodes
 *
 * Needs Chromium (CHROMIUM_PATH, default /usr/bin/chromium) and ffmpeg with
 * libx264 + libvpx-vp9 (FFMPEG_PATH, default "ffmpeg"). No network access is used.
 */
// @ts-check
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { mkdir, mkdtemp, rm, writeFile, readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import os from 'node:os';
import { SITES, TEAM, OUT, SHOT, PORTRAIT, VIDEO } from './config.mjs';
import { checkChromium, checkFfmpeg, loadPlaywright, MediaError } from './lib/env.mjs';
import { openPage, captureScroll } from './lib/capture.mjs';
import { encodeVideo } from './lib/encode.mjs';
import { report, summary, fmtBytes } from './lib/util.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '..', '..');

/** @typedef {import('@playwright/test').Browser} Browser */
/** @typedef {{ only: Set<string> | null, video: boolean, images: boolean, team: boolean }} Options */

/** @param {string[]} argv */
function parseArgs(argv) {
  /** @type {Options} */
  const opts = { only: null, video: true, images: true, team: true };
  for (const a of argv) {
    if (a.startsWith('--only=')) opts.only = new Set(a.slice(7).split(',').filter(Boolean));
    else if (a === '--no-video') opts.video = false;
    else if (a === '--video-only') opts.images = opts.team = false;
    else if (a === '--help' || a === '-h') {
      console.log('node scripts/media/make-media.mjs [--only=id,id] [--no-video] [--video-only]');
      process.exit(0);
    } else throw new MediaError(`Unknown argument: ${a}`);
  }
  return opts;
}

/** @param {Browser} browser @param {string | null} ffmpeg @param {Options} opts */
async function makeSites(browser, ffmpeg, opts) {
  const projectsDir = path.join(ROOT, OUT.projects);
  const videosDir = path.join(ROOT, OUT.videos);
  await mkdir(projectsDir, { recursive: true });
  await mkdir(videosDir, { recursive: true });

  for (const site of SITES) {
    if (opts.only && !opts.only.has(site.id)) continue;
    if (!opts.images && !(opts.video && site.video)) continue;
    const src = path.join(HERE, 'sites', `${site.id}.html`);
    if (!existsSync(src)) throw new MediaError(`Missing source ${path.relative(ROOT, src)}`);
    console.log(`\n${site.title} (${site.id})`);

    if (opts.images) {
      const { context, page } = await openPage(browser, src, SHOT);
      const png = path.join(projectsDir, `${site.id}.png`);
      await page.screenshot({ path: png, type: 'png', animations: 'disabled', caret: 'hide' });
      report(ROOT, png, `${SHOT.width * SHOT.deviceScaleFactor}x${SHOT.height * SHOT.deviceScaleFactor}`);
      await context.close();
    }

    if (opts.video && site.video && ffmpeg) {
      // Same CSS viewport as the screenshot, DPR 1; ffmpeg scales to 960x600.
      const { context, page } = await openPage(browser, src, { ...SHOT, deviceScaleFactor: 1 });
      const tmp = await mkdtemp(path.join(os.tmpdir(), `media-${site.id}-`));
      try {
        process.stdout.write('  capturing frames ');
        const { frames, distance } = await captureScroll(page, tmp, VIDEO, (i, n) => {
          if (i % 24 === 0 || i === n) process.stdout.write('.');
        });
        process.stdout.write(` ${frames} frames, scroll 0 → ${distance}px → 0\n`);
        const results = encodeVideo(ffmpeg, tmp, path.join(videosDir, site.id), VIDEO);
        for (const r of results) {
          report(ROOT, r.file, `${VIDEO.width}x${VIDEO.height} ${VIDEO.fps}fps crf ${r.crf}`);
        }
      } finally {
        await context.close();
        await rm(tmp, { recursive: true, force: true });
      }
    }
  }
}

/** @param {Browser} browser @param {Options} opts */
async function makeTeam(browser, opts) {
  const teamDir = path.join(ROOT, OUT.team);
  await mkdir(teamDir, { recursive: true });
  const shell = await readFile(path.join(HERE, 'team', 'portrait.html'), 'utf8');
  console.log('\nTeam portraits');
  for (const person of TEAM) {
    if (opts.only && !opts.only.has(person.id)) continue;
    const svgFile = path.join(HERE, 'team', `${person.id}.svg`);
    if (!existsSync(svgFile)) throw new MediaError(`Missing source ${path.relative(ROOT, svgFile)}`);
    const svg = await readFile(svgFile, 'utf8');
    const tmpDir = await mkdtemp(path.join(os.tmpdir(), `media-${person.id}-`));
    const html = path.join(tmpDir, 'portrait.html');
    await writeFile(html, shell.replace('<!--SVG-->', svg).replace('{{NAME}}', person.name));
    try {
      const size = PORTRAIT.size;
      const { context, page } = await openPage(browser, html, { width: size, height: size, deviceScaleFactor: 1 });
      const png = path.join(teamDir, `${person.id}.png`);
      await page.screenshot({
        path: png,
        type: 'png',
        animations: 'disabled',
        clip: { x: 0, y: 0, width: size, height: size },
      });
      report(ROOT, png, `${size}x${size}`);
      await context.close();
    } finally {
      await rm(tmpDir, { recursive: true, force: true });
    }
  }
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const executablePath = checkChromium();
  const ffmpeg = opts.video ? checkFfmpeg() : null;
  const { chromium } = await loadPlaywright();

  const browser = await chromium.launch({
    executablePath,
    args: [
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--hide-scrollbars',
      '--font-render-hinting=none',
    ],
  });
  const started = Date.now();
  try {
    if (opts.images || opts.video) await makeSites(browser, ffmpeg, opts);
    if (opts.team && (!opts.only || TEAM.some((p) => opts.only?.has(p.id)))) {
      await makeTeam(browser, opts);
    }
  } finally {
    await browser.close();
  }
  const { count, total } = summary();
  console.log(`\nDone: ${count} files, ${fmtBytes(total)} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

main().catch((/** @type {unknown} */ err) => {
  if (err instanceof MediaError) {
    console.error(`\nmake-media: ${err.message}`);
  } else {
    console.error(err);
  }
  process.exit(1);
});
