import { EmailJSResponseStatus } from '@emailjs/browser';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionDraftStore } from './draft';
import { STATUS_RESET_MS, createContactForm, type ContactForm, type ContactFormOptions } from './form';
import { SEND_TIMEOUT_MS, SendTimeoutError } from './timeout';

type Deliver = ContactFormOptions['deliver'];
const typed = { name: 'Erika Muster', email: 'erika@example.org', title: 'Neue Website', project: 'Ein Café' };
const empty = { name: '', email: '', title: '', project: '' };
const fill = (form: ContactForm) => {
  for (const [field, value] of Object.entries(typed)) form.edit(field as keyof typeof typed, value);
};

/** A form with `typed` filled in, its logger, and each distinct status it went through. */
function formWith(deliver: Deliver, draft?: ReturnType<typeof sessionDraftStore>) {
  const logError = vi.fn();
  const form = createContactForm({ deliver, logError, draft });
  const seen: string[] = [];
  form.subscribe(() => {
    const { status, sending } = form.getState();
    const entry = `${status}${sending ? '+sending' : ''}`;
    if (seen.at(-1) !== entry) seen.push(entry);
  });
  fill(form);
  return { form, logError, seen };
}

const deliverAtOnce: Deliver = (_message, onNotified) => {
  onNotified();
  return Promise.resolve();
};

/** A promise the test settles. */
function pending() {
  let settle!: { resolve: () => void; reject: (error: unknown) => void };
  const promise = new Promise<void>((resolve, reject) => (settle = { resolve, reject }));
  return { promise, ...settle };
}

/** A delivery whose notification waits for `release`. */
function heldNotification() {
  const notification = pending();
  const deliver = vi.fn<Deliver>(async (_message, onNotified) => {
    await notification.promise;
    onNotified();
  });
  return { deliver, release: notification.resolve };
}
const templateInvalid = { status: 400, text: 'The template ID is invalid' };

