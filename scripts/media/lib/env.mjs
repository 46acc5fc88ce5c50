// @ts-check
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';

export class MediaError extends Error {}

/** Resolve the Chromium binary or throw a readable error. */
export function checkChromium() {
  const exe = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  try {
    accessSync(exe, constants.X_OK);
  } catch {
    throw new MediaError(
      `Chromium not found or not executable at "${exe}".\n` +
        '  Install it (Debian: apt-get install chromium) or set CHROMIUM_PATH=/path/to/chromium.',
    );
  }
  return exe;
}

/** Make sure ffmpeg exists and has the encoders we need. */
export function checkFfmpeg() {
  const ffmpeg = process.env.FFMPEG_PATH ?? 'ffmpeg';
  const version = spawnSync(ffmpeg, ['-hide_banner', '-version'], { encoding: 'utf8' });
  if (version.error || version.status !== 0) {
    throw new MediaError(
      `ffmpeg not found ("${ffmpeg}").\n` +
        '  Install it (Debian: apt-get install ffmpeg) or set FFMPEG_PATH=/path/to/ffmpeg.',
    );
  }
  const enc = spawnSync(ffmpeg, ['-hide_banner', '-encoders'], { encoding: 'utf8' });
  for (const name of ['libx264', 'libvpx-vp9']) {
    if (!new RegExp(`\\s${name}\\s`).test(enc.stdout)) {
      throw new MediaError(`ffmpeg at "${ffmpeg}" lacks the ${name} encoder (needed for the videos).`);
    }
  }
  return ffmpeg;
}

/** Try to load Playwright from the project's node_modules. */
export async function loadPlaywright() {
  try {
    return await import('@playwright/test');
  } catch (err) {
    throw new MediaError(
      `Could not load @playwright/test. Run \`npm install\` in the project root first.\n  ${err instanceof Error ? err.message : String(err)}`,
    );
  }
}
