// @ts-check
import { defineConfig, envField, fontProviders } from 'astro/config';
import react from '@astrojs/react';
import tailwind from '@astrojs/tailwind';
import sitemap from '@astrojs/sitemap';
import { externalLinks } from './src/lib/markdown/external-links.mjs';
import agency from './src/content/agency.json' with { type: 'json' };

export default defineConfig({
  // The agency's address on the web: canonical URLs, hreflang, Open Graph and the sitemap use it.
  site: agency.siteUrl,
  output: 'static',
  i18n: {
    defaultLocale: 'de',
    locales: ['de', 'en'],
    routing: { prefixDefaultLocale: false },
  },
  integrations: [
    react(),
    tailwind({ applyBaseStyles: false }),
    sitemap({ i18n: { defaultLocale: 'de', locales: { de: 'de-DE', en: 'en-US' } } }),
  ],
  markdown: { rehypePlugins: [externalLinks] },
  // The contact form's EmailJS account. Public by nature (they ship to the browser); required, so a
  // build without them fails and names each missing one instead of shipping a form that cannot send.
  env: {
    schema: {
      PUBLIC_EMAILJS_PUBLIC_KEY: envField.string({ context: 'client', access: 'public', min: 1 }),
      PUBLIC_EMAILJS_SERVICE_ID: envField.string({ context: 'client', access: 'public', min: 1 }),
      PUBLIC_EMAILJS_NOTIFICATION_TEMPLATE_ID: envField.string({ context: 'client', access: 'public', min: 1 }),
      PUBLIC_EMAILJS_AUTOREPLY_TEMPLATE_ID: envField.string({ context: 'client', access: 'public', min: 1 }),
      PUBLIC_EMAILJS_ORIGIN: envField.string({ context: 'client', access: 'public', optional: true, url: true }),
    },
  },
  image: { responsiveStyles: false },
  experimental: {
    fonts: [
      {
        provider: fontProviders.local(),
        name: 'Inter',
        cssVariable: '--font-inter',
        fallbacks: ['system-ui', 'sans-serif'],
        options: {
          variants: [
            {
              weight: '100 900',
              style: 'normal',
              src: ['@fontsource-variable/inter/files/inter-latin-wght-normal.woff2'],
            },
          ],
        },
      },
    ],
  },
});
