import type { Locale } from '../i18n/locales';

// Markdown percent-encodes braces inside link targets: `[x]({{siteUrl}})` arrives as `%7B%7BsiteUrl%7D%7D`.
const TOKEN = /(?:\{\{|%7B%7B)\s*([\w.]+)\s*(?:\}\}|%7D%7D)/gi;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function tokenValue(facts: unknown, path: string, locale: Locale): string | undefined {
  const value = path
    .split('.')
    .reduce<unknown>(
      (node, key) => (node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined),
      facts,
    );
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) {
    return new Intl.ListFormat(locale, { type: 'conjunction' }).format(value);
  }
  // Localized facts are written as { de, en }.
  if (value !== null && typeof value === 'object' && typeof (value as Record<string, unknown>)[locale] === 'string') {
    return (value as Record<Locale, string>)[locale];
  }
  return undefined;
}

/**
 * Fills `{{field}}` tokens in rendered legal text with the agency's facts, so an address or phone
 * number is written once, in agency.json. Runs on every build rather than when Markdown is cached,
 * so a changed fact can never leave a stale imprint. A token that names no fact stops the build.
 */
export function fillAgencyTokens(html: string, facts: object, locale: Locale, source: string): string {
  return html.replace(TOKEN, (_token, path: string) => {
    const value = tokenValue(facts, path, locale);
    if (value === undefined) {
      throw new Error(`${source}: the token {{${path}}} names no text field of src/content/agency.json.`);
    }
    return escapeHtml(value);
  });
}
