import { describeSendFailure } from './failure';
import { emptyMessage, type ContactField, type ContactMessage } from './message';

export type ContactStatus = 'idle' | 'success' | 'error';

export interface ContactFormState {
  fields: ContactMessage;
  status: ContactStatus;
  /** True while a submission runs: the button is disabled and says "Sending...". */
  sending: boolean;
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
  /** `honeypot` is the hidden field only bots fill in; theirs is dropped but looks sent. */
  submit(honeypot?: string): Promise<void>;
  dispose(): void;
}

const initialContactFormState: ContactFormState = { fields: emptyMessage, status: 'idle', sending: false };

/**
 * The contact form's state machine (spec § 4), free of React and the DOM so it is tested on its own:
 * idle → sending → success and/or error → idle again after STATUS_RESET_MS. What the visitor typed is
 * only cleared once the agency has the message, so a failed send loses nothing.
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
      update({ fields: { ...state.fields, [field]: value } });
    },
    async submit(honeypot = '') {
      if (state.sending) return;
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
