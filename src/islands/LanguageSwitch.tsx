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
 * The language switch: the current language, marked, and a link to this page in each other one, so
 * it works without JavaScript; with it, the `languageChange` event goes out first and the visitor
 * keeps the section they were reading (`switchLanguage`, which the early answers call too until the
 * island has adopted the links). A pill of short labels: a third language needs a menu of its own
 * (docs/behaviour.md › Language), as a third segment would push the header's menu button off a phone.
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
