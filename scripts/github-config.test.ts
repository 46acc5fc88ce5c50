import { readdirSync, readFileSync } from 'node:fs';
import { validateWorkflow } from '@action-validator/core';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';

/**
 * The code host's configuration is code too: a workflow GitHub refuses runs nothing, silently. Each
 * workflow is checked against GitHub's schema by action-validator; Dependabot's file, which that tool
 * does not know, is read and held to what docs/dependencies.md › On the code host
 * promises of it.
 */
const workflowDir = '.github/workflows';
const workflows = readdirSync(workflowDir).filter((file) => /\.ya?ml$/.test(file));

describe('GitHub configuration', () => {
  it.each(workflows)('%s is a valid workflow', (file) => {
    const { errors } = validateWorkflow(readFileSync(`${workflowDir}/${file}`, 'utf-8'));
    expect(errors).toEqual([]);
  });

  it('runs the checks of .ci/run on Node 22 and 24, and npm audit', () => {
    const ci = parse(readFileSync(`${workflowDir}/ci.yml`, 'utf-8')) as {
      jobs: Record<string, { container?: string; steps: { run?: string }[] }>;
    };
    const jobs = Object.values(ci.jobs);
    const runs = (node: number) =>
      jobs.filter((job) => job.container?.startsWith(`node:${node}-`)).flatMap((job) => job.steps.map((s) => s.run));
    expect(runs(24)).toEqual(expect.arrayContaining(['npm ci', 'npm test', 'npm run audit']));
    expect(runs(22)).toEqual(
      expect.arrayContaining(['npm ci', 'npm run build:local', 'npm run test:unit', 'npm run test:deploy']),
    );
    expect(readFileSync('.ci/run', 'utf-8')).toMatch(/^npm test$/m);
  });

  it('has Dependabot update npm weekly, with Astro and React packages grouped', () => {
    const config = parse(readFileSync('.github/dependabot.yml', 'utf-8')) as {
      version: number;
      updates: {
        'package-ecosystem': string;
        directory: string;
        schedule: { interval: string };
        groups?: Partial<Record<string, { patterns: string[] }>>;
      }[];
    };
    expect(config.version).toBe(2);
    const npm = config.updates.find((update) => update['package-ecosystem'] === 'npm');
    expect(npm).toMatchObject({ directory: '/', schedule: { interval: 'weekly' } });
    expect(npm?.groups?.astro?.patterns).toEqual(expect.arrayContaining(['astro', '@astrojs/*']));
    expect(npm?.groups?.react?.patterns).toEqual(expect.arrayContaining(['react', 'react-dom']));
  });
});
