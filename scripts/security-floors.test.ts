import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

/**
 * Reviewed security floors, kept in the repository because `npm audit` needs a service that not every
 * machine (nor CI here) reaches. Each floor names its advisory; raising one is a one-line change in
 * security/floors.json (docs/dependencies.md › Security floors).
 */
interface Floor {
  package: string;
  vulnerable: string;
  advisory: string;
  severity: string;
  why: string;
}
interface Lock {
  packages: Record<string, { version?: string }>;
}

const { floors } = JSON.parse(readFileSync('security/floors.json', 'utf-8')) as { floors: Floor[] };

/** Every copy of a package the lock resolves inside an advisory's vulnerable range. */
function copiesBelowFloors(lock: Lock, reviewed: Floor[]): string[] {
  return Object.entries(lock.packages).flatMap(([path, locked]) => {
    const name = path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);
    const { version } = locked;
    if (!path || !version) return [];
    return reviewed
      .filter((floor) => floor.package === name && semver.satisfies(version, floor.vulnerable))
      .map((floor) => `${path}@${version}: ${floor.advisory} (${floor.severity}), ${floor.why}`);
  });
}

describe('security floors', () => {
  it('are each an advisory with a valid vulnerable range and a reason', () => {
    for (const floor of floors) {
      expect(floor.advisory, floor.package).toMatch(/^GHSA(-[23456789cfghjmpqrvwx]{4}){3}$/);
      expect(semver.validRange(floor.vulnerable), `${floor.package} ${floor.advisory}`).not.toBeNull();
      expect(['low', 'moderate', 'high', 'critical']).toContain(floor.severity);
      expect(floor.why.length, `${floor.package} ${floor.advisory} needs one line of why`).toBeGreaterThan(10);
    }
  });

  it('hold for every package the lock file resolves', () => {
    const lock = JSON.parse(readFileSync('package-lock.json', 'utf-8')) as Lock;
    expect(copiesBelowFloors(lock, floors)).toEqual([]);
  });

  it('catch a copy below its floor wherever it sits in the tree', () => {
    const lock: Lock = {
      packages: {
        '': {},
        'node_modules/astro': { version: '5.18.2' },
        'node_modules/foo/node_modules/sharp': { version: '0.34.5' },
        'node_modules/vite': { version: '8.3.8' },
      },
    };
    expect(copiesBelowFloors(lock, floors).map((line) => line.split(':')[0])).toEqual([
      ...Array<string>(5).fill('node_modules/astro@5.18.2'),
      'node_modules/foo/node_modules/sharp@0.34.5',
      'node_modules/foo/node_modules/sharp@0.34.5',
    ]);
  });
});
