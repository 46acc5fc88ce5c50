import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type ChangeEvent,
  type ReactNode,
  type SubmitEvent,
} from 'react';
import { flushSync } from 'react-dom';
import { IconSvg } from '../components/IconSvg';
import type { IconName } from '../components/icons';
import {
  contactFields,
  emptyMessage,
  fieldMaxLength,
  firstFieldInError,
  siteContactForm,
  type ContactField,
  type ContactForm as ContactFormModel,
  type ContactMessage,
  type FieldProblem,
} from '../lib/contact';
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

const fields: { name: ContactField; type: 'text' | 'email'; autoComplete: string; required: boolean }[] = [
  { name: 'name', type: 'text', autoComplete: 'name', required: true },
  { name: 'email', type: 'email', autoComplete: 'email', required: true },
  { name: 'title', type: 'text', autoComplete: 'off', required: true },
];

/** The words for one field's problem, in the page's language. */
function fieldErrorText(strings: ContactFormStrings, field: ContactField, problem: FieldProblem): string {
  if (problem === 'tooLong') return strings['contact.form.tooLong'].replace('{max}', String(fieldMaxLength[field]));
  if (problem !== 'missing') return strings[`contact.form.${problem}`];
  return field === 'project' ? '' : strings[`contact.form.${field}Missing`];
}

/** What the page's fields hold: a visitor may have typed before the island came to life. */
function typedInto(form: HTMLFormElement): ContactMessage {
  const typed = { ...emptyMessage };
  for (const field of contactFields) {
    const element = form.elements.namedItem(field);
    if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) typed[field] = element.value;
  }
  return typed;
}

/**
 * Submits what the page's form holds: the field errors, with focus on the first field in error, or
 * the message on its way.
 */
function submitForm(form: ContactFormModel, element: HTMLFormElement) {
  const honeypot = new FormData(element).get('website');
  // Drawn at once, so the field that gets focus already carries its error for the screen reader.
  flushSync(() => void form.submit(typeof honeypot === 'string' ? honeypot : ''));
  const invalid = firstFieldInError(form.getState().errors);
  if (invalid) (element.elements.namedItem(invalid) as HTMLElement | null)?.focus();
}

/** Asks before the page is left while a message is on its way: its confirmation would be lost. */
function useLeaveGuard(active: boolean) {
  useEffect(() => {
    if (!active) return;
    // The browser asks in its own words; no browser shows a text of the page's.
    const guard = (event: BeforeUnloadEvent) => event.preventDefault();
    addEventListener('beforeunload', guard);
    return () => removeEventListener('beforeunload', guard);
  }, [active]);
}

/**
 * A field's error, right under it. The field names it in `aria-describedby`, so a screen reader
 * reads it with the field when the submit moves focus there.
 */
function FieldError({ id, children }: { id: string; children: string }) {
  return (
    <p id={id} className="mt-2 flex items-start gap-1.5 text-sm font-medium text-ember-700 dark:text-ember-400">
      <IconSvg name="alert" className="mt-0.5 h-4 w-4 shrink-0" />
      {children}
    </p>
  );
}

/**
 * A live region that is always in the page, so screen readers announce what appears in it: the
 * success message politely (`status`), the error at once (`alert`).
 */
function StatusMessage({
  role,
  icon,
  className,
  children,
}: {
  role: 'status' | 'alert';
  icon: IconName;
  className: string;
  children: ReactNode;
}) {
  return (
    <div role={role} className={`text-sm font-medium ${className}`}>
      {children && (
        <span className="flex items-center gap-2">
          <IconSvg name={icon} className="h-5 w-5 shrink-0" />
          {children}
        </span>
      )}
    </div>
  );
}

/**
 * What the visitor should know after the status message: a live region of its own, always in the
 * page, so it is announced; the agency's address is a link.
 */
function Notice({ text, email }: { text: string | undefined; email: string }) {
  const [before, after] = (text ?? '').split('{email}') as [string, string?];
  return (
    <p aria-live="polite" className="max-w-prose text-sm text-ink-700 dark:text-ink-200 [&:not(:empty)]:mt-4">
      {text && (
        <>
          {before}
          {after !== undefined && (
            <>
              <a href={`mailto:${email}`} className="text-link whitespace-nowrap">
                {email}
              </a>
              {after}
            </>
          )}
        </>
      )}
    </p>
  );
}

/**
 * The contact form. Its state, its delivery and its draft come from `lib/contact` in one piece
 * (`siteContactForm`); this island only draws the state and hands it the visitor's input.
 */
