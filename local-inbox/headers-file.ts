/**
 * Reads a Netlify/Cloudflare-style `_headers` file, so the local server sends the same headers as
 * the production host and the tests see the site under them.
 */
export function parseHeadersFile(text: string) {
  const rules: { pattern: string; headers: [string, string][] }[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim() || line.trim().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      rules.push({ pattern: line.trim(), headers: [] });
      continue;
    }
    const separator = line.indexOf(':');
    const rule = rules.at(-1);
    if (!rule || separator < 0)
      throw new Error(`_headers: "${line.trim()}" belongs to no path or has no "Name: value"`);
    rule.headers.push([line.slice(0, separator).trim(), line.slice(separator + 1).trim()]);
  }
  return rules;
}

/** `/*` matches everything, `/_astro/*` everything below it, anything else only itself. */
export function headersFor(rules: ReturnType<typeof parseHeadersFile>, pathname: string) {
  return rules
    .filter(({ pattern }) => (pattern.endsWith('*') ? pathname.startsWith(pattern.slice(0, -1)) : pathname === pattern))
    .flatMap((rule) => rule.headers);
}
