import { describe, expect, it, vi } from 'vitest';
import * as registry from './locales';

const { defaultLocale, localeInfo, locales } = registry;
/** The registry as written, whatever its languages. */
const real = [...locales];
const withFake = [...real, 'xx'];

/**
 * A third language in the registry, and nothing else: every consumer must pick it up by itself
 * (README, "Content, texts and languages"). `xx` has no data at all, which is what the completeness
 * test and the missing-file messages are for. It is added to the registry's own objects before any
 * consumer is imported, as an entry written into the file would be.
 */
Object.assign(localeInfo, { xx: { htmlLang: 'xx-XX', shortLabel: 'XX', name: 'Xxish' } });
(locales as string[]).push('xx');

// What the content collections are given, seen without running them.
vi.mock('astro/loaders', () => ({
  glob: (options: unknown) => ({ name: 'glob', load: () => Promise.resolve(), options }),
}));
vi.mock('astro:content', () => ({
  defineCollection: (collection: unknown) => collection,
  getEntry: () => Promise.resolve(undefined),
  getCollection: () => Promise.resolve([]),
}));
vi.mock('astro:env/client', () => ({
  PUBLIC_EMAILJS_PUBLIC_KEY: 'key',
  PUBLIC_EMAILJS_SERVICE_ID: 'service',
  PUBLIC_EMAILJS_NOTIFICATION_TEMPLATE_ID: 'notification',
  ...Object.fromEntries(
    withFake.map((locale) => [`PUBLIC_EMAILJS_AUTOREPLY_TEMPLATE_ID_${locale.toUpperCase()}`, `reply-${locale}`]),
  ),
  PUBLIC_EMAILJS_ORIGIN: undefined,
}));

describe('a locale added to the registry alone', () => {
  it('gets its pages, its switch entry and its alternates', async () => {
    const { getStaticPaths, legalPageStaticPaths, languageLinks, localizedPath } = await import('./paths');
    const { otherLocales } = await import('./locales');
    expect(getStaticPaths()).toContainEqual({ params: { locale: 'xx' }, props: { locale: 'xx' } });
    expect(legalPageStaticPaths()).toContainEqual({
      params: { locale: 'xx', page: 'agb' },
      props: { locale: 'xx', page: 'agb' },
    });
    expect(localizedPath('/en/agb/?a=1#b', 'xx' as never)).toBe('/xx/agb/?a=1#b');
    expect(languageLinks('/agb/').at(-1)).toEqual({ locale: 'xx', href: '/xx/agb/', short: 'XX', name: 'Xxish' });
    expect(otherLocales(defaultLocale)).toEqual(withFake.filter((locale) => locale !== defaultLocale));
    const { routes } = await import('../routes');
    expect(routes.filter((route) => route.locale === ('xx' as never)).map((route) => route.url)).toEqual([
      '/xx/',
      '/xx/impressum/',
      '/xx/datenschutz/',
      '/xx/agb/',
      '/xx/barrierefreiheit/',
    ]);
  });

  it('is in Astro’s i18n and the sitemap’s languages', async () => {
    // astro.config.mjs takes both as they are; the build's EmailJS variables come from the list
    // whose required names the test below checks (requiredEmailJsVariables).
    const { astroI18n, sitemapI18n } = await import('./locales');
    expect(astroI18n().locales).toEqual(withFake);
    expect(sitemapI18n().locales).toEqual({
      ...Object.fromEntries(real.map((locale) => [locale, localeInfo[locale].htmlLang])),
      xx: 'xx-XX',
    });
  });

  it('has its legal texts loaded from src/content/legal/xx/', async () => {
    const { collections } = await import('../content.config');
    const { loader } = collections.legal as unknown as { loader: { options: { pattern: string[] } } };
    expect(loader.options.pattern).toContain('xx/*.md');
  });

  it('gets an auto-reply template, its variable, the form’s template id, the local inbox’s stand-in and page', async () => {
    const { emailTemplates } = await import('../emails/templates');
    expect(emailTemplates).toHaveProperty('autoReplyXx', {
      file: 'auto-reply.xx.html',
      envVariable: 'PUBLIC_EMAILJS_AUTOREPLY_TEMPLATE_ID_XX',
      params: ['name', 'email', 'title'],
      shows: ['email'],
      recipient: 'a visitor who wrote from a page in xx',
    });
    const { emailJsConfig } = await import('../lib/contact');
    expect(emailJsConfig.templates.autoReply).toEqual(
      Object.fromEntries(withFake.map((locale) => [locale, `reply-${locale}`])),
    );
    const { requiredEmailJsVariables } = await import('../node/emailjs-settings.ts');
    const { localInboxEnv, localTemplates } = await import('../../local-inbox/env.ts');
    expect(requiredEmailJsVariables).toContain('PUBLIC_EMAILJS_AUTOREPLY_TEMPLATE_ID_XX');
    expect(localInboxEnv('http://127.0.0.1:1').PUBLIC_EMAILJS_AUTOREPLY_TEMPLATE_ID_XX).toBe('template_autoreply_xx');
    expect(localTemplates.autoReply).toHaveProperty('xx', 'template_autoreply_xx');
    // The local inbox shows its messages through its own template.
    const { renderInboxPage } = await import('../../local-inbox/inbox-page.ts');
    const template = { ...(emailTemplates as Record<string, object>).autoReplyXx, name: 'autoReplyXx' };
    const xx = { ...template, subject: 'Xx {{email}}', html: '<p>{{email}}</p>' } as never;
    const message = {
      receivedAt: '2025-01-01',
      template_id: 'template_autoreply_xx',
      template_params: { email: 'e@x.org' },
    };
    const page = renderInboxPage([message as never], [xx]);
    expect(page).toContain('<h2>Xx e@x.org</h2>');
    expect(page).toContain('src/emails/auto-reply.xx.html');
  });

  it('fails the build naming each file it lacks, rather than a wrong one', async () => {
    await expect(import('./translate')).rejects.toThrow(
      'src/i18n/dictionaries/xx.ts could not be loaded: every locale in src/i18n/locales.ts needs its interface texts there.',
    );
    const { getLegalPage } = await import('../content/queries');
    await expect(getLegalPage('xx' as never, 'agb')).rejects.toThrow(
      'src/content/legal/xx/agb.md is missing: every locale in src/i18n/locales.ts needs each legal page (agb).',
    );
    // A text that is there but was not loaded: the collection is at fault, and the message says so.
    await expect(getLegalPage(defaultLocale, 'agb')).rejects.toThrow(
      `src/content/legal/${defaultLocale}/agb.md exists, but the legal collection did not load it`,
    );
    const { loadEmailTemplate } = await import('../emails/templates');
    await expect(loadEmailTemplate('autoReplyXx' as never)).rejects.toThrow(
      'src/emails/auto-reply.xx.html is missing: it is the template for a visitor who wrote from a page in xx',
    );
    const { localizedText } = await import('../content/schemas/fields');
    const result = localizedText.safeParse(Object.fromEntries(real.map((locale) => [locale, 'Text'])));
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['xx']);
  });
});
