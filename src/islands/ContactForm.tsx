import { useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore, type ChangeEvent } from 'react';
import { flushSync } from 'react-dom';
import { IconSvg } from '../components/IconSvg';
import { siteContactForm } from '../lib/contact';
import type { ContactForm as ContactFormModel } from '../lib/contact/form';
import { contactFields, fieldMaxLength, type ContactField } from '../lib/contact/message';
import { adopt, takeHeldSubmit } from '../lib/controls';
import type { Locale } from '../i18n/locales';
import type { UIKey } from '../i18n/dictionaries/de';

/** The form's texts: every `contact.form.*` entry of the page's dictionary, by its key. */
export type ContactFormKey = Extract<UIKey, `contact.form.${string}`>;
export type ContactFormStrings = Record<ContactFormKey, string>;

interface Props {
  /** The page's language: the visitor's confirmation e-mail is sent in it. */
  locale: Locale;
  strings: ContactFormStrings;
  agencyName: string;
  /** Where to write when the form cannot send: the notices name it. */
  agencyEmail: string;
  privacyHref: string;
}

// The border shows where a field is: at least 3:1 against the card (WCAG 1.4.11); placeholders are
// text: at least 4.5:1 (WCAG 1.4.3). e2e/contrast.spec.ts measures both themes. While a message is
// being sent the fields are read-only, and a tint says so.
const inputClass =
  'mt-2 block w-full rounded-xl border border-ink-400 bg-white px-4 py-3 text-ink-950 placeholder:text-ink-500 transition-colors focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 dark:border-ink-500 dark:bg-ink-950 dark:text-white dark:placeholder:text-ink-400 dark:focus:border-brand-300 dark:focus:ring-brand-300/30 aria-[invalid=true]:border-ember-600 dark:aria-[invalid=true]:border-ember-400 read-only:bg-ink-50 dark:read-only:bg-ink-900';

/** Submits the form: the message on its way, or the field errors with focus on the first one. */
function submitForm(form: ContactFormModel, element: HTMLFormElement) {
  const honeypot = new FormData(element).get('website');
  // Drawn at once, so the field that gets focus already carries its error for the screen reader.
  flushSync(() => void form.submit(typeof honeypot === 'string' ? honeypot : ''));
  const { errors } = form.getState();
  const invalid = contactFields.find((field) => errors[field]);
  if (invalid) (element.elements.namedItem(invalid) as HTMLElement | null)?.focus();
}

/**
 * The contact form. Its state, its delivery and its draft come from `lib/contact` in one piece
 * (`siteContactForm`); this island only draws the state and hands it the visitor's input.
 */
