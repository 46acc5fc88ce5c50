import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

// The lock must install on every platform: npm drops other platforms' optional packages (npm/cli#4828), silently.
interface LockedPackage {
  version?: string;
  optional?: boolean;
  engines?: { node?: string };
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

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
    const found = lock.packages[`${base ? `${base}/` : ''}node_modules/${name}`] as LockedPackage | undefined;
    if (found) return found;
    if (!base) return undefined;
    const parent = base.lastIndexOf('/node_modules/');
    base = parent < 0 ? '' : base.slice(0, parent);
  }
}

/** Both architectures of `os` for which native packages are built, as their names put it (`linux-x64-musl`). */
const archs = (os: string, suffix = '') => ['arm64', 'x64'].map((arch) => `${os}-${arch}${suffix}`);
/** macOS, Windows, Linux glibc and musl, as napi-rs names its per-platform packages. */
const napiPlatforms = (prefix: string) =>
  [...archs('darwin'), ...archs('win32', '-msvc'), ...archs('linux', '-gnu'), ...archs('linux', '-musl')].map(
    (platform) => `${prefix}-${platform}`,
  );

/** Every native package the build loads, by the package that picks one for the platform it runs on. */
const requiredNativePackages: Record<string, string[]> = {
  // Vite 8's bundler and CSS minifier, Astro 7's compiler and Markdown processor.
  rolldown: napiPlatforms('@rolldown/binding'),
  lightningcss: napiPlatforms('lightningcss'),
  '@astrojs/compiler-binding': napiPlatforms('@astrojs/compiler-binding'),
  satteri: napiPlatforms('@bruits/satteri'),
  // esbuild's Linux builds are static, so one package serves glibc and musl.
  esbuild: ['darwin', 'win32', 'linux'].flatMap((os) => archs(`@esbuild/${os}`)),
  sharp: [
    ...['darwin', 'win32', 'linux', 'linuxmusl'].flatMap((os) => archs(`@img/sharp-${os}`)),
    ...['darwin', 'linux', 'linuxmusl'].flatMap((os) => archs(`@img/sharp-libvips-${os}`)),
  ],
};

describe('package-lock.json', () => {
  it('is a lock file npm 7 and later read whole', () => {
    expect(lock.lockfileVersion).toBeGreaterThanOrEqual(3);
  });

  // Each copy of a tool must still declare every platform's package: the next test then holds the lock to them.
  it.each(Object.entries(requiredNativePackages))("locks %s's native package for every platform", (tool, natives) => {
    const copies = packages.filter(([path]) => path.endsWith(`node_modules/${tool}`));
    expect(copies.length, `${tool} is not in the lock file`).toBeGreaterThan(0);
    for (const [path, locked] of copies) {
      expect(Object.keys(locked.optionalDependencies ?? {}), path).toEqual(expect.arrayContaining(natives));
    }
  });

  it('locks every optional package that any locked package declares, at a version it accepts', () => {
    const missing = packages.flatMap(([path, locked]) =>
      Object.entries(locked.optionalDependencies ?? {})
        .filter(([name, range]) => !semver.satisfies(resolveLocked(path, name)?.version ?? 'none', range))
        .map(([name, range]) => `${name}@${range} (wanted by ${path})`),
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

  // npm silently leaves out an optional package whose Node range does not fit.
  it(`states a Node range (${manifest.engines.node}) that every required package accepts`, () => {
    const refusing = packages
      .filter(([, locked]) => !locked.optional)
      .filter(([, locked]) => locked.engines?.node && !semver.subset(manifest.engines.node, locked.engines.node))
      .map(([path, locked]) => `${path}@${String(locked.version)} wants node ${String(locked.engines?.node)}`);
    expect(refusing).toEqual([]);
  });

  // The LTS lines that get security fixes (Node 20 ended on 30 April 2026), from the first release
  // every dependency accepts: html-validate 11 wants 22.22 or 24.8.
  it.each([
    ['22.22.0', true],
    ['24.8.0', true],
    ['18.20.8', false],
    ['20.19.5', false],
  ])('accepts Node %s (a supported LTS line) or not (past its end of life): %s', (version, accepted) => {
    expect(semver.satisfies(version, manifest.engines.node)).toBe(accepted);
  });

  // Netlify and Cloudflare Pages build with the Node line in .nvmrc (docs/deploy.md).
  it('names in .nvmrc a Node line that engines accepts', () => {
    const line = readFileSync('.nvmrc', 'utf-8').trim();
    expect(line).toMatch(/^\d+$/);
    expect(semver.intersects(`${line}.x`, manifest.engines.node)).toBe(true);
  });
});
