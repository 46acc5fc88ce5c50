import type { ContactNotice, Delivery } from './delivery';
import { readDraft, saveDraft } from './draft';
import {
  checkField,
  contactFields,
  emptyMessage,
  validateContactMessage,
  type ContactField,
  type ContactMessage,
  type FieldErrors,
} from './message';

export interface ContactFormState {
  fields: ContactMessage;
  status: 'idle' | 'success' | 'error';
  /** True while a submission runs: the button is disabled and says "Sending...", the fields are read-only. */
  sending: boolean;
  /** Fields a submit was refused for, and why; each goes away as soon as its field is valid. */
  errors: FieldErrors;
  /** Stays until the next submission starts: unlike the status, it must not vanish before it is read. */
  notice?: ContactNotice | undefined;
}

/** docs/behaviour.md › Constants: back to idle this long after each submission ends. */
export const STATUS_RESET_MS = 5000;

/**
 * The contact form's state machine, free of React and the DOM so it is tested on its own:
 * idle → sending → success and/or error → idle again after STATUS_RESET_MS. What the visitor typed is
 * only cleared once the agency has the message, so a failed send loses nothing; until then it is
 * also kept in this tab's draft (draft.ts), across reloads and pages. A submit with a field in error
 * sends nothing and changes no status: it only lists the errors.
 */
export function createContactForm(delivery: Delivery, logError: (...data: unknown[]) => void = console.error) {
  let state: ContactFormState = { fields: emptyMessage, status: 'idle', sending: false, errors: {} };
  let resetTimer: ReturnType<typeof setTimeout> | undefined;
  const listeners = new Set<() => void>();

  const update = (patch: Partial<ContactFormState>) => {
    state = { ...state, ...patch };
    listeners.forEach((listener) => listener());
  };

  return {
    // Properties, not methods: useSyncExternalStore takes them unbound.
    getState: () => state,
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** A field's new value. Refused while sending: what the visitor sees is what is being sent. */
    edit(field: ContactField, value: string) {
      if (state.sending) return;
      // A shown error follows the typing (and goes once the field is valid); none appears mid-typing.
      const { [field]: shown, ...others } = state.errors;
      const problem = shown ? checkField(field, value) : undefined;
      const errors = shown ? (problem ? { ...others, [field]: problem } : others) : state.errors;
      update({ fields: { ...state.fields, [field]: value }, errors });
      saveDraft(state.fields);
      // The library is loaded once the visitor starts typing, not with the page: most visitors
      // never send, and whoever does has it at hand by the time they press the button.
      delivery.prepare();
    },
    /**
     * Takes over when the form comes to life: what the visitor typed into the page's fields before
     * (kept field by field), else the draft saved in this tab.
     */
    resume(typed: (field: ContactField) => string) {
      if (state.sending) return;
      const saved = readDraft();
      const fields = { ...emptyMessage };
      for (const field of contactFields) fields[field] = typed(field) || (saved?.fields[field] ?? '');
      const fromDraft = contactFields.every((field) => fields[field] === saved?.fields[field]);
      update({ fields, notice: saved?.inFlight && fromDraft ? 'interrupted' : state.notice });
      saveDraft(fields, saved?.inFlight);
    },
    /**
     * Sends the message, or refuses it with `errors` when a field is not valid. The refusal happens at
     * once, before the returned promise settles, so the caller can move focus to the first error.
     * `honeypot` is the hidden field only bots fill in; theirs is dropped but looks sent.
     */
    async submit(honeypot = '') {
      if (state.sending) return;
      const errors = validateContactMessage(state.fields);
      update({ errors });
      if (Object.keys(errors).length > 0) return;
      clearTimeout(resetTimer);
      const message = state.fields;
      const markSent = () => {
        // Delivered: a draft brought back now would only invite the same message twice.
        saveDraft(emptyMessage);
        update({ status: 'success', fields: emptyMessage });
      };
      update({ sending: true, status: 'idle', notice: undefined });
      saveDraft(message, true);
      try {
        if (honeypot.trim()) {
          markSent();
          return;
        }
        const failed = await delivery.send(message, markSent);
        if (!failed) return;
        logError('Contact form: sending failed', ...failed.logged);
        update({ status: 'error', notice: failed.notice });
        if (failed.notice !== 'delivered') saveDraft(message);
      } finally {
        update({ sending: false });
        resetTimer = setTimeout(() => update({ status: 'idle' }), STATUS_RESET_MS);
      }
    },
    dispose() {
      clearTimeout(resetTimer);
      listeners.clear();
    },
  };
}

export type ContactForm = ReturnType<typeof createContactForm>;
