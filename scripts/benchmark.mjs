// @ts-check
/**
 * What the benchmarks (`npm run perf`, `npm run perf:interaction`) share: a Chromium to drive, and
 * the site as `npm start` builds it, served locally and gzipped, as a host would serve it.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { createSiteServer } from '../local-inbox/site-server.ts';

/** Where a benchmark builds and serves the site: its own port, so a running `npm start` stays; PERF_PORT picks another. */
export const BENCHMARK_PORT = Number(process.env.PERF_PORT ?? 4500);

/** The middle value (of an odd count; the upper middle of an even one). */
export const median = (/** @type {number[]} */ values) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

/** Playwright's Chromium when it is installed, else the system's (or CHROMIUM_PATH). */
export function chromePath() {
  const candidates = [process.env.CHROMIUM_PATH, chromium.executablePath(), '/usr/bin/chromium'];
  const found = candidates.find((candidate) => candidate && existsSync(candidate));
  if (!found) throw new Error('No Chromium found: `sudo apt-get install chromium` or set CHROMIUM_PATH.');
  return found;
}

/**
 * Builds the site into dist-local/, its contact form pointed at the local inbox on `port`; exits
 * with the build's status when it fails.
 * @param {number} port
 */
export function buildLocalSite(port) {
  const build = spawnSync('node', ['local-inbox/cli.ts', 'build', '--port', String(port)], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

/**
 * The port a local build was made for: its pages may talk only to the inbox there (their content
 * security policy's connect-src), so the site is served on that port. Undefined without a build.
 * @param {string} root
 */
export function builtForPort(root) {
  const page = join(root, 'index.html');
  if (!existsSync(page)) return undefined;
  const port = /connect-src 'self' http:\/\/127\.0\.0\.1:(\d+)/.exec(readFileSync(page, 'utf-8'))?.[1];
  if (!port) throw new Error(`${page} is no local-inbox build (its connect-src names no local inbox).`);
  return Number(port);
}

/**
 * Serves a built site with its inbox on 127.0.0.1:`port`; resolves once it listens.
 * @param {{ root: string, port: number, inboxFile: string }} options
 * @returns {Promise<import('node:http').Server>}
 */
export async function serveLocalSite({ root, port, inboxFile }) {
  const server = createSiteServer({ root, inboxFile });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(undefined));
  });
  return server;
}