export default function ContactForm({ locale, strings, agencyName, agencyEmail, privacyHref }: Props) {
  const [form] = useState(() => siteContactForm({ locale, agencyName }));
  const {
    fields: values,
    status,
    sending,
    errors,
    notice,
  } = useSyncExternalStore(form.subscribe, form.getState, form.getState);
  const formElement = useRef<HTMLFormElement>(null);
  // Without JavaScript a click would submit natively and go nowhere, so the page's button is off; the
  // early answers turn it on and hold a submit for us (src/hydration/early-answers.ts).
  const [hydrated, setHydrated] = useState(false);
  // Before the next paint, so the fields never flash empty: React keeps what the page's fields hold
  // while it hydrates, but would clear it on its first render from the form's empty state.
  useLayoutEffect(() => {
    const element = formElement.current;
    if (!element) return;
    form.resume(typedInto(element));
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
  useLeaveGuard(sending);

  const edit = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    form.edit(event.target.name as ContactField, event.target.value);
  };

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    submitForm(form, event.currentTarget);
  };

  /** What ties a field to its error, when it has one. */
  const errorProps = (field: ContactField) => {
    const problem = errors[field];
    if (!problem) return { message: undefined, aria: {} };
    const id = `contact-${field}-error`;
    return {
      message: <FieldError id={id}>{fieldErrorText(strings, field, problem)}</FieldError>,
      aria: { 'aria-invalid': true, 'aria-describedby': id },
    };
  };

  const [privacyBefore, privacyAfter] = strings['contact.form.privacy'].split('{link}');
  const projectError = errorProps('project');

  return (
    <form
      ref={formElement}
      method="post"
      // Once React runs, the form checks the fields itself, in the page's language; the browser's
      // bubbles speak the browser's. `required` and `type="email"` stay for assistive technology.
      noValidate={hydrated}
      aria-label={strings['contact.form.label']}
      onSubmit={submit}
      // The early answers may have marked a held submit on it (`HELD_SUBMIT_ATTRIBUTE`).
      suppressHydrationWarning
      className="card p-6 sm:p-8"
      data-contact-form
      data-hydrated={hydrated || undefined}
    >
      <div className="grid gap-5 sm:grid-cols-2">
        {fields.map((field) => {
          const error = errorProps(field.name);
          return (
            <div key={field.name} className={field.name === 'title' ? 'sm:col-span-2' : undefined}>
              <label htmlFor={`contact-${field.name}`} className="font-medium text-ink-900 dark:text-ink-100">
                {strings[`contact.form.${field.name}`]}
                <span aria-hidden="true" className="ml-0.5 text-ember-700 dark:text-ember-400">
                  *
                </span>
              </label>
              <input
                id={`contact-${field.name}`}
                name={field.name}
                type={field.type}
                required={field.required}
                autoComplete={field.autoComplete}
                maxLength={fieldMaxLength[field.name]}
                placeholder={strings[`contact.form.${field.name}Placeholder`]}
                value={values[field.name]}
                // What is being sent stays as it is, so what the agency gets is what the visitor sees.
                readOnly={sending}
                onChange={edit}
                className={inputClass}
                {...error.aria}
              />
              {error.message}
            </div>
          );
        })}
        <div className="sm:col-span-2">
          <label htmlFor="contact-project" className="font-medium text-ink-900 dark:text-ink-100">
            {strings['contact.form.project']}{' '}
            <span className="text-sm font-normal text-ink-600 dark:text-ink-300">
              ({strings['contact.form.optional']})
            </span>
          </label>
          <textarea
            id="contact-project"
            name="project"
            rows={4}
            maxLength={fieldMaxLength.project}
            placeholder={strings['contact.form.projectPlaceholder']}
            value={values.project}
            readOnly={sending}
            onChange={edit}
            className={`${inputClass} resize-y`}
            {...projectError.aria}
          />
          {projectError.message}
        </div>
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
        <StatusMessage role="status" icon="check" className="text-brand-800 dark:text-brand-200">
          {status === 'success' && strings['contact.form.success']}
        </StatusMessage>
        <StatusMessage role="alert" icon="alert" className="text-ember-700 dark:text-ember-400">
          {status === 'error' && strings['contact.form.error']}
        </StatusMessage>
      </div>
      <Notice text={notice && strings[`contact.form.notice.${notice}`]} email={agencyEmail} />
    </form>
  );
}
