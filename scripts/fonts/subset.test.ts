import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SUBSET_CHARACTERS } from './subset.mjs';

/** Everything a visitor can read comes from these: content files and the interface dictionaries. */
const textSources = ['src/content', 'src/i18n'];
const isText = (file: string) => /\.(json|md|ts)$/.test(file) && !file.endsWith('.test.ts');

function* filesIn(folder: string): Generator<string> {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) yield* filesIn(path);
    else if (isText(path)) yield path;
  }
}

describe('the Inter subset', () => {
  it('holds every character of the site’s content and interface texts', () => {
    const covered = new Set(SUBSET_CHARACTERS);
    const missing = textSources.flatMap((folder) =>
      [...filesIn(folder)].flatMap((file) => {
        const outside = [...new Set(readFileSync(file, 'utf-8'))].filter((char) => char > ' ' && !covered.has(char));
        return outside.map(
          (char) => `${file}: "${char}" (U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')})`,
        );
      }),
    );
    // A character listed here renders in the fallback font: add it to subset.mjs and run `npm run font`.
    expect(missing).toEqual([]);
  });
});
