import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Delivery, DeliveryFailure, FailedDelivery } from './delivery';
import { sessionDraftStore } from './draft';
import { STATUS_RESET_MS, createContactForm, type ContactForm } from './form';

type Send = Delivery['send'];
const typed = { name: 'Erika Muster', email: 'erika@example.org', title: 'Neue Website', project: 'Ein Café' };
const empty = { name: '', email: '', title: '', project: '' };
const idle = { fields: empty, status: 'idle', sending: false, errors: {} };
const logged: FailedDelivery['logged'] = ['the failure', 'a detail'];
const fill = (form: ContactForm) => {
  for (const [field, value] of Object.entries(typed)) form.edit(field as keyof typeof typed, value);
};

/** A draft in a sessionStorage of its own. */
function tabDraft() {
  const items = new Map<string, string>();
  return sessionDraftStore(() => ({
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  }));
}

/** A form with `typed` filled in, its draft and logger, and each distinct status it went through. */
function formWith(send: Send) {
  const logError = vi.fn();
  const prepare = vi.fn();
  const draft = tabDraft();
  const delivery = { prepare, send: vi.fn(send) };
  const form = createContactForm({ delivery, logError, draft });
  const seen: string[] = [];
  form.subscribe(() => {
    const { status, sending } = form.getState();
    const entry = `${status}${sending ? '+sending' : ''}`;
    if (seen.at(-1) !== entry) seen.push(entry);
  });
  fill(form);
  return { form, draft, logError, prepare, send: delivery.send, seen };
}

const delivered: Send = (_message, onNotified) => {
  onNotified();
  return Promise.resolve(undefined);
};

/** A delivery that fails with `failure`, once the notification went out if `notified`. */
const failing =
  (failure: DeliveryFailure, notified = false): Send =>
  (_message, onNotified) => {
    if (notified) onNotified();
    return Promise.resolve({ failure, logged });
  };

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('contact form state machine', () => {
  it('is sending while the request runs, holding the fields and refusing a second submit, then success', async () => {
    let release!: () => void;
    const { form, seen, draft, ...spies } = formWith(async (message, onNotified) => {
      await new Promise<void>((resolve) => (release = resolve));
      return delivered(message, onNotified);
    });
    // The library is on its way as soon as the visitor types.
    expect(spies.prepare).toHaveBeenCalled();
    const submitted = form.submit();
    await form.submit();
    form.edit('project', 'Noch ein Nachtrag');
    expect(form.getState()).toMatchObject({ sending: true, status: 'idle', fields: typed });
    expect(draft.read()).toEqual({ fields: typed, inFlight: true });
    release();
    await submitted;
    expect(spies.send.mock.calls).toEqual([[typed, expect.any(Function)]]);
    expect(form.getState()).toEqual({ ...idle, status: 'success' });
    expect(seen).toEqual(['idle', 'idle+sending', 'success+sending', 'success']);
    expect(draft.read()).toBeUndefined();
    form.edit('name', 'Max');
    expect(form.getState().fields.name).toBe('Max');
  });

  it('returns to idle exactly 5000 ms after each submission ends, restarting for a new one, until disposed', async () => {
    expect(STATUS_RESET_MS).toBe(5000);
    const { form } = formWith(delivered);
    await form.submit();
    vi.advanceTimersByTime(3000);
    fill(form);
    await form.submit();
    vi.advanceTimersByTime(4999);
    expect(form.getState().status).toBe('success');
    vi.advanceTimersByTime(1);
    expect(form.getState().status).toBe('idle');
    fill(form);
    await form.submit();
    form.dispose();
    vi.advanceTimersByTime(STATUS_RESET_MS);
    expect(form.getState().status).toBe('success');
  });

  it('refuses a submit with fields in error: sends nothing, changes no status, names each field and why', async () => {
    const { form, send, seen } = formWith(delivered);
    form.edit('name', '  ');
    form.edit('email', 'erika');
    expect(form.getState().errors).toEqual({});
    await form.submit();
    const errors = { name: 'missing', email: 'emailMalformed' };
    expect(form.getState()).toMatchObject({ status: 'idle', errors, fields: { ...typed, name: '  ', email: 'erika' } });
    expect(seen).toEqual(['idle']);
    // From now on each shown error follows the typing, and goes once its field is valid.
    form.edit('email', 'erika@example');
    form.edit('title', '');
    expect(form.getState().errors).toEqual({ name: 'missing', email: 'emailDomainWithoutDot' });
    form.edit('email', 'erika@example.org');
    form.edit('name', typed.name);
    expect(form.getState().errors).toEqual({});
    await form.submit();
    expect(form.getState().errors).toEqual({ title: 'missing' });
    expect(send).not.toHaveBeenCalled();
    form.edit('title', typed.title);
    await form.submit();
    expect(form.getState()).toMatchObject({ status: 'success', errors: {} });
  });
});

describe('a failed delivery', () => {
  it.each([
    ['refused', failing('rejected'), 'notDelivered', typed],
    ['not loaded', failing('unloaded'), 'notDelivered', typed],
    ['without an answer', failing('timeout'), 'noAnswer', typed],
    ['refused after the notification went out', failing('rejected', true), 'delivered', empty],
    ['without an answer after the notification went out', failing('timeout', true), 'delivered', empty],
  ])('%s: the error, the failure logged, a notice of what became of the text', async (_case, send, notice, fields) => {
    const { form, draft, logError, seen } = formWith(send);
    await form.submit();
    expect(form.getState()).toEqual({ ...idle, fields, status: 'error', notice });
    expect(seen.slice(-2)).toEqual(['error+sending', 'error']);
    expect(logError).toHaveBeenCalledWith('Contact form: sending failed', ...logged);
    // Kept until the agency has it; then nothing invites sending it twice.
    expect(draft.read()).toEqual(fields === typed ? { fields, inFlight: false } : undefined);
  });
});

const renamed = { ...empty, name: 'Erika Mustermann' };
it.each([
  ['fills the fields the page left empty from the draft', false, renamed, undefined],
  ['warns that the draft was being sent when its page was left', true, empty, 'interrupted'],
  ['does not warn when the page holds what was typed since', true, renamed, undefined],
])('coming back to the form %s', (_case, inFlight, onPage, notice) => {
  const draft = tabDraft();
  draft.save(typed, inFlight);
  const form = createContactForm({ delivery: { prepare: vi.fn(), send: vi.fn() }, draft });
  expect(form.getState()).toEqual(idle);
  form.resume(onPage);
  expect(form.getState()).toMatchObject({ fields: { ...typed, name: onPage.name || typed.name }, notice });
  expect(draft.read()?.fields).toEqual(form.getState().fields);
});
