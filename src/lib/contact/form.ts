import { describeSendFailure } from './failure';
import { emptyMessage, type ContactField, type ContactMessage } from './message';
import { checkField, validateContactMessage, type FieldErrors } from './validate';

export type ContactStatus = 'idle' | 'success' | 'error';

export interface ContactFormState {
  fields: ContactMessage;
  status: ContactStatus;
  /** True while a submission runs: the button is disabled and says "Sending...". */
  sending: boolean;
  /** Fields a submit was refused for, and why; each goes away as soon as its field is valid. */
  errors: FieldErrors;
}

/** The spec's status reset: back to idle this long after each submission ends. */
export const STATUS_RESET_MS = 5000;

export interface ContactFormOptions {
  /** Sends the message; calls `onNotified` once the agency has it (see `sendContactMessage`). */
  deliver: (message: ContactMessage, onNotified: () => void) => Promise<void>;
  logError?: (...data: unknown[]) => void;
}

export interface ContactForm {
  getState(): ContactFormState;
  subscribe(listener: () => void): () => void;
  edit(field: ContactField, value: string): void;
  /**
   * Sends the message, or refuses it with `errors` when a field is not valid. The refusal happens at
   * once, before the returned promise settles, so the caller can move focus to the first error.
   * `honeypot` is the hidden field only bots fill in; theirs is dropped but looks sent.
   */
  submit(honeypot?: string): Promise<void>;
  dispose(): void;
}

const initialContactFormState: ContactFormState = {
  fields: emptyMessage,
  status: 'idle',
  sending: false,
  errors: {},
};

/**
 * The contact form's state machine (spec § 4), free of React and the DOM so it is tested on its own:
 * idle → sending → success and/or error → idle again after STATUS_RESET_MS. What the visitor typed is
 * only cleared once the agency has the message, so a failed send loses nothing. A submit with a field
 * in error sends nothing and changes no status: it only lists the errors.
 */
export function createContactForm({ deliver, logError = console.error }: ContactFormOptions): ContactForm {
  let state = initialContactFormState;
  let resetTimer: ReturnType<typeof setTimeout> | undefined;
  const listeners = new Set<() => void>();

  const update = (patch: Partial<ContactFormState>) => {
    state = { ...state, ...patch };
    listeners.forEach((listener) => listener());
  };
  const markSent = () => update({ status: 'success', fields: emptyMessage });

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    edit(field, value) {
      // A shown error follows the typing (and goes once the field is valid); none appears mid-typing.
      const errors = { ...state.errors };
      if (errors[field]) {
        const problem = checkField(field, value);
        if (problem) errors[field] = problem;
        else delete errors[field];
      }
      update({ fields: { ...state.fields, [field]: value }, errors });
    },
    async submit(honeypot = '') {
      if (state.sending) return;
      const errors = validateContactMessage(state.fields);
      update({ errors });
      if (Object.keys(errors).length > 0) return;
      clearTimeout(resetTimer);
      update({ sending: true, status: 'idle' });
      try {
        if (honeypot.trim()) markSent();
        else await deliver(state.fields, markSent);
      } catch (error) {
        logError('Contact form: sending failed', describeSendFailure(error));
        update({ status: 'error' });
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
