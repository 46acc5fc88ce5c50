import { describe, expect, it } from 'vitest';
import { CONTACT_DRAFT_KEY, sessionDraftStore } from './draft';

const typed = { name: 'Erika', email: 'erika@example.org', title: 'Neue Website', project: 'Ein Café' };
const empty = { name: '', email: '', title: '', project: '' };

/** A draft in a sessionStorage of its own, and what that storage holds. */
function tabDraft() {
  const items = new Map<string, string>();
  const storage = {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
  return { items, storage, draft: sessionDraftStore(() => storage) };
}

// e2e/contact-resilience.spec.ts reads the draft as the page stores it, and finds it gone once delivered.
describe('the contact draft in sessionStorage', () => {
  it('keeps the four fields under one key, and whether they were being sent; goes when every field is empty', () => {
    const { items, draft } = tabDraft();
    draft.save(typed, true);
    expect(draft.read()).toEqual({ fields: typed, inFlight: true });
    draft.save(empty);
    expect(items.size).toBe(0);
  });

  it('reads only strings for the known fields from whatever the key holds', () => {
    const { items, draft } = tabDraft();
    for (const junk of ['{', 'null', '42', '[]', '{"fields":null}', '{"fields":{"name":7}}']) {
      items.set(CONTACT_DRAFT_KEY, junk);
      expect(draft.read(), junk).toBeUndefined();
    }
    const odd = { fields: { name: 'Erika', email: ['x'], extra: 'y', toString: 1 }, inFlight: 'yes' };
    items.set(CONTACT_DRAFT_KEY, JSON.stringify(odd));
    expect(draft.read()).toEqual({ fields: { ...empty, name: 'Erika' }, inFlight: false });
  });

  it('costs nothing but the draft where storage is missing, blocked or full', () => {
    const refuse = (): never => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    };
    const blocked = sessionDraftStore(refuse);
    expect(() => blocked.save(typed)).not.toThrow();
    expect(() => blocked.clear()).not.toThrow();
    expect(blocked.read()).toBeUndefined();
    const full = sessionDraftStore(() => ({ ...tabDraft().storage, setItem: refuse }));
    expect(() => full.save(typed)).not.toThrow();
  });
});
