import { isLocale } from '../i18n/locales';
import { HELD_SUBMIT_ATTRIBUTE, isAdopted, takeHeldSubmit } from '../lib/controls';
import { toggleTheme } from '../lib/theme';

/**
 * What the islands' controls answer before React has arrived, and the language switch and the
 * team's photos and dialogs, which are no island, always (docs/behaviour.md › Theme, Language,
 * Team, Contact form: a tap is answered at once, before or after hydration, and never twice).
 * Listeners on the document in the capture phase hear a tap from the first paint on, before anything
 * in an island could; each event they answer they stop, so the island's code, if it is hydrating
 * just then, never answers it too. Once an island has adopted its controls (`adopt`), they stand back.
 */

const THEME_TOGGLE = '[data-theme-toggle]';
const LANGUAGE_LINK = '[data-language-link]';
const TEAM_PHOTO = '[data-team-photo]';
const TEAM_DIALOG = '[data-team-dialog]';
const CONTACT_FORM = '[data-contact-form]';
const CONTACT_SUBMIT = `${CONTACT_FORM} [type="submit"]`;
const CONTACT_UNAVAILABLE = '[data-contact-unavailable]';
const CONTROLS = [THEME_TOGGLE, LANGUAGE_LINK, TEAM_PHOTO, TEAM_DIALOG, CONTACT_SUBMIT].join(', ');

type Target = Partial<Pick<Element, 'closest' | 'matches'>> | null;

/** Installs the early answers on a page; once, before the first island. */
export function answerEarly(): void {
  document.addEventListener('click', answerClick, { capture: true });
  document.addEventListener('close', answerClose, { capture: true });
  document.addEventListener('astro:hydration-error', answerHydrationError);
}

/** Answers a click (a tap, Enter or Space) on a control whose island has not adopted it. */
export function answerClick(event: MouseEvent): void {
  const control = (event.target as Target)?.closest?.(CONTROLS);
  if (!control || isAdopted(control)) return;
  if (control.matches(THEME_TOGGLE)) {
    toggleTheme();
  } else if (control.matches(LANGUAGE_LINK)) {
    const locale = control.getAttribute('data-language-link');
    // A new tab, a window or a download (another button, a modifier) stays the browser's, and so
    // does a link to no language of the site.
    const plain = event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
    if (!plain || !isLocale(locale)) return;
    event.preventDefault();
    // docs/behaviour.md › Language: `languageChange` first, then the page in that language, at the
    // section the visitor was reading.
    dispatchEvent(new CustomEvent('languageChange', { detail: locale }));
    location.assign((control as HTMLAnchorElement).href + location.hash);
  } else if (control.matches(TEAM_PHOTO)) {
    // The dialog the photo controls (`aria-controls`); its content is in the page.
    const dialog = document.getElementById(control.getAttribute('aria-controls') ?? '') as HTMLDialogElement | null;
    if (dialog && !dialog.open) dialog.showModal();
  } else if (control.matches(TEAM_DIALOG)) {
    // Inside the dialog, links and the close button (a `method="dialog"` form) work by themselves;
    // a click on the dialog element itself landed on its backdrop (the content fills the box).
    if (event.target !== control) return;
    (control as HTMLDialogElement).close();
  } else {
    // No native submit (it would put the page's URL in the address bar and lose the text) and no
    // browser bubble: the form's own checks and sending come with its code, which takes the submit
    // held here over (`takeHeldSubmit`).
    event.preventDefault();
    control.closest(CONTACT_FORM)?.setAttribute(HELD_SUBMIT_ATTRIBUTE, '');
  }
  event.stopImmediatePropagation();
}

/**
 * Returns focus to the photo when a member's dialog closes (Escape, the close button, the backdrop).
 * The close event comes a task after the dialog closed: a dialog reopened by then (Escape, then
 * Space at once) keeps the focus it has.
 */
export function answerClose(event: Event): void {
  const dialog = event.target as (Pick<HTMLDialogElement, 'id' | 'open'> & Partial<Pick<Element, 'matches'>>) | null;
  if (!dialog?.matches?.(TEAM_DIALOG)) return;
  if (!dialog.open) document.querySelector<HTMLElement>(`[aria-controls="${dialog.id}"]`)?.focus();
  event.stopImmediatePropagation();
}

/**
 * An island whose code could not be loaded (Astro tries twice) is never adopted: for the contact
 * form, the page then says why it cannot send and where to write instead, and keeps no submit.
 */
export function answerHydrationError(event: Event): void {
  const island = event.target as Partial<Pick<Element, 'querySelector' | 'parentElement'>> | null;
  const form = island?.querySelector?.<HTMLFormElement>(CONTACT_FORM);
  if (!form) return;
  takeHeldSubmit(form);
  const submit = form.querySelector<HTMLButtonElement>('[type="submit"]');
  if (submit) submit.disabled = true;
  island?.parentElement?.querySelector<HTMLElement>(CONTACT_UNAVAILABLE)?.removeAttribute('hidden');
}

/**
 * Readies an island's controls for the early answers as soon as the island is in the page: the
 * contact form's submit button, off in the page's HTML so that it cannot submit without JavaScript,
 * takes taps from now on (they are held for the form's code, see `answerClick`).
 */
export function prepareEarlyAnswers(island: Pick<Element, 'querySelector'>): void {
  const submit = island.querySelector<HTMLButtonElement>(CONTACT_SUBMIT);
  if (submit) submit.disabled = false;
}
