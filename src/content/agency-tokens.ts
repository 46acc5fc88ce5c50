import type { Locale } from '../i18n/locales';

// Markdown percent-encodes braces inside link targets: `[x]({{siteUrl}})` arrives as `%7B%7BsiteUrl%7D%7D`.
const TOKEN = /(?:\{\{|%7B%7B)\s*([\w.]+)\s*(?:\}\}|%7D%7D)/gi;

/**
 * A part of a text that only holds when an optional fact is there. Written on lines of their own,
 * the markers become paragraphs of their own, which go with the part; written inside a sentence,
 * they enclose words:
 *
 *     {{#if professionalLiabilityInsurance}}          … an optional paragraph{{#if x}}, or words{{/if}}.
 *     ### Berufshaftpflichtversicherung
 *     …
 *     {{/if}}
 */
const BLOCK_IF = /<p>\s*\{\{#if\s+([\w.]+)\s*\}\}\s*<\/p>\n?([\s\S]*?)<p>\s*\{\{\/if\s*\}\}\s*<\/p>\n?/g;
const INLINE_IF = /\{\{#if\s+([\w.]+)\s*\}\}([\s\S]*?)\{\{\/if\s*\}\}/g;
const CONDITION_MARKER = /\{\{\s*[#/][^}]*\}\}/;

/** Answers whether a dotted path names a field of the agency's schema, present in the data or not. */
export type KnownField = (path: string) => boolean;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

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

/**
 * Keeps or drops each `{{#if field}} … {{/if}}` part. The field must be one the schema declares,
 * so a misspelt condition stops the build instead of quietly hiding a paragraph.
 */
function resolveConditions(html: string, facts: object, knownField: KnownField, source: string): string {
  const resolve = (path: string, content: string) => {
    if (!knownField(path)) {
      throw new Error(`${source}: the condition {{#if ${path}}} names no field of src/content/agency.json's schema.`);
    }
    if (CONDITION_MARKER.test(content)) {
      throw new Error(`${source}: {{#if ${path}}} holds another condition; conditions cannot be nested.`);
    }
    return isPresent(factAt(facts, path)) ? content : '';
  };
  const resolved = html
    .replace(BLOCK_IF, (_part, path: string, content: string) => resolve(path, content))
    .replace(INLINE_IF, (_part, path: string, content: string) => {
      // Dropping words must leave whole paragraphs behind, never half of two.
      if (/<\/?(p|h\d|ul|ol|li|table|tr|td|th|blockquote)\b/.test(content)) {
        throw new Error(`${source}: {{#if ${path}}} inside a sentence must end in the same paragraph.`);
      }
      return resolve(path, content);
    });
  const stray = CONDITION_MARKER.exec(resolved);
  if (stray) {
    throw new Error(`${source}: ${stray[0]} has no partner; each {{#if field}} ends with {{/if}}.`);
  }
  return resolved;
}

/**
 * Fills `{{field}}` tokens in rendered legal text with the agency's facts, so an address or phone
 * number is written once, in agency.json, and shows or leaves out the parts that depend on an
 * optional fact. Runs on every build rather than when Markdown is cached, so a changed fact can
 * never leave a stale imprint. A token or condition that names no fact stops the build.
 */
export function fillAgencyTokens(
  html: string,
  facts: object,
  locale: Locale,
  source: string,
  knownField: KnownField,
): string {
  return resolveConditions(html, facts, knownField, source).replace(TOKEN, (_token, path: string) => {
    const value = tokenValue(facts, path, locale);
    if (value === undefined) {
      throw new Error(`${source}: the token {{${path}}} names no text field of src/content/agency.json.`);
    }
    return escapeHtml(value);
  });
}
