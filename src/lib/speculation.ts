/**
 * Speculation Rules for the site's own pages (DESIGN.md › Navigation): a page the visitor is about
 * to open is already loaded, or rendered, when they tap its link. Browsers without Speculation Rules
 * (Firefox, Safari) ignore the rules and load each page when it is followed, as without them.
 */

/** Set on `<html>` unless the visitor asks to save data: no rule matches a link without it. */
export const SPECULATE_ATTRIBUTE = 'data-speculate';

/** The local inbox's pages (`npm start`): never loaded ahead, since opening one is an action of its own. */
const LOCAL_INBOX_PATHS = '/inbox*';

/**
 * The links the rules may take: a path of this site (a relative pattern matches this page's origin
 * only, so no other host is ever fetched: the team's portfolios, the projects' sites and the social
 * profiles are left alone), not the local inbox, not a link that opens elsewhere, and only once
 * `SPECULATE_ATTRIBUTE` is set. A rule's selector is re-evaluated as the page changes.
 */
const ownPages = {
  and: [
    { href_matches: '/*' },
    { not: { href_matches: LOCAL_INBOX_PATHS } },
    { selector_matches: `:root[${SPECULATE_ATTRIBUTE}] a:not([target="_blank"], [rel~="external"], [download])` },
  ],
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

/** The `<head>` script's part: `speculateUnlessSavingData`'s source, called with the attribute. */
export const speculationInitScript = `(${speculateUnlessSavingData.toString()})(${JSON.stringify(SPECULATE_ATTRIBUTE)});`;
