import { describe, expect, it } from 'vitest';
import { CONTACT_DRAFT_KEY, sessionDraftStore } from './draft';

/** sessionStorage as the browser has it, in memory. */
function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

const typed = { name: 'Erika', email: 'erika@example.org', title: 'Neue Website', project: 'Ein Café' };

describe('the contact draft in sessionStorage', () => {
  it('keeps the four fields under one key, and whether they were being sent', () => {
    const storage = memoryStorage();
    const draft = sessionDraftStore(() => storage);
    draft.save(typed);
    expect(JSON.parse(storage.items.get(CONTACT_DRAFT_KEY) ?? 'null')).toEqual({ fields: typed, inFlight: false });
    expect(draft.read()).toEqual({ fields: typed, inFlight: false });
    draft.save(typed, true);
    expect(draft.read()).toEqual({ fields: typed, inFlight: true });
    expect([...storage.items.keys()]).toEqual([CONTACT_DRAFT_KEY]);
  });

  it('removes the key when cleared, or when every field is empty', () => {
    const storage = memoryStorage();
    const draft = sessionDraftStore(() => storage);
    draft.save(typed);
    draft.clear();
    expect(storage.items.size).toBe(0);
    draft.save(typed);
    draft.save({ name: '', email: '', title: '', project: '' });
    expect(storage.items.size).toBe(0);
    expect(draft.read()).toBeUndefined();
  });

  it('reads only strings for the known fields from whatever the key holds', () => {
    const storage = memoryStorage();
    const draft = sessionDraftStore(() => storage);
    for (const junk of ['{', 'null', '42', '[]', '{"fields":null}', '{"fields":{"name":7}}']) {
      storage.items.set(CONTACT_DRAFT_KEY, junk);
      expect(draft.read(), junk).toBeUndefined();
    }
    storage.items.set(
      CONTACT_DRAFT_KEY,
      JSON.stringify({ fields: { name: 'Erika', email: ['x'], extra: 'y', toString: 1 }, inFlight: 'yes' }),
    );
    expect(draft.read()).toEqual({ fields: { name: 'Erika', email: '', title: '', project: '' }, inFlight: false });
  });

  it('costs nothing but the draft where storage is missing, blocked or full', () => {
    const blocked = sessionDraftStore(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    expect(() => blocked.save(typed)).not.toThrow();
    expect(blocked.read()).toBeUndefined();
    expect(() => blocked.clear()).not.toThrow();

    const full = sessionDraftStore(() => ({
      ...memoryStorage(),
      setItem: () => {
        throw new DOMException('Quota exceeded', 'QuotaExceededError');
      },
    }));
    expect(() => full.save(typed)).not.toThrow();
  });
});
