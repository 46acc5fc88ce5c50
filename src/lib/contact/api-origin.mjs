// @ts-check
/**
 * PUBLIC_EMAILJS_ORIGIN: where the contact form's EmailJS-compatible API lives. Either an absolute
 * origin (another API host, or a local inbox on another port: `http://127.0.0.1:4321`), or `/`: the
 * origin the page itself was opened under. The dev server's inbox uses `/`, so the form reaches it
 * from a phone on the LAN (`http://192.168.1.20:4321`) as well as from `localhost`.
 */
export const PAGE_ORIGIN = '/';

/**
 * Why a value cannot be used, or undefined. Plain JavaScript: astro.config.mjs checks it before the
 * build, as astro:env checks the other variables.
 * @param {string} value
 * @returns {string | undefined}
 */
export function apiOriginProblem(value) {
  if (value === PAGE_ORIGIN) return undefined;
  /** @type {URL} */
  let url;
  try {
    url = new URL(value);
  } catch {
    return `is neither "${PAGE_ORIGIN}" nor an absolute URL`;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'must be an http or https URL';
  if (url.origin !== value) return `must be an origin alone, without a path or a trailing slash: ${url.origin}`;
  return undefined;
}

/**
 * The origin the library posts to, for a page at `pageUrl`. The library glues the origin and its
 * path together, so it has to be an origin, never `/`.
 * @param {string} value a value `apiOriginProblem` accepts
 * @param {string} pageUrl
 */
export const resolveApiOrigin = (value, pageUrl) => new URL(value, pageUrl).origin;
