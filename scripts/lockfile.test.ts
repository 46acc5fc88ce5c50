import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

/**
 * The lock file must install on every developer's machine, not only the one that wrote it. npm drops
 * other platforms' optional packages when a lock is regenerated over an existing node_modules
 * (npm/cli#4828), and a registry that lacks one platform's build of a release does the same silently;
 * either way a Mac or Windows install then fails at build time, far from the cause.
 */
type LockedPackage = {
  version?: string;
  optional?: boolean;
  engines?: { node?: string };
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
};

const manifest = JSON.parse(readFileSync('package.json', 'utf-8')) as {
  engines: { node: string };
  overrides?: Record<string, string>;
};
const lock = JSON.parse(readFileSync('package-lock.json', 'utf-8')) as {
  lockfileVersion: number;
  packages: Record<string, LockedPackage>;
};
const packages = Object.entries(lock.packages).filter(([path]) => path !== '');

/** Node's lookup: the nearest node_modules folder up from the dependent that holds the name. */
function resolveLocked(dependentPath: string, name: string): LockedPackage | undefined {
  let base = dependentPath;
  for (;;) {
    const found = lock.packages[`${base ? `${base}/` : ''}node_modules/${name}`];
    if (found) return found;
    if (!base) return undefined;
    const parent = base.lastIndexOf('/node_modules/');
    base = parent < 0 ? '' : base.slice(0, parent);
  }
}

/**
 * The platforms our developers and hosts build on: macOS, Windows, Linux glibc and musl, x64 and arm64,
 * as napi-rs names its per-platform packages (`<prefix>-darwin-arm64`, `<prefix>-linux-x64-musl`, …).
 */
const napiPlatforms = (prefix: string) =>
  [
    'darwin-arm64',
    'darwin-x64',
    'win32-arm64-msvc',
    'win32-x64-msvc',
    'linux-arm64-gnu',
    'linux-x64-gnu',
    'linux-arm64-musl',
    'linux-x64-musl',
  ].map((platform) => `${prefix}-${platform}`);

/** Every native package the build loads, by the package that picks one for the platform it runs on. */
const requiredNativePackages: Record<string, string[]> = {
  // Vite 8's bundler and its CSS minifier.
  rolldown: napiPlatforms('@rolldown/binding'),
  lightningcss: napiPlatforms('lightningcss'),
  // Astro 7's compiler for .astro files and its Markdown processor.
  '@astrojs/compiler-binding': napiPlatforms('@astrojs/compiler-binding'),
  satteri: napiPlatforms('@bruits/satteri'),
  // esbuild's Linux builds are static, so one package serves glibc and musl.
  esbuild: [
    '@esbuild/darwin-arm64',
    '@esbuild/darwin-x64',
    '@esbuild/win32-arm64',
    '@esbuild/win32-x64',
    '@esbuild/linux-arm64',
    '@esbuild/linux-x64',
  ],
  sharp: [
    '@img/sharp-darwin-arm64',
    '@img/sharp-darwin-x64',
    '@img/sharp-win32-arm64',
    '@img/sharp-win32-x64',
    '@img/sharp-linux-arm64',
    '@img/sharp-linux-x64',
    '@img/sharp-linuxmusl-arm64',
    '@img/sharp-linuxmusl-x64',
    '@img/sharp-libvips-darwin-arm64',
    '@img/sharp-libvips-darwin-x64',
    '@img/sharp-libvips-linux-arm64',
    '@img/sharp-libvips-linux-x64',
    '@img/sharp-libvips-linuxmusl-arm64',
    '@img/sharp-libvips-linuxmusl-x64',
  ],
};

describe('package-lock.json', () => {
  it('is a lock file npm 7 and later read whole', () => {
    expect(lock.lockfileVersion).toBeGreaterThanOrEqual(3);
  });

  for (const [tool, nativePackages] of Object.entries(requiredNativePackages)) {
    it(`locks ${tool}'s native package for every platform, at the version each copy of ${tool} asks for`, () => {
      const copies = packages.filter(
        ([path]) => path === `node_modules/${tool}` || path.endsWith(`/node_modules/${tool}`),
      );
      expect(copies.length, `${tool} is not in the lock file`).toBeGreaterThan(0);
      for (const [path, locked] of copies) {
        const wanted = locked.optionalDependencies ?? {};
        for (const name of nativePackages) {
          expect(wanted[name], `${path} no longer declares ${name}`).toBeDefined();
          expect(resolveLocked(path, name)?.version, `${name} (for ${path}) is missing from the lock file`).toBe(
            wanted[name],
          );
        }
      }
    });
  }

  it('leaves out no optional package that any locked package declares', () => {
    const missing = packages.flatMap(([path, locked]) =>
      Object.keys(locked.optionalDependencies ?? {})
        .filter((name) => !resolveLocked(path, name))
        .map((name) => `${name} (wanted by ${path})`),
    );
    expect(missing).toEqual([]);
  });

  it('resolves no dependency by a moving tag such as "latest" unless an override pins it', () => {
    const overrides = manifest.overrides ?? {};
    const moving = packages.flatMap(([path, locked]) =>
      Object.entries({ ...locked.dependencies, ...locked.optionalDependencies })
        .filter(([, range]) => !/^(npm:|file:|git|https?:)/.test(range) && semver.validRange(range) === null)
        .filter(([name]) => !(overrides[name] && semver.valid(overrides[name])))
        .map(([name, range]) => `${path} → ${name}@${range}`),
    );
    expect(moving).toEqual([]);
  });

  // An optional package whose Node range does not fit is left out by npm without a word, so only the packages every install gets must accept ours.
  it(`states a Node range (${manifest.engines.node}) that every required package accepts`, () => {
    const refusing = packages
      .filter(([, locked]) => !locked.optional)
      .filter(([, locked]) => locked.engines?.node && !semver.subset(manifest.engines.node, locked.engines.node))
      .map(([path, locked]) => `${path}@${locked.version} wants node ${locked.engines?.node}`);
    expect(refusing).toEqual([]);
  });

  // The LTS lines that get security fixes (Node 20 ended on 30 April 2026), from the first release
  // every dependency accepts: html-validate 11 wants 22.22 or 24.8.
  it('accepts the Node LTS lines developers and hosts run, and no line past its end of life', () => {
    for (const version of ['22.22.0', '24.8.0']) {
      expect(semver.satisfies(version, manifest.engines.node), version).toBe(true);
    }
    for (const version of ['18.20.8', '20.19.5']) {
      expect(semver.satisfies(version, manifest.engines.node), version).toBe(false);
    }
  });

  // Without it, npm installs on Node 20 all the same, after an EBADENGINE warning for each package
  // that wants more; with it, npm install and npm ci stop with EBADENGINE before installing anything.
  it('has npm refuse to install on a Node outside engines (engine-strict in .npmrc)', () => {
    expect(readFileSync('.npmrc', 'utf-8')).toMatch(/^engine-strict=true$/m);
  });

  it('is named by the README, so a developer learns the range before npm refuses', () => {
    expect(readFileSync('README.md', 'utf-8')).toContain(`\`${manifest.engines.node}\``);
  });

  // Netlify and Cloudflare Pages build with the Node line in .nvmrc (README › Deploying).
  it('names in .nvmrc a Node line that engines accepts', () => {
    const line = readFileSync('.nvmrc', 'utf-8').trim();
    expect(line).toMatch(/^\d+$/);
    expect(semver.intersects(`${line}.x`, manifest.engines.node)).toBe(true);
  });
});
