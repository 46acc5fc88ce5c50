import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STATUS_RESET_MS, createContactForm, type ContactFormOptions } from './form';

const typed = { name: 'Erika Muster', email: 'erika@example.org', title: 'Neue Website', project: 'Ein Café' };

function formWith(deliver: ContactFormOptions['deliver']) {
  const logError = vi.fn();
  const form = createContactForm({ deliver, logError });
  const seen: string[] = [];
  form.subscribe(() => {
    const { status, sending } = form.getState();
    const entry = `${status}${sending ? '+sending' : ''}`;
    if (seen.at(-1) !== entry) seen.push(entry);
  });
  for (const [field, value] of Object.entries(typed)) form.edit(field as keyof typeof typed, value);
  return { form, logError, seen };
}

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
    const deliver = vi.fn<ContactFormOptions['deliver']>(async (_message, onNotified) => onNotified());
    const { form } = formWith(deliver);
    await form.submit();
    expect(deliver).toHaveBeenCalledWith(typed, expect.any(Function));
  });

  it('returns to idle exactly 5000 ms after the submission ends', async () => {
    const { form } = formWith(async (_message, onNotified) => onNotified());
    await form.submit();
    expect(STATUS_RESET_MS).toBe(5000);
    vi.advanceTimersByTime(4999);
    expect(form.getState().status).toBe('success');
    vi.advanceTimersByTime(1);
    expect(form.getState().status).toBe('idle');
  });

  it('on a failed first send shows the error, logs the failure and keeps everything typed', async () => {
    const { form, logError } = formWith(async () => {
      throw new TypeError('Failed to fetch');
    });
    await form.submit();

    expect(form.getState()).toEqual({ fields: typed, status: 'error', sending: false, errors: {} });
    expect(logError).toHaveBeenCalledWith('Contact form: sending failed', { status: 0, text: 'Network Error' });
    vi.advanceTimersByTime(STATUS_RESET_MS);
    expect(form.getState()).toEqual({ fields: typed, status: 'idle', sending: false, errors: {} });
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
    const { form } = formWith(async (_message, onNotified) => onNotified());
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
    const deliver = vi.fn<ContactFormOptions['deliver']>(async (_message, onNotified) => onNotified());
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
    const { form } = formWith(async (_message, onNotified) => onNotified());
    const listener = vi.fn();
    form.subscribe(listener);
    await form.submit();
    listener.mockClear();
    form.dispose();
    vi.advanceTimersByTime(STATUS_RESET_MS);
    expect(listener).not.toHaveBeenCalled();
  });
});