export default function ContactForm({ locale, strings, agencyName, agencyEmail, privacyHref }: Props) {
  const [form] = useState(() => siteContactForm({ locale, agencyName }));
  const state = useSyncExternalStore(form.subscribe, form.getState, form.getState);
  const { fields, status, sending, errors, notice } = state;
  const formElement = useRef<HTMLFormElement>(null);
  // Without JavaScript a click would submit natively and go nowhere, so the page's button is off; the
  // early answers turn it on and hold a submit for us (src/hydration/early-answers.ts).
  const [hydrated, setHydrated] = useState(false);
  // Before the next paint, so the fields never flash empty: React keeps what the page's fields hold
  // while it hydrates, but would clear it on its first render from the form's empty state.
  useLayoutEffect(() => {
    const element = formElement.current;
    if (!element) return;
    // A visitor may have typed before the island came to life.
    form.resume((field) => (element.elements.namedItem(field) as HTMLInputElement).value);
    setHydrated(true);
    adopt(element);
    // A submit held before this code arrived is this form's now, once it has drawn itself hydrated:
    // taken once, and only here, so it is neither lost nor sent twice.
    const held = setTimeout(() => {
      if (takeHeldSubmit(element)) submitForm(form, element);
    });
    return () => {
      clearTimeout(held);
      form.dispose();
    };
  }, [form]);
  // Asks before the page is left while a message is on its way: its confirmation would be lost.
  useEffect(() => {
    if (!sending) return;
    // The browser asks in its own words; no browser shows a text of the page's.
    const guard = (event: BeforeUnloadEvent) => event.preventDefault();
    addEventListener('beforeunload', guard);
    return () => removeEventListener('beforeunload', guard);
  }, [sending]);

  const [privacyBefore, privacyAfter] = strings['contact.form.privacy'].split('{link}');
  const notices = notice ? strings[`contact.form.notice.${notice}`].split('{email}') : [];
  const [noticeBefore, noticeAfter] = notices as [string?, string?];

  return (
    <form
      ref={formElement}
      method="post"
      // Once React runs, the form checks the fields itself, in the page's language; the browser's
      // bubbles speak the browser's. `required` and `type="email"` stay for assistive technology.
      noValidate={hydrated}
      aria-label={strings['contact.form.label']}
      onSubmit={(event) => {
        event.preventDefault();
        submitForm(form, event.currentTarget);
      }}
      // The early answers may have marked a held submit on it (`HELD_SUBMIT_ATTRIBUTE`).
      suppressHydrationWarning
      className="card p-6 sm:p-8"
      data-contact-form
      data-hydrated={hydrated || undefined}
    >
      <div className="grid gap-5 sm:grid-cols-2">
        {contactFields.map((field) => {
          const problem = errors[field];
          const errorId = `contact-${field}-error`;
          const control = {
            id: `contact-${field}`,
            name: field,
            maxLength: fieldMaxLength[field],
            placeholder: strings[`contact.form.${field}Placeholder`],
            value: fields[field],
            // What is being sent stays as it is, so what the agency gets is what the visitor sees.
            readOnly: sending,
            onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
              form.edit(field, event.target.value),
            // Read with the field when the submit moves focus there.
            ...(problem && { 'aria-invalid': true, 'aria-describedby': errorId }),
          };
          return (
            <div key={field} className={field === 'name' || field === 'email' ? undefined : 'sm:col-span-2'}>
              <label htmlFor={control.id} className="font-medium text-ink-900 dark:text-ink-100">
                {strings[`contact.form.${field}`]}
                {field === 'project' ? (
                  <>
                    {' '}
                    <span className="text-sm font-normal text-ink-600 dark:text-ink-300">
                      ({strings['contact.form.optional']})
                    </span>
                  </>
                ) : (
                  <span aria-hidden="true" className="ml-0.5 text-ember-700 dark:text-ember-400">
                    *
                  </span>
                )}
              </label>
              {field === 'project' ? (
                <textarea rows={4} className={`${inputClass} resize-y`} {...control} />
              ) : (
                <input
                  type={field === 'email' ? 'email' : 'text'}
                  required
                  autoComplete={field === 'title' ? 'off' : field}
                  className={inputClass}
                  {...control}
                />
              )}
              {problem && (
                <p
                  id={errorId}
                  className="mt-2 flex items-start gap-1.5 text-sm font-medium text-ember-700 dark:text-ember-400"
                >
                  <IconSvg name="alert" className="mt-0.5 h-4 w-4 shrink-0" />
                  {problem === 'tooLong'
                    ? strings['contact.form.tooLong'].replace('{max}', String(fieldMaxLength[field]))
                    : problem === 'missing'
                      ? strings[`contact.form.${field as Exclude<ContactField, 'project'>}Missing`]
                      : strings[`contact.form.${problem}`]}
                </p>
              )}
            </div>
          );
        })}
        {/* Only bots see and fill this; people and screen readers never meet it. */}
        <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
          <label htmlFor="contact-website">{strings['contact.form.honeypot']}</label>
          <input id="contact-website" name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
        </div>
      </div>

      <p className="mt-5 text-sm text-ink-600 dark:text-ink-300">{strings['contact.form.requiredNote']}</p>
      <p className="mt-2 text-sm text-ink-600 dark:text-ink-300">
        {privacyBefore}
        <a href={privacyHref} className="text-link">
          {strings['contact.form.privacyLink']}
        </a>
        {privacyAfter}
      </p>

      <div className="mt-6 flex flex-col gap-4 sm:flex-row sm:items-center">
        <button
          type="submit"
          disabled={!hydrated}
          // Turned on by the early answers before React arrives.
          suppressHydrationWarning
          // Disabled while sending (docs/behaviour.md › Contact form), yet focusable: a `disabled`
          // button would drop the visitor's focus to <body> just as the answer comes in. A second
          // submit is ignored by the form itself. A submit held for the form's code looks the same.
          aria-disabled={sending || undefined}
          className="button-primary shrink-0 whitespace-nowrap disabled:cursor-not-allowed disabled:opacity-70 aria-disabled:cursor-progress aria-disabled:opacity-70 [[data-early-submit]_&]:cursor-progress [[data-early-submit]_&]:opacity-70"
        >
          <IconSvg
            name="send"
            className={sending ? 'h-5 w-5 animate-pulse' : 'h-5 w-5 [[data-early-submit]_&]:animate-pulse'}
          />
          {sending ? strings['contact.form.sending'] : strings['contact.form.submit']}
        </button>
        {/* Live regions always in the page, so screen readers announce what appears in them: the
            success politely (`status`), the error at once (`alert`). */}
        {(
          [
            ['status', 'success', 'check', 'text-brand-800 dark:text-brand-200'],
            ['alert', 'error', 'alert', 'text-ember-700 dark:text-ember-400'],
          ] as const
        ).map(([role, shown, icon, colour]) => (
          <div key={role} role={role} className={`text-sm font-medium ${colour}`}>
            {status === shown && (
              <span className="flex items-center gap-2">
                <IconSvg name={icon} className="h-5 w-5 shrink-0" />
                {strings[`contact.form.${shown}`]}
              </span>
            )}
          </div>
        ))}
      </div>
      {/* What the visitor should know after the status message, announced too; the agency's address is a link. */}
      <p aria-live="polite" className="max-w-prose text-sm text-ink-700 dark:text-ink-200 [&:not(:empty)]:mt-4">
        {noticeBefore}
        {noticeAfter !== undefined && (
          <>
            <a href={`mailto:${agencyEmail}`} className="text-link whitespace-nowrap">
              {agencyEmail}
            </a>
            {noticeAfter}
          </>
        )}
      </p>
    </form>
  );
}
