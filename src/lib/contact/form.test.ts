import { EmailJSResponseStatus } from '@emailjs/browser';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { autoReplyTemplateName, emailTemplates } from '../../emails/templates';
import { defaultLocale, locales, type Locale } from '../../i18n/locales';
import { SEND_TIMEOUT_MS, emailJsDelivery, emailJsSender, type SendEmail } from './delivery';
import { CONTACT_DRAFT_KEY, readDraft, saveDraft } from './draft';
import { STATUS_RESET_MS, createContactForm, type ContactForm } from './form';

const autoReply = Object.fromEntries(locales.map((locale) => [locale, `template_reply_${locale}`]));
const templates = { notification: 'template_notify', autoReply: autoReply as Record<Locale, string> };
const config = { publicKey: 'public-key', serviceId: 'service_1', templates };
const page = { locale: defaultLocale, agencyName: 'Uferlicht Webdesign' };
const typed = { name: 'Erika Muster', email: 'erika@example.org', title: 'Neue Website', project: 'Ein Café' };
const empty = { name: '', email: '', title: '', project: '' };
const idle = { fields: empty, status: 'idle', sending: false, errors: {} };
const fill = (form: ContactForm) => {
  for (const [field, value] of Object.entries(typed)) form.edit(field as keyof typeof typed, value);
};

