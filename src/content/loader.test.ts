import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { LoaderContext } from 'astro/loaders';
import { describe, expect, it } from 'vitest';
import { jsonFile } from './loader';
import { serviceList } from './schemas/lists';

/** Runs the loader on `contents` in a scratch project and returns what it stored. */
async function load(contents: string, options: Omit<Parameters<typeof jsonFile>[0], 'path'> = {}) {
  const root = mkdtempSync(join(tmpdir(), 'content-'));
  writeFileSync(join(root, 'data.json'), contents);
  const stored = new Map<string, unknown>();
  const context = {
    config: { root: pathToFileURL(`${root}/`) },
    store: { clear: () => stored.clear(), set: ({ id, data }: { id: string; data: unknown }) => stored.set(id, data) },
    parseData: ({ data }: { data: unknown }) => Promise.resolve(data),
  } as unknown as LoaderContext;
  await jsonFile({ path: 'data.json', ...options }).load(context);
  return stored;
}

describe('jsonFile loader', () => {
  it('stores each entry under its id, without the id in its data', async () => {
    const stored = await load('[{"id":"a","x":1},{"id":"b","x":2}]');
    expect([...stored.entries()]).toEqual([
      ['a', { x: 1 }],
      ['b', { x: 2 }],
    ]);
  });

  it('loads a single object as one entry', async () => {
    expect([...(await load('{"name":"Uferlicht"}', { singleton: 'agency' })).entries()]).toEqual([
      ['agency', { name: 'Uferlicht' }],
    ]);
  });

  it('stops on a file that is not JSON, naming it', async () => {
    await expect(load('[{"id": "a",}]')).rejects.toThrow(/^Content file data\.json could not be read: /);
  });

  it('stops on entries without an id', async () => {
    await expect(load('[{"x":1}]')).rejects.toThrow(
      'Content file data.json must hold a list of entries, each with an "id".',
    );
  });

  it('stops when the list breaks its collection’s rule, saying which', async () => {
    await expect(load('[{"id":"a"}]', { list: serviceList })).rejects.toThrow(
      'Content file data.json breaks a rule of its collection:\n  (file): there are exactly six services',
    );
  });
});
