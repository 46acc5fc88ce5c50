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

/**
 * Looks `sessionStorage` up on each use, not before: it does not exist while the page is rendered on
 * the server, and merely reading it throws where the visitor blocks storage. Storage that is
 * missing, blocked or full costs the draft, never the form.
 */
function session<T>(use: (storage: Storage) => T): T | undefined {
  try {
    return use(sessionStorage);
  } catch {
    return undefined;
  }
}

/** The draft of this tab: only strings for the known fields, from whatever the key holds. */
export function readDraft(): ContactDraft | undefined {
  const saved = session((storage) => JSON.parse(storage.getItem(CONTACT_DRAFT_KEY) ?? 'null') as unknown) as
    { fields?: Partial<Record<string, unknown>> | null; inFlight?: unknown } | null | undefined;
  const fields = { ...emptyMessage };
  for (const field of contactFields) {
    const value = saved?.fields?.[field];
    if (typeof value === 'string') fields[field] = value;
  }
  return contactFields.some((field) => fields[field]) ? { fields, inFlight: saved?.inFlight === true } : undefined;
}

/** Saves the fields, or removes the draft once every field is empty. */
export function saveDraft(fields: ContactMessage, inFlight = false): void {
  session((storage) =>
    contactFields.some((field) => fields[field])
      ? storage.setItem(CONTACT_DRAFT_KEY, JSON.stringify({ fields, inFlight }))
      : storage.removeItem(CONTACT_DRAFT_KEY),
  );
}
