import type { Delivery, DeliveryFailure } from './delivery';
import type { ContactDraftStore } from './draft';
import {
  checkField,
  contactFields,
  emptyMessage,
  validateContactMessage,
  type ContactField,
  type ContactMessage,
  type FieldErrors,
} from './message';

export type ContactStatus = 'idle' | 'success' | 'error';

/**
 * What the visitor needs to know beyond the status message, so they neither give up on a
 * message that did not arrive nor send twice one that did:
 * - `notDelivered`: the notification failed; their text is still in the form.
 * - `noAnswer`: the notification got no answer in time; it may or may not have arrived.
 * - `delivered`: the agency has the message; only the confirmation to the visitor failed.
 * - `interrupted`: a restored draft was being sent when its page was left.
 */
export type ContactNotice = 'notDelivered' | 'noAnswer' | 'delivered' | 'interrupted';

/** What a failed delivery that never reached the agency tells the visitor. */
const undelivered: Record<DeliveryFailure, ContactNotice> = {
  rejected: 'notDelivered',
  unloaded: 'notDelivered',
  timeout: 'noAnswer',
};

export interface ContactFormState {
  fields: ContactMessage;
  status: ContactStatus;
  /** True while a submission runs: the button is disabled and says "Sending...", the fields are read-only. */
  sending: boolean;
  /** Fields a submit was refused for, and why; each goes away as soon as its field is valid. */
  errors: FieldErrors;
  /** Stays until the next submission starts: unlike the status, it must not vanish before it is read. */
  notice?: ContactNotice | undefined;
}

/** docs/behaviour.md › Constants: back to idle this long after each submission ends. */
export const STATUS_RESET_MS = 5000;

export interface ContactFormOptions {
  /** Sends the message, and is told to get ready as soon as the visitor types. */
  delivery: Delivery;
  logError?: (...data: unknown[]) => void;
  /** Keeps what was typed across reloads and pages of this tab until the agency has it. */
  draft?: ContactDraftStore | undefined;
}

export interface ContactForm {
  // Properties, not methods: useSyncExternalStore takes them unbound.
  getState: () => ContactFormState;
  subscribe: (listener: () => void) => () => void;
  /** A field's new value. Refused while sending: what the visitor sees is what is being sent. */
  edit(field: ContactField, value: string): void;
  /**
   * Takes over when the form comes to life: what the visitor typed into the page's fields before
   * (kept field by field), else the draft saved in this tab.
   */
  resume(typed: ContactMessage): void;
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
 * The contact form's state machine, free of React and the DOM so it is tested on its own:
 * idle → sending → success and/or error → idle again after STATUS_RESET_MS. What the visitor typed is
 * only cleared once the agency has the message, so a failed send loses nothing; until then it is
 * also kept in the draft. A submit with a field in error sends nothing and changes no status: it
 * only lists the errors.
 */
export function createContactForm({ delivery, logError = console.error, draft }: ContactFormOptions): ContactForm {
  let state = initialContactFormState;
  let resetTimer: ReturnType<typeof setTimeout> | undefined;
  const listeners = new Set<() => void>();

  const update = (patch: Partial<ContactFormState>) => {
    state = { ...state, ...patch };
    listeners.forEach((listener) => listener());
  };
  const markSent = () => {
    // Delivered: a draft brought back now would only invite the same message twice.
    draft?.clear();
    update({ status: 'success', fields: emptyMessage });
  };

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    edit(field, value) {
      if (state.sending) return;
      // A shown error follows the typing (and goes once the field is valid); none appears mid-typing.
      const { [field]: shown, ...others } = state.errors;
      const problem = shown ? checkField(field, value) : undefined;
      const errors = shown ? (problem ? { ...others, [field]: problem } : others) : state.errors;
      update({ fields: { ...state.fields, [field]: value }, errors });
      draft?.save(state.fields);
      // The library is loaded once the visitor starts typing, not with the page: most visitors
      // never send, and whoever does has it at hand by the time they press the button.
      delivery.prepare();
    },
    resume(typed) {
      if (state.sending) return;
      const saved = draft?.read();
      const fields = { ...typed };
      for (const field of contactFields) fields[field] ||= saved?.fields[field] ?? '';
      const fromDraft = contactFields.every((field) => fields[field] === saved?.fields[field]);
      const notice = saved?.inFlight && fromDraft ? 'interrupted' : state.notice;
      update({ fields, notice });
      draft?.save(fields, saved?.inFlight);
    },
    async submit(honeypot = '') {
      if (state.sending) return;
      const errors = validateContactMessage(state.fields);
      update({ errors });
      if (Object.keys(errors).length > 0) return;
      clearTimeout(resetTimer);
      const message = state.fields;
      // Set inside the delivery's callback, where the type checker does not follow it.
      let notified = false as boolean;
      update({ sending: true, status: 'idle', notice: undefined });
      draft?.save(message, true);
      try {
        if (honeypot.trim()) {
          markSent();
          return;
        }
        const failed = await delivery.send(message, () => {
          notified = true;
          markSent();
        });
        if (!failed) return;
        logError('Contact form: sending failed', ...failed.logged);
        update({ status: 'error', notice: notified ? 'delivered' : undelivered[failed.failure] });
        if (!notified) draft?.save(message);
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
