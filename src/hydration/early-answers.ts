import {
  closeOnBackdrop,
  holdSubmit,
  isAdopted,
  isPlainClick,
  openMemberDialog,
  returnFocusToPhoto,
  switchLanguage,
  takeHeldSubmit,
} from '../lib/controls';
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
export function answerEarly(doc: Pick<Document, 'addEventListener'> = document): void {
  doc.addEventListener('click', answerClick, { capture: true });
  doc.addEventListener('close', answerClose, { capture: true });
  doc.addEventListener('astro:hydration-error', answerHydrationError);
}

/** Answers a click (a tap, Enter or Space) on a control whose island has not adopted it. */
export function answerClick(event: MouseEvent): void {
  const control = (event.target as Target)?.closest?.(CONTROLS);
  if (!control || isAdopted(control)) return;
  if (control.matches(THEME_TOGGLE)) {
    toggleTheme();
  } else if (control.matches(LANGUAGE_LINK)) {
    // A new tab or window stays the browser's, and so does a link to no language of the site.
    if (!isPlainClick(event) || !switchLanguage(control as HTMLAnchorElement)) return;
    event.preventDefault();
  } else if (control.matches(TEAM_PHOTO)) {
    openMemberDialog(control);
  } else if (control.matches(TEAM_DIALOG)) {
    // Inside the dialog, links and the close button (a `method="dialog"` form) work by themselves.
    if (event.target !== control) return;
    closeOnBackdrop(control as HTMLDialogElement, event.target);
  } else {
    // No native submit (it would put the page's URL in the address bar and lose the text) and no
    // browser bubble: the form's own checks and sending come with its code.
    event.preventDefault();
    const form = control.closest<HTMLFormElement>(CONTACT_FORM);
    if (form) holdSubmit(form);
  }
  event.stopImmediatePropagation();
}

/** Returns focus to the photo when a member's dialog closes (Escape, the close button, the backdrop). */
function answerClose(event: Event): void {
  const dialog = event.target as Target;
  if (!dialog?.matches?.(TEAM_DIALOG)) return;
  returnFocusToPhoto(dialog as HTMLDialogElement);
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
