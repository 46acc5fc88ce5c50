import { readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

/**
 * Astro writes the style its islands need (`astro-island{display:contents}`) right before the first
 * island, inside <body>; HTML allows <style> only in <head>. Same text, same CSP hash, so moving it
 * changes nothing but validity (and it applies before the body paints). If Astro ever writes it
 * differently, the html-validate test names the stray <style> again.
 */
const islandStyle = '<style>astro-island,astro-slot,astro-static-slot{display:contents}</style>';

export function moveIslandStyleToHead(html: string): string {
  const head = html.indexOf('</head>');
  if (head < 0 || html.indexOf(islandStyle) < head) return html;
  return html.replace(islandStyle, '').replace('</head>', `${islandStyle}</head>`);
}

export function islandStyleInHead(): AstroIntegration {
  return {
    name: 'island-style-in-head',
    hooks: {
      'astro:build:done': async ({ dir }) => {
        const root = fileURLToPath(dir);
        const pages = (await readdir(root, { recursive: true })).filter((name) => name.endsWith('.html'));
        for (const page of pages) {
          const file = join(root, page);
          const html = await readFile(file, 'utf-8');
          const moved = moveIslandStyleToHead(html);
          if (moved !== html) await writeFile(file, moved);
        }
      },
    },
  };
}