/** This tab's sessionStorage, fresh for each test. */
let session: Map<string, string>;
beforeEach(() => {
  session = new Map();
  vi.stubGlobal('sessionStorage', {
    getItem: (key: string) => session.get(key) ?? null,
    setItem: (key: string, value: string) => void session.set(key, value),
    removeItem: (key: string) => void session.delete(key),
  });
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

const ok = () => Promise.resolve();
const stall = () => new Promise<never>(() => undefined);

/**
 * A form with `typed` filled in, sending through the real delivery with a library that answers each
 * call by the next of `answers` (or whose load is `load`): its logger, and each distinct status it
 * went through.
 */
function formWith(answers: SendEmail[], load?: () => Promise<SendEmail>, locale: Locale = defaultLocale) {
  const sendEmail = vi.fn<SendEmail>(ok);
  for (const answer of answers) sendEmail.mockImplementationOnce(answer);
  const logError = vi.fn();
  const form = createContactForm(
    emailJsDelivery(config, { ...page, locale }, load ?? (() => Promise.resolve(sendEmail))),
    logError,
  );
  const seen: string[] = [];
  form.subscribe(() => {
    const { status, sending } = form.getState();
    const entry = `${status}${sending ? '+sending' : ''}`;
    if (seen.at(-1) !== entry) seen.push(entry);
  });
  fill(form);
  return { form, sendEmail, logError, seen };
}

describe('contact form state machine', () => {
  it.each(locales)(
    'sends the notification, shows success, then the reply in the page’s language (%s)',
    async (locale) => {
      const { form, sendEmail } = formWith([], undefined, locale);
      const shown: unknown[] = [];
      sendEmail.mockImplementation(() => Promise.resolve(shown.push(form.getState().status)));
      await form.submit();
      expect(sendEmail.mock.calls).toEqual([
        ['template_notify', { ...typed, to_name: page.agencyName }, true],
        [`template_reply_${locale}`, { name: typed.name, email: typed.email, title: typed.title }],
      ]);
      expect(shown).toEqual(['idle', 'success']);
      // Exactly the parameters each template in src/emails expects.
      const expected = [emailTemplates.notification, emailTemplates[autoReplyTemplateName(locale)]];
      expect(sendEmail.mock.calls.map(([, params]) => Object.keys(params))).toEqual(expected.map((t) => t.params));
    },
  );

  it('is sending while the request runs, holding the fields and refusing a second submit, then success', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const { form, seen, sendEmail } = formWith([() => held]);
    const submitted = form.submit();
    await form.submit();
    form.edit('project', 'Noch ein Nachtrag');
    expect(form.getState()).toMatchObject({ sending: true, status: 'idle', fields: typed });
    expect(readDraft()).toEqual({ fields: typed, inFlight: true });
    release();
    await submitted;
    expect(sendEmail).toHaveBeenCalledTimes(2);
    expect(form.getState()).toEqual({ ...idle, status: 'success' });
    expect(seen).toEqual(['idle', 'idle+sending', 'success+sending', 'success']);
    expect(readDraft()).toBeUndefined();
    expect(vi.getTimerCount()).toBe(1);
    form.edit('name', 'Max');
    expect(form.getState().fields.name).toBe('Max');
  });

  it('returns to idle exactly 5000 ms after each submission ends, restarting for a new one, until disposed', async () => {
    expect(STATUS_RESET_MS).toBe(5000);
    const { form } = formWith([]);
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

  // That a submit with fields in error sends nothing and names each field and why, that a shown
  // reason follows the typing and goes once its field is valid, and that corrected the message goes:
  // e2e/contact.spec.ts, with the snapshots of each state (e2e/snapshots/*/contact-*.aria.yml).
  it('shows no field’s error before a submit, however it is typed', () => {
    const { form } = formWith([]);
    form.edit('email', 'erika');
    form.edit('name', '');
    expect(form.getState().errors).toEqual({});
  });
});

describe('a failed delivery', () => {
  const refuse = (error: EmailJSResponseStatus) => () => Promise.reject(error);
  const offline = (message: string) => () => Promise.reject(new TypeError(message));
  const missingKey = 'The public key is required. Visit https://dashboard.emailjs.com/admin/account';
  const unkeyed = () => emailJsSender({ ...config, publicKey: '' }).then((send) => send('t', {}));
  const headless = new EmailJSResponseStatus(451, 'Unavailable For Headless Browser');
  const serverError = new EmailJSResponseStatus(500, 'Internal Server Error');
  const networkError = { status: 0, text: 'Network Error' };
  const timedOut = [networkError, `No answer within ${SEND_TIMEOUT_MS} ms`];
  const unloaded = [networkError, 'The sending library did not load'];
  it.each([
    ['the headless check refuses it', [refuse(headless)], undefined, 'notDelivered', [headless]],
    ['the network fails', [offline('Failed to fetch')], undefined, 'notDelivered', [networkError]],
    ['a key is missing', [unkeyed], undefined, 'notDelivered', [missingKey]],
    ['the library fails to load', [], offline('Failed to fetch dynamically imported module'), 'notDelivered', unloaded],
    ['the library never arrives', [], stall, 'notDelivered', [...unloaded, timedOut[1]]],
    ['the notification gets no answer', [stall], undefined, 'noAnswer', timedOut],
    ['only the auto-reply fails', [ok, refuse(serverError)], undefined, 'delivered', [serverError]],
    ['the auto-reply gets no answer', [ok, stall], undefined, 'delivered', timedOut],
  ])(
    'when %s: the error, the failure logged, a notice of what became of the text',
    async (_case, answers, load, notice, logged) => {
      const { form, sendEmail, logError, seen } = formWith(answers, load);
      const sent = form.submit();
      await vi.advanceTimersByTimeAsync(0);
      if (form.getState().sending) {
        // A send without an answer is given up on after exactly 20 s.
        expect(SEND_TIMEOUT_MS).toBe(20_000);
        await vi.advanceTimersByTimeAsync(SEND_TIMEOUT_MS - 1);
        expect(form.getState().sending).toBe(true);
        await vi.advanceTimersByTimeAsync(1);
      }
      await sent;
      const fields = notice === 'delivered' ? empty : typed;
      expect(form.getState()).toEqual({ ...idle, fields, status: 'error', notice });
      expect(seen.slice(-2)).toEqual(['error+sending', 'error']);
      expect(sendEmail).toHaveBeenCalledTimes(load ? 0 : answers.length);
      expect(logError).toHaveBeenCalledWith('Contact form: sending failed', ...logged);
      // Kept until the agency has it; then nothing invites sending it twice.
      expect(readDraft()).toEqual(fields === typed ? { fields, inFlight: false } : undefined);
    },
  );

  it('loads the library once while the visitor types, and again on the retry after it failed', async () => {
    const load = vi.fn<() => Promise<SendEmail>>().mockRejectedValueOnce(new TypeError('Failed to fetch'));
    load.mockResolvedValue(ok);
    const { form } = formWith([], load);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(0);
    await form.submit();
    fill(form);
    await form.submit();
    expect(form.getState().status).toBe('success');
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('the draft in sessionStorage', () => {
  const renamed = { ...empty, name: 'Erika Mustermann' };
  it.each([
    ['fills the fields the page left empty from the draft', false, renamed, undefined],
    ['warns that the draft was being sent when its page was left', true, empty, 'interrupted'],
    ['does not warn when the page holds what was typed since', true, renamed, undefined],
  ])('coming back to the form %s', (_case, inFlight, onPage, notice) => {
    saveDraft(typed, inFlight);
    const form = createContactForm(emailJsDelivery(config, page, stall));
    expect(form.getState()).toEqual(idle);
    form.resume((field) => onPage[field]);
    expect(form.getState()).toMatchObject({ fields: { ...typed, name: onPage.name || typed.name }, notice });
    expect(readDraft()?.fields).toEqual(form.getState().fields);
  });

  it('keeps the four fields under one key, and whether they were being sent; goes when every field is empty', () => {
    saveDraft(typed, true);
    expect(JSON.parse(session.get(CONTACT_DRAFT_KEY) ?? '')).toEqual({ fields: typed, inFlight: true });
    saveDraft(empty);
    expect(session.size).toBe(0);
  });

  it('reads only strings for the known fields from whatever the key holds', () => {
    for (const junk of ['{', 'null', '42', '[]', '{"fields":null}', '{"fields":{"name":7}}']) {
      session.set(CONTACT_DRAFT_KEY, junk);
      expect(readDraft(), junk).toBeUndefined();
    }
    const odd = { fields: { name: 'Erika', email: ['x'], extra: 'y', toString: 1 }, inFlight: 'yes' };
    session.set(CONTACT_DRAFT_KEY, JSON.stringify(odd));
    expect(readDraft()).toEqual({ fields: { ...empty, name: 'Erika' }, inFlight: false });
  });

  it('costs nothing but the draft where storage is missing, blocked or full', async () => {
    const refuse = (): never => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    };
    vi.stubGlobal('sessionStorage', { getItem: refuse, setItem: refuse, removeItem: refuse });
    const { form } = formWith([]);
    expect(readDraft()).toBeUndefined();
    await form.submit();
    expect(form.getState().status).toBe('success');
    // Where there is none at all, as while the page is rendered on the server.
    vi.unstubAllGlobals();
    expect(readDraft()).toBeUndefined();
  });
});
