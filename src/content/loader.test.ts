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
  return [...stored.entries()];
}

describe('jsonFile loader', () => {
  it('stores each entry under its id, without the id in its data, and a single object as one entry', async () => {
    expect(await load('[{"id":"a","x":1},{"id":"b","x":2}]')).toEqual([
      ['a', { x: 1 }],
      ['b', { x: 2 }],
    ]);
    expect(await load('{"name":"Uferlicht"}', { singleton: 'agency' })).toEqual([['agency', { name: 'Uferlicht' }]]);
  });

  it.each([
    ['a file that is not JSON, naming it', '[{"id": "a",}]', {}, /^Content file data\.json could not be read: /],
    ['entries without ids', '[{"x":1}]', {}, 'Content file data.json must hold a list of entries, each with an "id".'],
    [
      'a list that breaks its collection’s rule, saying which',
      '[{"id":"a"}]',
      { list: serviceList },
      'Content file data.json breaks a rule of its collection:\n  (file): there are exactly six services',
    ],
  ])('stops on %s', async (_, contents, options, message) => {
    await expect(load(contents, options)).rejects.toThrow(message);
  });
});
