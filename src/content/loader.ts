import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Loader } from 'astro/loaders';
import type { ZodType } from 'astro/zod';

interface JsonFileOptions {
  /** Path from the project root, e.g. `src/content/projects.json`. */
  path: string;
  /** Rules for the whole list (counts, category mix) on top of the per-entry schema. */
  list?: ZodType;
  /** Loads a file holding one object as a single entry with this id. */
  singleton?: string;
}

/** Formats zod issues as `field: message` lines, so an error names exactly what to fix. */
export function describeIssues(issues: readonly { path: readonly PropertyKey[]; message: string }[]): string {
  return issues
    .map((issue) => `  ${issue.path.length ? issue.path.map(String).join('.') : '(file)'}: ${issue.message}`)
    .join('\n');
}

/**
 * Loads a JSON content file; `getCollection` gives its entries in the order they are written in it,
 * the order the agency chose. Unlike Astro's `file()` loader, which logs and carries on, a file that
 * is missing, is not valid JSON or breaks a list rule stops the build with the file's path, so bad
 * content can never ship silently. Entries are still validated by the collection's schema.
 */
export function jsonFile({ path, list, singleton }: JsonFileOptions): Loader {
  return {
    name: 'json-file',
    async load(context) {
      const { config, store, watcher } = context;
      const filePath = fileURLToPath(new URL(path, config.root));
      let raw: unknown;
      try {
        raw = JSON.parse(await readFile(filePath, 'utf-8'));
      } catch (error) {
        throw new Error(`Content file ${path} could not be read: ${(error as Error).message}`, { cause: error });
      }

      const entries = singleton ? [{ id: singleton, ...(raw as object) }] : raw;
      if (
        !Array.isArray(entries) ||
        !entries.every((entry: unknown) => typeof (entry as { id?: unknown } | null)?.id === 'string')
      ) {
        throw new Error(`Content file ${path} must hold a list of entries, each with an "id".`);
      }
      if (list) {
        const result = list.safeParse(entries);
        if (!result.success) {
          throw new Error(
            `Content file ${path} breaks a rule of its collection:\n${describeIssues(result.error.issues)}`,
          );
        }
      }

      store.clear();
      for (const { id, ...data } of entries as { id: string }[]) {
        const parsed = await context.parseData({ id, data, filePath });
        store.set({ id, data: parsed, filePath: path });
      }
      watcher?.add(filePath);
    },
  };
}
