import { contactFields, emptyMessage, type ContactMessage } from './message';

/**
 * Where the form keeps what the visitor typed, in this tab's sessionStorage: the four fields as JSON
 * (and whether they were being sent). Written as they type, so a reload, a language switch or a
 * mistap on a link loses nothing; removed once the agency has the message, or when the visitor
 * empties every field; gone with the tab. The privacy policy names this key.
 */
export const CONTACT_DRAFT_KEY = 'contact-draft';

export interface ContactDraft {
  fields: ContactMessage;
  /** The page was left while these fields were being sent: they may have arrived after all. */
  inFlight: boolean;
}

export interface ContactDraftStore {
  read(): ContactDraft | undefined;
  save(fields: ContactMessage, inFlight?: boolean): void;
  clear(): void;
}

type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const isEmpty = (fields: ContactMessage) => contactFields.every((field) => fields[field] === '');

/**
 * A draft kept in `storage`, which is looked up on each use, not before: `window.sessionStorage`
 * does not exist while the page is rendered on the server, and merely reading it throws where the
 * visitor blocks storage. Storage that is missing, blocked or full costs the draft, never the form.
 */
export function sessionDraftStore(storage: () => DraftStorage): ContactDraftStore {
  const use = <T>(action: (storage: DraftStorage) => T): T | undefined => {
    try {
      return action(storage());
    } catch {
      return undefined;
    }
  };
  const clear = () => {
    use((storage) => storage.removeItem(CONTACT_DRAFT_KEY));
  };
  return {
    read() {
      const saved = use((storage) => storage.getItem(CONTACT_DRAFT_KEY));
      if (!saved) return undefined;
      let data: unknown;
      try {
        data = JSON.parse(saved);
      } catch {
        return undefined;
      }
      if (typeof data !== 'object' || data === null) return undefined;
      const { fields, inFlight } = data as { fields?: Partial<Record<string, unknown>> | null; inFlight?: unknown };
      if (typeof fields !== 'object' || fields === null) return undefined;
      const draft = { ...emptyMessage };
      for (const field of contactFields) {
        const value = fields[field];
        if (typeof value === 'string') draft[field] = value;
      }
      return isEmpty(draft) ? undefined : { fields: draft, inFlight: inFlight === true };
    },
    save(fields, inFlight = false) {
      if (isEmpty(fields)) {
        clear();
        return;
      }
      use((storage) => storage.setItem(CONTACT_DRAFT_KEY, JSON.stringify({ fields, inFlight })));
    },
    clear,
  };
}
