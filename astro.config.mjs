// @ts-check
import { defineConfig, envField } from 'astro/config';
import react from '@astrojs/react';
import tailwind from '@astrojs/tailwind';
import sitemap from '@astrojs/sitemap';
import { fileURLToPath } from 'node:url';
import { satteri } from '@astrojs/markdown-satteri';
import { localInbox } from './integrations/local-inbox.ts';
import { emailTemplatesCheck } from './integrations/email-templates.ts';
import { externalLinks } from './integrations/external-links.ts';
import { nonBreakingSpaces } from './integrations/non-breaking-spaces.ts';
import { agencyFactsInMarkdown } from './integrations/agency-tokens.ts';
import { islandStyleInHead } from './integrations/island-styles.ts';
import { cssTargets } from './integrations/css-targets.ts';
import browserslist from 'browserslist';
import agency from './src/content/agency.json' with { type: 'json' };
import { astroI18n, sitemapI18n } from './src/i18n/locales.ts';
import { connectSrc, emailJsSettings, readEmailJsEnv } from './src/node/emailjs-settings.ts';

// The EmailJS API the form may talk to: the library's own host unless a local inbox stands in.
const emailJs = readEmailJsEnv(process.env.NODE_ENV ?? 'production', process.cwd());

export default defineConfig({
  // The agency's address on the web: canonical URLs, hreflang, Open Graph and the sitemap use it.
  site: agency.siteUrl,
  output: 'static',
  // The languages come from the locale registry, src/i18n/locales.ts.
  i18n: astroI18n(),
  integrations: [
    react(),
    tailwind({ applyBaseStyles: false }),
    sitemap({ i18n: sitemapI18n() }),
    {
      // `client:deferred`: the header's toggles hydrate when the visitor reaches for them, the contact
      // form when it comes into view or is reached for. Its code brings the early answers, which
      // answer a tap before any island has, and the team's photos always (src/hydration/deferred.ts).
      name: 'deferred-hydration',
      hooks: {
        'astro:config:setup': ({ addClientDirective }) =>
          addClientDirective({
            name: 'deferred',
            entrypoint: fileURLToPath(new URL('./src/hydration/deferred.ts', import.meta.url)),
          }),
      },
    },
    localInbox(),
    emailTemplatesCheck(),
    agencyFactsInMarkdown(),
    islandStyleInHead(),
  ],
  // The legal texts hold no code, and Shiki's inline styles would need an exception in the policy.
  // agencyFactsInMarkdown() adds the plugin that fills in the agency's facts.
  markdown: { processor: satteri({ hastPlugins: [externalLinks, nonBreakingSpaces] }), syntaxHighlight: false },
  // The contact form's EmailJS account (src/node/emailjs-settings.ts). Public by nature (they
  // ship to the browser); the required ones stop a build that lacks them, naming each, instead of
  // shipping a form that cannot send.
  env: {
    schema: Object.fromEntries(
      emailJsSettings.map(({ name, required }) => [
        name,
        envField.string({ context: 'client', access: 'public', ...(required ? { min: 1 } : { optional: true }) }),
      ]),
    ),
  },
  image: { responsiveStyles: false },
  // Whitespace the way the browser reads it: runs collapse, but a line break in a template stays a
  // word break. Astro 7's default, 'jsx', drops a line break that follows an expression, so
  // `{agency.postalCode}` at the end of a line and `{agency.town}` on the next ran together
  // ("40789Monheim"), and so did the notice's last word and the agency's address after it in the
  // contact section ("direkt:hallo@…"). With this setting no way of breaking a line can join two
  // words. About 110 bytes more gzip on the landing page than 'jsx' (budgets.spec.ts holds its 20 KB).
  compressHTML: true,
  // The browsers package.json supports (browserslist), so the CSS minifier keeps Safari's prefixes
  // and writes media queries iOS 15 understands.
  vite: { build: { cssTarget: cssTargets(browserslist(undefined, { path: process.cwd() })) } },
  // The stylesheet travels inside each page: no request stands between the HTML and its first paint
  // (npm run perf: FCP and LCP about 300 ms lower on a simulated phone than with a linked file).
  build: { inlineStylesheets: 'always' },
  security: {
    // A content security policy in every page: scripts and styles only by hash or from this site,
    // and the only other host anything may reach is the EmailJS API. `frame-ancestors` cannot live
    // in a <meta>; public/_headers sets it (and the other headers) on hosts that read that file.
    csp: {
      algorithm: 'SHA-256',
      directives: [
        "default-src 'self'",
        // data: for the favicon, which travels inside the page (BaseLayout); Firefox checks a
        // favicon against img-src and would block it.
        "img-src 'self' data:",
        "font-src 'none'",
        "media-src 'self'",
        connectSrc(emailJs.origin),
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
      ],
    },
  },
});
