import { readFileSync } from 'node:fs';
import { basename, dirname, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isSatteriProcessor } from '@astrojs/markdown-satteri';
import type { AstroIntegration } from 'astro';
import type { Nodes } from 'mdast';
import type { MdastPluginDefinition } from 'satteri';
import { isLocale, type Locale } from '../src/i18n/locales';

const AGENCY_FILE = 'src/content/agency.json';
const TOKEN = /\{\{\s*([\w.]+)\s*\}\}/g;
/**
 * A part of a text that only holds with a fact. Written on lines of their own, the markers are
 * paragraphs of their own and enclose whole blocks; written inside a sentence, they enclose words,
 * and end in the paragraph they begin in:
 *
 *     {{#if professionalLiabilityInsurance}}          … an optional paragraph{{#if x}}, or words{{/if}}.
 *     ### Berufshaftpflichtversicherung
 *     …
 *     {{/if}}
 */
const MARKER = /\{\{\s*(?:#if\s+([\w.]+)|\/if)\s*\}\}/g;
const BLOCK_MARKER = /^\s*\{\{\s*(?:#if\s+([\w.]+)|\/if)\s*\}\}\s*$/;
/**
 * The facts a legal text may keep or drop a part by: those agency.json may leave out or switch off
 * (src/content/schemas/agency.ts). A condition on any other name is a slip and stops the build.
 */
const CONDITIONS: readonly string[] = [
  'professionalLiabilityInsurance',
  'clientHosting.offered',
  'emailjs.hosting.dataPrivacyFramework',
];

export function factAt(facts: unknown, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>(
      (node, key) => (node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined),
      facts,
    );
}

/** Localized facts are written as { de, en }; countries carry their code beside the names. */
function localized(value: unknown, locale: Locale): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  const text = value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[locale] : undefined;
  return typeof text === 'string' ? text : undefined;
}

export function tokenValue(facts: unknown, path: string, locale: Locale): string | undefined {
  const value = factAt(facts, path);
  if (!Array.isArray(value)) return localized(value, locale);
  // Lists of names or of localized names ("USA und China") read as the page's language joins them.
  const items = value.map((item) => localized(item, locale));
  if (items.length === 0 || !items.every((item) => item !== undefined)) return undefined;
  return new Intl.ListFormat(locale, { type: 'conjunction' }).format(items);
}

/**
 * Markdown (Sätteri mdast) plugin: fills the `{{field}}` tokens of a legal text with the agency's
 * facts, so an address or phone number is written once, in agency.json, and keeps or drops each
 * `{{#if field}} … {{/if}}` part (MARKER) by its fact. It works on the Markdown tree, before anything
 * is escaped: a value becomes text or a link's address, never markup. The language is the folder the
 * text lies in (`src/content/legal/<locale>/`). A token or condition that names no fact stops the
 * build, naming the file and the token.
 */
export function agencyTokens({ facts, root }: { facts: object; root: string }): MdastPluginDefinition {
  return {
    name: 'agency-tokens',
    before(tree, ctx) {
      const file = ctx.fileURL && fileURLToPath(ctx.fileURL);
      const fail = (message: string): never => {
        throw new Error(`${file ? relative(root, file) : 'Markdown'}: ${message}`);
      };
      const folder = file && basename(dirname(file));
      const locale = isLocale(folder) ? folder : undefined;
      const fill = (text: string) => {
        const filled = text.replace(TOKEN, (_token, path: string) => {
          if (!locale)
            return fail(`holds {{${path}}}, but lies in no language's folder (src/content/legal/<locale>/).`);
          const value = tokenValue(facts, path, locale);
          return value ?? fail(`the token {{${path}}} names no text field of ${AGENCY_FILE}.`);
        });
        const stray = /\{\{[^}]*\}\}/.exec(filled);
        return stray ? fail(`${stray[0]} is neither a token nor a condition.`) : filled;
      };
      /** The condition a marker leaves open after `open`: the one `{{#if field}}` opens, none after `{{/if}}`. */
      const opened = (open: Condition | undefined, [marker, path]: RegExpMatchArray) => {
        if (path && open) fail(`{{#if ${open.path}}} holds another condition; conditions cannot be nested.`);
        if (!path && !open) fail(`${marker.trim()} has no partner; each {{#if field}} ends with {{/if}}.`);
        if (path && !CONDITIONS.includes(path)) {
          fail(`the condition {{#if ${path}}} names none of the facts a part can depend on: ${CONDITIONS.join(', ')}.`);
        }
        return path ? { path, keep: Boolean(factAt(facts, path)) } : undefined;
      };
      /**
       * Keeps or drops the parts of a run of siblings (blocks of the text, or the words of a
       * paragraph) by their conditions, and fills what is kept. A condition ends among the siblings
       * it begins in; a token anywhere but in text or a link (raw HTML, code) stops the build.
       */
      const resolve = (nodes: readonly Nodes[]) => {
        let open: Condition | undefined;
        for (const node of nodes) {
          const block = node.type === 'paragraph' ? BLOCK_MARKER.exec(ctx.textContent(node)) : null;
          if (block) {
            open = opened(open, block);
            ctx.removeNode(node);
          } else if (node.type === 'text') {
            // Words in a sentence: the text between the markers stays or goes.
            let kept = '';
            let from = 0;
            for (const match of node.value.matchAll(MARKER)) {
              if (!open || open.keep) kept += node.value.slice(from, match.index);
              from = match.index + match[0].length;
              open = opened(open, match);
            }
            if (!open || open.keep) kept += node.value.slice(from);
            ctx.setProperty(node, 'value', fill(kept));
          } else if (open && !open.keep) ctx.removeNode(node);
          else if (node.type === 'link') {
            ctx.setProperty(node, 'url', fill(node.url));
            if (node.title) ctx.setProperty(node, 'title', fill(node.title));
            resolve(node.children);
          } else if ('value' in node && node.value.includes('{{')) {
            fail(`a token stands only in text or a link: ${node.value}`);
          } else if ('children' in node) resolve(node.children);
        }
        if (open)
          fail(
            `{{#if ${open.path}}} has no partner; each {{#if field}} ends with {{/if}} in the same paragraph or level.`,
          );
      };
      resolve(tree.children);
    },
  };
}

/** An open `{{#if field}}`, and whether its part stays. */
interface Condition {
  path: string;
  keep: boolean;
}

/**
 * Fills the legal texts' tokens from `src/content/agency.json` as Astro renders their Markdown, and
 * restarts the dev server when that file changes, so a page never shows a fact that has changed.
 */
export function agencyFactsInMarkdown(): AstroIntegration {
  return {
    name: 'agency-facts-in-markdown',
    hooks: {
      'astro:config:setup': ({ config, addWatchFile }) => {
        const file = new URL(AGENCY_FILE, config.root);
        addWatchFile(file);
        const facts = JSON.parse(readFileSync(file, 'utf-8')) as object;
        const { processor } = config.markdown;
        if (!isSatteriProcessor(processor))
          throw new Error("The legal texts need Astro 7's Markdown processor, Sätteri.");
        processor.options.mdastPlugins.push(agencyTokens({ facts, root: fileURLToPath(config.root) }));
      },
    },
  };
}
