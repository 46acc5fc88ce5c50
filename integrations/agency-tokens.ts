import { readFileSync } from 'node:fs';
import { basename, dirname, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isSatteriProcessor } from '@astrojs/markdown-satteri';
import type { AstroIntegration } from 'astro';
import type { Link, Nodes, Parents } from 'mdast';
import type { MdastPluginDefinition, MdastVisitorContext } from 'satteri';
import { agencySchema } from '../src/content/schemas/agency';
import { schemaHasField } from '../src/content/schema-fields';
import { isLocale, type Locale } from '../src/i18n/locales';

const AGENCY_FILE = 'src/content/agency.json';
const TOKEN = /\{\{\s*([\w.]+)\s*\}\}/g;
/**
 * A part of a text that only holds when an optional fact is there. Written on lines of their own,
 * the markers are paragraphs of their own and enclose whole blocks; written inside a sentence, they
 * enclose words, and end in the paragraph they begin in:
 *
 *     {{#if professionalLiabilityInsurance}}          … an optional paragraph{{#if x}}, or words{{/if}}.
 *     ### Berufshaftpflichtversicherung
 *     …
 *     {{/if}}
 */
const MARKER = /\{\{\s*(?:#if\s+([\w.]+)|\/if)\s*\}\}/g;
const BLOCK_MARKER = /^\s*\{\{\s*(?:#if\s+([\w.]+)|\/if)\s*\}\}\s*$/;

/** Answers whether a dotted path names a field of the agency's schema, present in the data or not. */
type KnownField = (path: string) => boolean;

interface Options {
  /** The agency's facts, as `src/content/agency.json` holds them. */
  facts: object;
  /** The project's root, from which an error names the file. */
  root: string;
  knownField?: KnownField;
}

function factAt(facts: unknown, path: string): unknown {
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
  if (value !== null && typeof value === 'object' && typeof (value as Record<string, unknown>)[locale] === 'string') {
    return (value as Record<Locale, string>)[locale];
  }
  return undefined;
}

function tokenValue(facts: unknown, path: string, locale: Locale): string | undefined {
  const value = factAt(facts, path);
  if (typeof value === 'number') return String(value);
  // Lists of names or of localized names ("USA und China") read as the page's language joins them.
  if (Array.isArray(value) && value.length > 0) {
    const items = value.map((item) => localized(item, locale));
    if (items.every((item) => item !== undefined)) {
      return new Intl.ListFormat(locale, { type: 'conjunction' }).format(items);
    }
    return undefined;
  }
  return localized(value, locale);
}

const isPresent = (value: unknown) =>
  value !== undefined &&
  value !== null &&
  value !== false &&
  value !== '' &&
  !(Array.isArray(value) && value.length === 0);

const hasChildren = (node: Nodes): node is Parents => 'children' in node;

/**
 * Markdown (Sätteri mdast) plugin: fills the `{{field}}` tokens of a legal text with the agency's
 * facts, so an address or phone number is written once, in agency.json, and keeps or drops each
 * `{{#if field}} … {{/if}}` part. It works on the Markdown tree, before anything is escaped: a
 * value becomes text or a link's address, never markup, and a token in a link's address is filled
 * like any other. The language is the folder the text lies in (`src/content/legal/<locale>/`). A
 * token or condition that names no fact stops the build, naming the file and the token.
 */
export function agencyTokens({
  facts,
  root,
  knownField = (path) => schemaHasField(agencySchema, path),
}: Options): MdastPluginDefinition {
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
      const known = (path: string) => {
        if (!knownField(path)) fail(`the condition {{#if ${path}}} names no field of ${AGENCY_FILE}'s schema.`);
        return isPresent(factAt(facts, path));
      };
      walk(tree, ctx, { fill, known, fail });
    },
  };
}

/** An open `{{#if field}}`, and whether its part stays. */
interface Condition {
  path: string;
  keep: boolean;
}

interface Filler {
  fill: (text: string) => string;
  /** Whether the condition's fact is there; stops the build if the schema does not know it. */
  known: (path: string) => boolean;
  fail: (message: string) => never;
}

/** Fills one node's addresses and text; a token anywhere else (raw HTML, code) stops the build. */
function fillNode(node: Nodes, ctx: MdastVisitorContext, { fill, fail }: Filler, text?: string) {
  if (node.type === 'text') {
    ctx.setProperty(node, 'value', fill(text ?? node.value));
    return;
  }
  if (node.type === 'link' || node.type === 'image' || node.type === 'definition') {
    // The three share `url` and `title`; setProperty takes one node type at a time.
    const resource = node as Link;
    ctx.setProperty(resource, 'url', fill(resource.url));
    if (resource.title) ctx.setProperty(resource, 'title', fill(resource.title));
  }
  if (node.type === 'image' && node.alt) ctx.setProperty(node, 'alt', fill(node.alt));
  if ('value' in node && node.value.includes('{{')) fail(`a token stands only in text or a link: ${node.value}`);
}

/** The children of `parent` with their block conditions resolved: the kept ones, filled. */
function walk(parent: Parents, ctx: MdastVisitorContext, filler: Filler) {
  const children = parent.children as Nodes[];
  const blockMarker = (node: Nodes) => (node.type === 'paragraph' ? BLOCK_MARKER.exec(ctx.textContent(node)) : null);
  let open: Condition | undefined;
  const kept: Nodes[] = [];
  for (const child of children) {
    const marker = blockMarker(child);
    if (marker) {
      open = opened(open, marker, filler);
      ctx.removeNode(child);
    } else if (open && !open.keep) ctx.removeNode(child);
    else kept.push(child);
  }
  if (open) filler.fail(`{{#if ${open.path}}} has no partner; each {{#if field}} ends with {{/if}}.`);
  inline(kept, ctx, filler);
}

/** Resolves the conditions inside a run of siblings (words in a sentence), then fills what is kept. */
function inline(nodes: Nodes[], ctx: MdastVisitorContext, filler: Filler) {
  let open: Condition | undefined;
  for (const node of nodes) {
    if (node.type !== 'text' || node.value.search(MARKER) < 0) {
      if (open && !open.keep) ctx.removeNode(node);
      else {
        fillNode(node, ctx, filler);
        if (hasChildren(node)) walk(node, ctx, filler);
      }
      continue;
    }
    let kept = '';
    let from = 0;
    for (const match of node.value.matchAll(MARKER)) {
      if (!open || open.keep) kept += node.value.slice(from, match.index);
      from = match.index + match[0].length;
      open = opened(open, match, filler);
    }
    if (!open || open.keep) kept += node.value.slice(from);
    fillNode(node, ctx, filler, kept);
  }
  if (open) {
    filler.fail(`{{#if ${open.path}}} inside a sentence must end in the same paragraph, with {{/if}}.`);
  }
}

/** The condition a marker opens (`{{#if field}}`) or closes (`{{/if}}`, undefined) after `open`. */
function opened(open: Condition | undefined, [marker, path]: RegExpExecArray | RegExpMatchArray, filler: Filler) {
  if (path && open) filler.fail(`{{#if ${open.path}}} holds another condition; conditions cannot be nested.`);
  if (!path && !open) filler.fail(`${marker.trim()} has no partner; each {{#if field}} ends with {{/if}}.`);
  return path ? { path, keep: filler.known(path) } : undefined;
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
