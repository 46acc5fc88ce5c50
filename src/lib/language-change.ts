import type { Locale } from '../i18n/locales';

/** The window event of docs/behaviour.md › Language: its `detail` is the language the visitor switches to. */
export const LANGUAGE_CHANGE_EVENT = 'languageChange';

export function announceLanguageChange(locale: Locale, target: EventTarget = window): void {
  target.dispatchEvent(new CustomEvent<Locale>(LANGUAGE_CHANGE_EVENT, { detail: locale }));
}
