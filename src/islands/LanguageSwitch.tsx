import type { MouseEvent } from 'react';
import type { Locale } from '../i18n/locales';
import type { LanguageLink as Language } from '../i18n/paths';
import { announceLanguageChange } from '../lib/language-change';

interface Props {
  current: Locale;
  /** Every language of the site, the current one included (`languageLinks()`). */
  languages: Language[];
  label: string;
}

/**
 * The language switch: the current language, marked, and a link to this page in each other one.
 * Each is a real link, so it works without JavaScript; with it, the `languageChange` event goes out
 * first and the visitor keeps the section they were reading.
 */
export default function LanguageSwitch({ current, languages, label }: Props) {
  const follow = (event: MouseEvent<HTMLAnchorElement>, language: Language) => {
    // New tab, new window, download: the browser's own job, and this page keeps its language.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    announceLanguageChange(language.locale);
    window.location.assign(language.href + window.location.hash);
  };

  return (
    <nav aria-label={label}>
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
                href={language.href}
                hrefLang={language.locale}
                lang={language.locale}
                data-language-link={language.locale}
                onClick={(event) => follow(event, language)}
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
