/**
 * Speculation Rules for the site's own pages (DESIGN.md › Navigation): a page the visitor is about
 * to open is already loaded, or rendered, when they tap its link. A browser without them that
 * fetches ahead (`<link rel=prefetch>`: Firefox) gets the same links' HTML fetched ahead; one that
 * does neither (Safari) loads each page when it is followed, as without them.
 */

/** Set on `<html>` unless the visitor asks to save data: no rule matches a link without it. */
export const SPECULATE_ATTRIBUTE = 'data-speculate';

/** The local inbox's pages (`npm start`): never loaded ahead, since opening one is an action of its own. */
const LOCAL_INBOX = '/inbox';

/** A link that stays in this tab, once the page allows speculation (`SPECULATE_ATTRIBUTE`). */
const LINK_IN_THIS_TAB = `:root[${SPECULATE_ATTRIBUTE}] a:not([target="_blank"], [rel~="external"], [download])`;

/**
 * The links the rules may take: a path of this site (a relative pattern matches this page's origin
 * only, so no other host is ever fetched: the team's portfolios, the projects' sites and the social
 * profiles are left alone), not the local inbox, not a link that opens elsewhere, and only once
 * `SPECULATE_ATTRIBUTE` is set. A rule's selector is re-evaluated as the page changes.
 */
const ownPages = {
  and: [{ href_matches: '/*' }, { not: { href_matches: `${LOCAL_INBOX}*` } }, { selector_matches: LINK_IN_THIS_TAB }],
};

/**
 * Prerender (the page in full, ready to be shown in the next frame) a link the visitor may follow:
 * the pointer on it for a moment (10 ms), or on a phone the link in view for a moment ("eager").
 * "moderate" waits 200 ms of a pointer's rest, too little of a 300 ms rest left to prerender a page
 * in. Chromium keeps the latest two such pages and drops older ones. Prefetch (the page's HTML,
 * about 20 KB) the same links where the browser declines to prerender, as with its memory saver on.
 */
export const speculationRules = {
  prefetch: [{ where: ownPages, eagerness: 'eager' }],
  prerender: [{ where: ownPages, eagerness: 'eager' }],
};

/** The rules in the page, allowed by the content security policy by their hash. */
export const speculationRulesScript = JSON.stringify(speculationRules);

/**
 * Lets the rules apply, unless the visitor asks to save data (`Save-Data`,
 * `navigator.connection.saveData`). Runs in the inline `<head>` script, before the first paint:
 * Chromium on a phone takes a link as it comes into view, so a link in view from the first paint
 * (the language switch) is never taken by rules that begin to apply later, after the load, say.
 * Refers to nothing outside its body.
 */
export function speculateUnlessSavingData(attribute: string): void {
  if (!(navigator as { connection?: { saveData?: boolean } }).connection?.saveData)
    document.documentElement.setAttribute(attribute, '');
}

/** A mouse that rests this long on a link means to follow it, one only crossing it rarely does (instant.page's measure). */
const MOUSE_REST_MS = 65;

/**
 * Where the browser has no Speculation Rules but fetches ahead (Firefox), the page of a link the
 * rules would take is fetched ahead, its HTML only, once, when a mouse rests on the link or the
 * keyboard moves focus to it. The click then takes the page from what Firefox fetched ahead, unless
 * the answer asks to be revalidated (nginx's `no-cache` for pages, hence its answer to
 * `Sec-Purpose: prefetch`: docs/deploy.md). Not on a touch, nor on a focus that a press
 * gives: the click follows at once, and a page left while a fetch of its own is still under way is
 * kept out of Firefox's back/forward cache. Runs in the inline `<head>` script; refers to nothing
 * outside its body.
 */
export function prefetchWithoutSpeculationRules(selector: string, excluded: string, restMs: number): void {
  // In this order: Safari before 16 fetches nothing ahead and has no `HTMLScriptElement.supports`.
  const fetchesAhead = document.createElement('link').relList.supports('prefetch');
  if (!fetchesAhead || HTMLScriptElement.supports('speculationrules')) return;
  const fetched = new Set([location.href.replace(/#.*/, '')]);
  const fetchAhead = (target: EventTarget | null) => {
    const anchor = target instanceof Element ? target.closest<HTMLAnchorElement>(selector) : null;
    const url = anchor?.href.replace(/#.*/, '') ?? '';
    // A link without an address has no origin either.
    if (anchor?.origin !== location.origin || anchor.pathname.startsWith(excluded) || fetched.has(url)) return;
    fetched.add(url);
    document.head.append(Object.assign(document.createElement('link'), { rel: 'prefetch', href: url }));
  };
  let resting: ReturnType<typeof setTimeout> | undefined;
  addEventListener('pointerover', ({ target, pointerType }) => {
    clearTimeout(resting);
    if (pointerType === 'mouse') resting = setTimeout(fetchAhead, restMs, target);
  });
  // A press before the rest is over starts the page's own load.
  for (const type of ['pointerout', 'pointerdown']) addEventListener(type, () => clearTimeout(resting));
  addEventListener('focusin', ({ target }) => {
    if (target instanceof Element && target.matches(':focus-visible')) fetchAhead(target);
  });
}

/** The `<head>` script's part: the two functions' sources, each called with what it needs. */
export const speculationInitScript =
  `(${speculateUnlessSavingData.toString()})(${JSON.stringify(SPECULATE_ATTRIBUTE)});` +
  `(${prefetchWithoutSpeculationRules.toString()})(${[LINK_IN_THIS_TAB, LOCAL_INBOX, MOUSE_REST_MS].map((value) => JSON.stringify(value)).join()});`;
