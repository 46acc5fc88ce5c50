import { EmailJSResponseStatus } from '@emailjs/browser';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionDraftStore, type ContactDraftStore } from './draft';
import { STATUS_RESET_MS, createContactForm, type ContactFormOptions } from './form';
import { SEND_TIMEOUT_MS, SendTimeoutError } from './timeout';

const typed = { name: 'Erika Muster', email: 'erika@example.org', title: 'Neue Website', project: 'Ein Café' };

function formWith(deliver: ContactFormOptions['deliver'], draft?: ContactDraftStore) {
  const logError = vi.fn();
  const form = createContactForm({ deliver, logError, draft });
  const seen: string[] = [];
  form.subscribe(() => {
    const { status, sending } = form.getState();
    const entry = `${status}${sending ? '+sending' : ''}`;
    if (seen.at(-1) !== entry) seen.push(entry);
  });
  for (const [field, value] of Object.entries(typed)) form.edit(field as keyof typeof typed, value);
  return { form, logError, seen };
}

/** A delivery whose notification arrives at once and whose auto-reply succeeds. */
const deliverAtOnce: ContactFormOptions['deliver'] = (_message, onNotified) => {
  onNotified();
  return Promise.resolve();
};

/** A send that stays open until the test settles it. */
function pending() {
  let settle!: { resolve: () => void; reject: (error: unknown) => void };
  const promise = new Promise<void>((resolve, reject) => (settle = { resolve, reject }));
  return { promise, ...settle };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('contact form state machine', () => {
  it('starts idle with empty fields, not sending', () => {
    expect(createContactForm({ deliver: vi.fn() }).getState()).toEqual({
      fields: { name: '', email: '', title: '', project: '' },
      status: 'idle',
      sending: false,
      errors: {},
    });
  });

  it('is sending while the request runs, then success with cleared fields', async () => {
    const notification = pending();
    const { form, seen } = formWith(async (_message, onNotified) => {
      await notification.promise;
      onNotified();
    });

    const submitted = form.submit();
    expect(form.getState()).toMatchObject({ sending: true, status: 'idle', fields: typed });
    notification.resolve();
    await submitted;

    expect(form.getState()).toEqual({
      fields: { name: '', email: '', title: '', project: '' },
      status: 'success',
      sending: false,
      errors: {},
    });
    expect(seen).toEqual(['idle', 'idle+sending', 'success+sending', 'success']);
  });

  it('hands the visitor’s message to the delivery exactly as typed', async () => {
    const deliver = vi.fn(deliverAtOnce);
    const { form } = formWith(deliver);
    await form.submit();
    expect(deliver).toHaveBeenCalledWith(typed, expect.any(Function));
  });

  it('returns to idle exactly 5000 ms after the submission ends', async () => {
    const { form } = formWith(deliverAtOnce);
    await form.submit();
    expect(STATUS_RESET_MS).toBe(5000);
    vi.advanceTimersByTime(4999);
    expect(form.getState().status).toBe('success');
    vi.advanceTimersByTime(1);
    expect(form.getState().status).toBe('idle');
  });

  it('on a failed first send shows the error, logs the failure and keeps everything typed', async () => {
    const { form, logError } = formWith(() => Promise.reject(new TypeError('Failed to fetch')));
    await form.submit();

    const failed = { fields: typed, sending: false, errors: {}, notice: 'notDelivered' };
    expect(form.getState()).toEqual({ ...failed, status: 'error' });
    expect(logError).toHaveBeenCalledWith('Contact form: sending failed', { status: 0, text: 'Network Error' });
    vi.advanceTimersByTime(STATUS_RESET_MS);
    expect(form.getState()).toEqual({ ...failed, status: 'idle' });
  });

  it('shows success first and then the error when only the auto-reply fails', async () => {
    const autoReply = pending();
    const { form, seen, logError } = formWith(async (_message, onNotified) => {
      onNotified();
      await autoReply.promise;
    });

    const submitted = form.submit();
    await vi.waitFor(() => expect(form.getState().status).toBe('success'));
    expect(form.getState().sending).toBe(true);
    autoReply.reject({ status: 400, text: 'The template ID is invalid' });
    await submitted;

    expect(seen).toEqual(['idle', 'idle+sending', 'success+sending', 'error+sending', 'error']);
    expect(form.getState().fields).toEqual({ name: '', email: '', title: '', project: '' });
    expect(logError).toHaveBeenCalledWith('Contact form: sending failed', {
      status: 400,
      text: 'The template ID is invalid',
    });
  });

  it('ignores a second submit while one is running', async () => {
    const notification = pending();
    const deliver = vi.fn<ContactFormOptions['deliver']>(async (_message, onNotified) => {
      await notification.promise;
      onNotified();
    });
    const { form } = formWith(deliver);
    const first = form.submit();
    await form.submit();
    notification.resolve();
    await first;
    expect(deliver).toHaveBeenCalledTimes(1);
  });

  it('restarts the 5 s reset for a new submission', async () => {
    const { form } = formWith(deliverAtOnce);
    await form.submit();
    vi.advanceTimersByTime(3000);
    for (const [field, value] of Object.entries(typed)) form.edit(field as keyof typeof typed, value);
    await form.submit();
    vi.advanceTimersByTime(3000);
    expect(form.getState().status).toBe('success');
    vi.advanceTimersByTime(2000);
    expect(form.getState().status).toBe('idle');
  });

  it('drops a submission whose honeypot is filled, without sending, but looks sent to the bot', async () => {
    const deliver = vi.fn<ContactFormOptions['deliver']>();
    const { form } = formWith(deliver);
    await form.submit('https://spam.example');
    expect(deliver).not.toHaveBeenCalled();
    expect(form.getState().status).toBe('success');
  });

  it('refuses a submit with fields in error: sends nothing, changes no status, names each field and why', async () => {
    const deliver = vi.fn<ContactFormOptions['deliver']>();
    const { form, seen } = formWith(deliver);
    form.edit('name', '  ');
    form.edit('email', 'erika@example');
    await form.submit();
    expect(deliver).not.toHaveBeenCalled();
    expect(form.getState()).toMatchObject({
      status: 'idle',
      sending: false,
      errors: { name: 'missing', email: 'emailDomainWithoutDot' },
    });
    expect(seen).toEqual(['idle']);
    vi.advanceTimersByTime(STATUS_RESET_MS);
    expect(form.getState().fields.email).toBe('erika@example');
  });

  it('shows no error before a submit, then follows the typing until the field is valid', async () => {
    const { form } = formWith(vi.fn());
    form.edit('email', 'erika');
    expect(form.getState().errors).toEqual({});
    await form.submit();
    expect(form.getState().errors).toEqual({ email: 'emailMalformed' });
    form.edit('email', 'erika@example');
    expect(form.getState().errors).toEqual({ email: 'emailDomainWithoutDot' });
    form.edit('title', '');
    expect(form.getState().errors).toEqual({ email: 'emailDomainWithoutDot' });
    form.edit('email', 'erika@example.org');
    expect(form.getState().errors).toEqual({});
  });

  it('sends once the errors are fixed, and then lists none', async () => {
    const deliver = vi.fn(deliverAtOnce);
    const { form } = formWith(deliver);
    form.edit('title', '');
    await form.submit();
    expect(deliver).not.toHaveBeenCalled();
    form.edit('title', typed.title);
    await form.submit();
    expect(deliver).toHaveBeenCalledWith(typed, expect.any(Function));
    expect(form.getState()).toMatchObject({ status: 'success', errors: {} });
  });

  it('stops its reset timer and listeners when disposed', async () => {
    const { form } = formWith(deliverAtOnce);
    const listener = vi.fn();
    form.subscribe(listener);
    await form.submit();
    listener.mockClear();
    form.dispose();
    vi.advanceTimersByTime(STATUS_RESET_MS);
    expect(listener).not.toHaveBeenCalled();
  });
});

/** A draft in a sessionStorage of its own, and a look at what it holds. */
function tabDraft() {
  const items = new Map<string, string>();
  const draft = sessionDraftStore(() => ({
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  }));
  return { draft, saved: () => draft.read() };
}

const empty = { name: '', email: '', title: '', project: '' };

describe('nothing typed is lost', () => {
  it('refuses edits while sending: the agency gets what the visitor sees, and success clears only that', async () => {
    const notification = pending();
    const deliver = vi.fn<ContactFormOptions['deliver']>(async (_message, onNotified) => {
      await notification.promise;
      onNotified();
    });
    const { form } = formWith(deliver);
    const submitted = form.submit();
    form.edit('project', 'Noch ein Nachtrag');
    expect(form.getState().fields).toEqual(typed);
    notification.resolve();
    await submitted;
    expect(deliver).toHaveBeenCalledWith(typed, expect.any(Function));
    expect(form.getState().fields).toEqual(empty);
    form.edit('name', 'Max');
    expect(form.getState().fields.name).toBe('Max');
  });

  it('on a send without an answer says so, logs a network failure and keeps everything typed', async () => {
    const { form, logError } = formWith(() => Promise.reject(new SendTimeoutError(SEND_TIMEOUT_MS)));
    await form.submit();
    expect(form.getState()).toEqual({ fields: typed, status: 'error', sending: false, errors: {}, notice: 'noAnswer' });
    expect(logError).toHaveBeenCalledWith(
      'Contact form: sending failed',
      { status: 0, text: 'Network Error' },
      'No answer within 20000 ms',
    );
  });

  it('tells apart a message that did not arrive from one whose confirmation alone failed', async () => {
    const failed = formWith(() => Promise.reject(new EmailJSResponseStatus(500, 'Internal Server Error')));
    await failed.form.submit();
    expect(failed.form.getState()).toMatchObject({ status: 'error', notice: 'notDelivered', fields: typed });

    const confirmationFailed = formWith((_message, onNotified) => {
      onNotified();
      return Promise.reject(new EmailJSResponseStatus(400, 'The template ID is invalid'));
    });
    await confirmationFailed.form.submit();
    expect(confirmationFailed.form.getState()).toMatchObject({ status: 'error', notice: 'delivered', fields: empty });
  });

  it('keeps the notice past the status reset, until the next submission starts', async () => {
    let attempt = 0;
    const { form } = formWith((_message, onNotified) => {
      if (++attempt === 1) return Promise.reject(new TypeError('Failed to fetch'));
      onNotified();
      return Promise.resolve();
    });
    await form.submit();
    vi.advanceTimersByTime(STATUS_RESET_MS);
    expect(form.getState()).toMatchObject({ status: 'idle', notice: 'notDelivered' });
    const retry = form.submit();
    expect(form.getState().notice).toBeUndefined();
    await retry;
    expect(form.getState()).toMatchObject({ status: 'success', notice: undefined });
  });

  it('keeps a draft as the visitor types, marked while it is sent, and drops it once the agency has it', async () => {
    const { draft, saved } = tabDraft();
    const autoReply = pending();
    const { form } = formWith(async (_message, onNotified) => {
      expect(saved()).toEqual({ fields: typed, inFlight: true });
      onNotified();
      expect(saved()).toBeUndefined();
      await autoReply.promise;
    }, draft);
    expect(saved()).toEqual({ fields: typed, inFlight: false });
    const submitted = form.submit();
    autoReply.reject({ status: 400, text: 'The template ID is invalid' });
    await submitted;
    // The auto-reply failed, but the agency has the message: nothing brings it back to send twice.
    expect(saved()).toBeUndefined();
    expect(form.getState().fields).toEqual(empty);
  });

  it('keeps the draft, no longer marked as sending, when the message did not arrive', async () => {
    const { draft, saved } = tabDraft();
    const { form } = formWith(() => Promise.reject(new TypeError('Failed to fetch')), draft);
    await form.submit();
    expect(saved()).toEqual({ fields: typed, inFlight: false });
  });

  it('drops the draft when the visitor empties every field', () => {
    const { draft, saved } = tabDraft();
    const { form } = formWith(vi.fn(), draft);
    for (const field of Object.keys(typed)) form.edit(field as keyof typeof typed, '');
    expect(saved()).toBeUndefined();
  });

  it('comes to life with what the page’s fields hold, and fills the empty ones from the draft', () => {
    const { draft } = tabDraft();
    draft.save({ name: 'Erika', email: 'erika@example.org', title: 'Alter Betreff', project: 'Aus dem Entwurf' });
    const form = createContactForm({ deliver: vi.fn(), draft });
    form.resume({ name: 'Erika Mustermann', email: '', title: 'Neuer Betreff', project: '' });
    expect(form.getState().fields).toEqual({
      name: 'Erika Mustermann',
      email: 'erika@example.org',
      title: 'Neuer Betreff',
      project: 'Aus dem Entwurf',
    });
    expect(form.getState().notice).toBeUndefined();
    expect(draft.read()?.fields).toEqual(form.getState().fields);
  });

  it('warns, on coming back, that a draft was being sent when its page was left', () => {
    const { draft } = tabDraft();
    draft.save(typed, true);
    const form = createContactForm({ deliver: vi.fn(), draft });
    form.resume(empty);
    expect(form.getState()).toMatchObject({ fields: typed, notice: 'interrupted' });
  });
});
