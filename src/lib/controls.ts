import { isLocale, type Locale } from '../i18n/locales';

/**
 * What the islands' controls do, written once for the two that answer them: the early answers
 * (`src/hydration/early-answers.ts`), from the moment a control is on screen, and the island, once
 * React has hydrated and adopted it (docs/behaviour.md › Theme, Contact form). The theme toggle's
 * answer is `toggleTheme` (`theme.ts`). The language switch and the team's photos and dialogs are
 * no island: the early answers are all they need (docs/behaviour.md › Language, Team).
 *
 * Exactly one of the two answers each tap: the early answers stand back from an island that carries
 * `ADOPTED_ATTRIBUTE`, and stop every event they answer, so the island never sees it as well.
 */

/** Set on an island once React owns its controls. */
export const ADOPTED_ATTRIBUTE = 'data-adopted';

/** Set on the contact form while a submit made before its code arrived waits for it. */
export const HELD_SUBMIT_ATTRIBUTE = 'data-early-submit';

/**
 * An island's ref callback: React calls it in the commit that hydrates the island, the moment its
 * handlers take effect, so there is no instant in which both or neither would answer a tap.
 */
export function adopt(node: Element | null): void {
  node?.closest('astro-island')?.setAttribute(ADOPTED_ATTRIBUTE, '');
}

export function isAdopted(node: Element): boolean {
  return node.closest('astro-island')?.hasAttribute(ADOPTED_ATTRIBUTE) ?? false;
}

/** A plain activation: the main button without a modifier. The rest (new tab, download) is the browser's. */
export function isPlainClick(
  event: Pick<MouseEvent, 'button' | 'metaKey' | 'ctrlKey' | 'shiftKey' | 'altKey'>,
): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/** The window event of docs/behaviour.md › Language: its `detail` is the language the visitor switches to. */
export const LANGUAGE_CHANGE_EVENT = 'languageChange';

type Navigator = EventTarget & { location: Pick<Location, 'hash' | 'assign'> };

/**
 * Follows a language link (`data-language-link` names its language): `languageChange` first, then
 * the page in that language, at the section the visitor was reading. False for a link that names
 * no language of the site, which is then left to the browser.
 */
export function switchLanguage(
  link: Pick<HTMLAnchorElement, 'href' | 'getAttribute'>,
  win: Navigator = window,
): boolean {
  const locale = link.getAttribute('data-language-link');
  if (!isLocale(locale)) return false;
  win.dispatchEvent(new CustomEvent<Locale>(LANGUAGE_CHANGE_EVENT, { detail: locale }));
  win.location.assign(link.href + win.location.hash);
  return true;
}

type Dialog = Pick<HTMLDialogElement, 'id' | 'open' | 'showModal' | 'close'>;
type DialogLookup = Pick<Document, 'getElementById' | 'querySelector'>;

/** Opens the dialog a team member's photo controls (`aria-controls`); its content is in the page. */
export function openMemberDialog(photo: Pick<Element, 'getAttribute'>, doc: DialogLookup = document): void {
  const dialog = doc.getElementById(photo.getAttribute('aria-controls') ?? '') as Dialog | null;
  if (dialog && !dialog.open) dialog.showModal();
}

/** A click on the dialog element itself landed on its backdrop (the content fills the box): it closes. */
export function closeOnBackdrop(dialog: Dialog, clicked: unknown): void {
  if (clicked === dialog) dialog.close();
}

/**
 * Once a member's dialog has closed, focus goes back to the photo that opens it. The close event
 * comes a task after the dialog closed: a dialog reopened by then (Escape, then Space at once) keeps
 * the focus it has.
 */
export function returnFocusToPhoto(dialog: Dialog, doc: DialogLookup = document): void {
  if (dialog.open) return;
  doc.querySelector<HTMLElement>(`[aria-controls="${dialog.id}"]`)?.focus();
}

type Form = Pick<HTMLFormElement, 'hasAttribute' | 'setAttribute' | 'removeAttribute'>;

/** A submit made before the form's code has arrived: kept, visibly, for the form to send. */
export function holdSubmit(form: Form): void {
  form.setAttribute(HELD_SUBMIT_ATTRIBUTE, '');
}

/** The form takes a held submit over, once: true when there was one. */
export function takeHeldSubmit(form: Form): boolean {
  const held = form.hasAttribute(HELD_SUBMIT_ATTRIBUTE);
  form.removeAttribute(HELD_SUBMIT_ATTRIBUTE);
  return held;
}