/** A draft in a sessionStorage of its own. */
function tabDraft() {
  const items = new Map<string, string>();
  return sessionDraftStore(() => ({
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  }));
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('contact form state machine', () => {
  it('starts idle with empty fields, not sending', () => {
    expect(createContactForm({ deliver: vi.fn() }).getState()).toEqual({
      fields: empty,
      status: 'idle',
      sending: false,
      errors: {},
    });
  });

  it('is sending while the request runs, then success with cleared fields', async () => {
    const { deliver, release } = heldNotification();
    const { form, seen } = formWith(deliver);
    const submitted = form.submit();
    expect(form.getState()).toMatchObject({ sending: true, status: 'idle', fields: typed });
    release();
    await submitted;
    expect(form.getState()).toEqual({ fields: empty, status: 'success', sending: false, errors: {} });
    expect(seen).toEqual(['idle', 'idle+sending', 'success+sending', 'success']);
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

  it('on a failed first send shows the error, logs the failure and keeps everything typed, in the draft too', async () => {
    const draft = tabDraft();
    const { form, logError } = formWith(() => Promise.reject(new TypeError('Failed to fetch')), draft);
    await form.submit();
    const failed = { fields: typed, sending: false, errors: {}, notice: 'notDelivered' };
    expect(form.getState()).toEqual({ ...failed, status: 'error' });
    expect(logError).toHaveBeenCalledWith('Contact form: sending failed', { status: 0, text: 'Network Error' });
    expect(draft.read()).toEqual({ fields: typed, inFlight: false });
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
    autoReply.reject(templateInvalid);
    await submitted;
    expect(seen).toEqual(['idle', 'idle+sending', 'success+sending', 'error+sending', 'error']);
    // The agency has the message: the notice says so, and nothing typed is kept to send twice.
    expect(form.getState()).toMatchObject({ notice: 'delivered', fields: empty });
    expect(logError).toHaveBeenCalledWith('Contact form: sending failed', templateInvalid);
  });

  it('restarts the 5 s reset for a new submission', async () => {
    const { form } = formWith(deliverAtOnce);
    await form.submit();
    vi.advanceTimersByTime(3000);
    fill(form);
    await form.submit();
    vi.advanceTimersByTime(3000);
    expect(form.getState().status).toBe('success');
    vi.advanceTimersByTime(2000);
    expect(form.getState().status).toBe('idle');
  });

  it('drops a submission whose honeypot is filled, without sending, but looks sent to the bot', async () => {
    const deliver = vi.fn<Deliver>();
    const { form } = formWith(deliver);
    await form.submit('https://spam.example');
    expect(deliver).not.toHaveBeenCalled();
    expect(form.getState().status).toBe('success');
  });

  it('refuses a submit with fields in error: sends nothing, changes no status, names each field and why', async () => {
    const deliver = vi.fn<Deliver>();
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

  it('shows no error before a submit, then follows the typing until the field is valid, and sends', async () => {
    const deliver = vi.fn(deliverAtOnce);
    const { form } = formWith(deliver);
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
    await form.submit();
    expect(form.getState().errors).toEqual({ title: 'missing' });
    expect(deliver).not.toHaveBeenCalled();
    form.edit('title', typed.title);
    await form.submit();
    expect(deliver.mock.calls).toEqual([[typed, expect.any(Function)]]);
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

describe('nothing typed is lost', () => {
  it('while sending refuses edits and a second submit: the agency gets what the visitor sees, once', async () => {
    const { deliver, release } = heldNotification();
    const { form } = formWith(deliver);
    const submitted = form.submit();
    await form.submit();
    form.edit('project', 'Noch ein Nachtrag');
    expect(form.getState().fields).toEqual(typed);
    release();
    await submitted;
    expect(deliver).toHaveBeenCalledTimes(1);
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

  it('keeps everything typed when EmailJS answers the notification with an error', async () => {
    const { form } = formWith(() => Promise.reject(new EmailJSResponseStatus(500, 'Internal Server Error')));
    await form.submit();
    expect(form.getState()).toMatchObject({ status: 'error', notice: 'notDelivered', fields: typed });
  });

  it('keeps the notice past the status reset, until the next submission starts', async () => {
    let attempt = 0;
    const { form } = formWith((message, onNotified) =>
      ++attempt === 1 ? Promise.reject(new TypeError('Failed to fetch')) : deliverAtOnce(message, onNotified),
    );
    await form.submit();
    vi.advanceTimersByTime(STATUS_RESET_MS);
    expect(form.getState()).toMatchObject({ status: 'idle', notice: 'notDelivered' });
    const retry = form.submit();
    expect(form.getState().notice).toBeUndefined();
    await retry;
    expect(form.getState()).toMatchObject({ status: 'success', notice: undefined });
  });

  it('keeps a draft as the visitor types, marked while it is sent, and drops it once the agency has it', async () => {
    const draft = tabDraft();
    const autoReply = pending();
    const { form } = formWith(async (_message, onNotified) => {
      expect(draft.read()).toEqual({ fields: typed, inFlight: true });
      onNotified();
      expect(draft.read()).toBeUndefined();
      await autoReply.promise;
    }, draft);
    expect(draft.read()).toEqual({ fields: typed, inFlight: false });
    const submitted = form.submit();
    autoReply.reject(templateInvalid);
    await submitted;
    // The auto-reply failed, but the agency has the message: nothing brings it back to send twice.
    expect(draft.read()).toBeUndefined();
    expect(form.getState().fields).toEqual(empty);
  });

  it('drops the draft when the visitor empties every field', () => {
    const draft = tabDraft();
    const { form } = formWith(vi.fn(), draft);
    for (const field of Object.keys(typed)) form.edit(field as keyof typeof typed, '');
    expect(draft.read()).toBeUndefined();
  });

  it('comes to life with what the page’s fields hold, and fills the empty ones from the draft', () => {
    const draft = tabDraft();
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
    const draft = tabDraft();
    draft.save(typed, true);
    const form = createContactForm({ deliver: vi.fn(), draft });
    form.resume(empty);
    expect(form.getState()).toMatchObject({ fields: typed, notice: 'interrupted' });
  });
});
