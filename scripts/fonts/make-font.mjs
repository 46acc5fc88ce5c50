#!/usr/bin/env node
// @ts-check
/**
 * `npm run font`: cuts Inter (variable, from @fontsource-variable/inter) down to the characters and
 * weights in subset.mjs. Run it after changing either; the result is committed like the media.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import subsetFont from 'subset-font';
import { SOURCE_FONT, SUBSET_CHARACTERS, SUBSET_FONT, SUBSET_WEIGHTS } from './subset.mjs';

const source = await readFile(createRequire(import.meta.url).resolve(SOURCE_FONT));
const subset = await subsetFont(source, SUBSET_CHARACTERS, {
  targetFormat: 'woff2',
  variationAxes: { wght: SUBSET_WEIGHTS },
});
await writeFile(SUBSET_FONT, subset);
console.log(`${SUBSET_FONT}: ${(subset.length / 1024).toFixed(1)} KB (from ${(source.length / 1024).toFixed(1)} KB)`);
