import type { MouseEvent } from 'react';
import type { Locale } from '../i18n/locales';
import type { LanguageLink as Language } from '../i18n/paths';
import { adopt, isPlainClick, switchLanguage } from '../lib/controls';

interface Props {
  current: Locale;
  /** Every language of the site, the current one included (`languageLinks()`). */
  languages: Language[];
  label: string;
}

/**
 * How many languages the pill shows side by side. On a 380 px phone, the narrowest that shows the
 * agency's name, a pill of two already reaches into the header's padding; a third segment would
 * push the menu button off the screen (the header is then 415 px wide at 390 px).
 */
const PILL_MAX_LANGUAGES = 2;

/**
 * The language switch: the current language, marked, and a link to this page in each other one, so
 * it works without JavaScript; with it, the `languageChange` event goes out first and the visitor
 * keeps the section they were reading (`switchLanguage`, which the early answers call too until the
 * island has adopted the links). Up to `PILL_MAX_LANGUAGES` it is a pill of short labels;
 * with more, the current label opens a menu of every language, so the header keeps its width.
 */
export default function LanguageSwitch({ current, languages, label }: Props) {
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    // New tab, new window, download: the browser's own job, and this page keeps its language.
    if (isPlainClick(event) && switchLanguage(event.currentTarget)) event.preventDefault();
  };
  const linkTo = (language: Language) => ({
    href: language.href,
    hrefLang: language.locale,
    lang: language.locale,
    'data-language-link': language.locale,
    onClick: follow,
  });

  if (languages.length > PILL_MAX_LANGUAGES) {
    const currentLanguage = languages.find((language) => language.locale === current) ?? languages[0];
    return (
      <nav aria-label={label} ref={adopt}>
        <details className="relative">
          <summary className="flex cursor-pointer list-none items-center rounded-full border border-ink-200 p-0.5 text-sm font-semibold dark:border-ink-700 [&::-webkit-details-marker]:hidden">
            <span className="block rounded-full bg-ink-900 px-2.5 py-1.5 text-white dark:bg-white dark:text-ink-950">
              {/* One text, so the server's HTML and React's agree without a marker between two. */}
              <span aria-hidden="true">{`${currentLanguage.short} ▾`}</span>
              <span className="sr-only">{currentLanguage.name}</span>
            </span>
          </summary>
          <ul className="card absolute right-0 top-12 w-56 p-2 shadow-lg">
            {languages.map((language) => (
              <li key={language.locale}>
                {language.locale === current ? (
                  <span
                    aria-current="true"
                    className="block rounded-xl px-4 py-3 font-semibold text-ink-950 dark:text-white"
                  >
                    {language.name}
                  </span>
                ) : (
                  <a
                    {...linkTo(language)}
                    className="block rounded-xl px-4 py-3 font-medium text-ink-800 hover:bg-ink-100 dark:text-ink-100 dark:hover:bg-ink-800"
                  >
                    {language.name}
                  </a>
                )}
              </li>
            ))}
          </ul>
        </details>
      </nav>
    );
  }

  return (
    <nav aria-label={label} ref={adopt}>
      <ul className="flex items-center rounded-full border border-ink-200 p-0.5 text-sm font-semibold dark:border-ink-700">
        {languages.map((language) => (
          <li key={language.locale}>
            {language.locale === current ? (
              <span
                aria-current="true"
                className="block rounded-full bg-ink-900 px-2.5 py-1.5 text-white dark:bg-white dark:text-ink-950"
              >
                <span aria-hidden="true">{language.short}</span>
                <span className="sr-only">{language.name}</span>
              </span>
            ) : (
              <a
                {...linkTo(language)}
                className="block rounded-full px-2.5 py-1.5 text-ink-600 transition-colors hover:text-ink-950 dark:text-ink-300 dark:hover:text-white"
              >
                <span aria-hidden="true">{language.short}</span>
                <span className="sr-only">{language.name}</span>
              </a>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
