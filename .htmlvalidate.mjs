// @ts-check
/**
 * html-validate for the built pages (e2e/pages.spec.ts runs it over every page the build serves).
 * The recommended preset, less the rules that only judge how React and Astro spell valid HTML:
 * these output files are written by the framework, not by hand, and the choices below are all
 * conforming HTML.
 *
 * @type {import('html-validate').ConfigData}
 */
export default {
  root: true,
  extends: ['html-validate:recommended'],
  rules: {
    // React's server renderer writes DOM property names (srcSet, hrefLang, maxLength, autoComplete);
    // HTML attribute names are case-insensitive, so this is spelling, not validity.
    'attr-case': 'off',
    // React writes void elements self-closed (<input/>), Astro mostly not; HTML allows both.
    'void-style': 'off',
    // React writes boolean attributes as required="", Astro as bare names; HTML allows both.
    'attribute-boolean-style': 'off',
    // Astro derives heading ids from the legal texts' numbered headings ("1-scope"). HTML allows an id
    // to start with a digit; relaxed keeps the real requirements (not empty, no whitespace).
    'valid-id': ['error', { relaxed: true }],
  },
};
