import { EmailJSResponseStatus } from '@emailjs/browser';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultLocale, locales, type Locale } from '../../i18n/locales';
import {
  CONTACT_THROTTLE_ID,
  CONTACT_THROTTLE_MS,
  SEND_TIMEOUT_MS,
  emailJsDelivery,
  emailJsSender,
  type SendEmail,
} from './delivery';

const autoReply = Object.fromEntries(locales.map((locale) => [locale, `template_reply_${locale}`]));
const templates = { notification: 'template_notify', autoReply: autoReply as Record<Locale, string> };
const config = { publicKey: 'public-key', serviceId: 'service_1', origin: 'http://127.0.0.1:4399', templates };
const page = { locale: defaultLocale, agencyName: 'Uferlicht Webdesign' };
const message = { name: 'Erika Muster', email: 'erika@example.org', title: 'Neue Website', project: 'Ein Café' };
const throttled = { limitRate: { id: CONTACT_THROTTLE_ID, throttle: CONTACT_THROTTLE_MS } };
const networkError = { status: 0, text: 'Network Error' };
const missingKey = 'The public key is required. Visit https://dashboard.emailjs.com/admin/account';

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn(() => Promise.resolve(new Response('OK', { status: 200 })));
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('location', { pathname: '/', href: 'http://192.168.1.20:4321/#contact' });
});
afterEach(() => vi.useRealTimers());

// These run the real @emailjs/browser 4.4.1 against a stubbed fetch, and check what leaves the
// browser field by field: the send endpoint, its JSON body and the library version.
describe('the EmailJS library, bound to the account', () => {
  it.each([
    ['the configured origin', config.origin, config.origin],
    ['the library’s own host when none is set', undefined, 'https://api.emailjs.com'],
    ['the origin the page was opened under for "/" (the dev server’s inbox)', '/', 'http://192.168.1.20:4321'],
  ])('POSTs EmailJS’s JSON body to %s', async (_where, origin, expected) => {
    const send = await emailJsSender({ ...config, origin });
    await expect(send('t', {})).resolves.toEqual({ status: 200, text: 'OK' });
    const [url, { method, headers, body }] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect([url, method, headers, JSON.parse(body as string)]).toEqual([
      `${expected}/api/v1.0/email/send`,
      'POST',
      { 'Content-type': 'application/json' },
      { lib_version: '4.4.1', user_id: 'public-key', service_id: 'service_1', template_id: 't', template_params: {} },
    ]);
  });

  it('refuses a second message within the throttle with 429, without a request; a failed one does not count', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const send = await emailJsSender(config);
    const notify = () => send('notify', {}, throttled);
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(notify()).rejects.toBeInstanceOf(TypeError);
    await expect(notify()).resolves.toMatchObject({ status: 200 });
    // The auto-reply right after it is not throttled.
    await expect(send('reply', {})).resolves.toMatchObject({ status: 200 });
    await expect(notify()).rejects.toMatchObject({ status: 429, text: 'Too Many Requests' });
    expect(fetchMock).toHaveBeenCalledTimes(3);
    // One delivered message per 5 s (docs/behaviour.md › Contact form): still refused 4,999 ms on, sent at 5,000.
    const delivered = Date.now();
    vi.setSystemTime(delivered + 4999);
    await expect(notify()).rejects.toMatchObject({ status: 429 });
    vi.setSystemTime(delivered + 5000);
    await expect(notify()).resolves.toMatchObject({ status: 200 });
  });

  it.each([
    ['key', { publicKey: '' }, 't', missingKey],
    ['service', { serviceId: '' }, 't', 'The service ID is required. Visit https://dashboard.emailjs.com/admin'],
    ['template', {}, '', 'The template ID is required. Visit https://dashboard.emailjs.com/admin/templates'],
  ])(
    'rejects with its own message, without a request, when the %s is missing',
    async (_what, unset, templateId, text) => {
      await expect((await emailJsSender({ ...config, ...unset }))(templateId, {})).rejects.toBe(text);
      expect(fetchMock).not.toHaveBeenCalled();
    },
  );
});

describe('delivering a message', () => {
  beforeEach(() => vi.useFakeTimers());
  const loaded = (sendEmail: SendEmail) => () => Promise.resolve(sendEmail);

  it.each(locales)('sends the notification, reports it, then the reply in the page’s language (%s)', async (locale) => {
    const calls: unknown[] = [];
    const sendEmail: SendEmail = (...call) => Promise.resolve(calls.push(call));
    const delivery = emailJsDelivery(config, { ...page, locale }, loaded(sendEmail));
    await expect(delivery.send(message, () => calls.push('notified'))).resolves.toBeUndefined();
    expect(calls).toEqual([
      ['template_notify', { ...message, to_name: page.agencyName }, throttled],
      'notified',
      [`template_reply_${locale}`, { name: message.name, email: message.email, title: message.title }],
    ]);
    expect(vi.getTimerCount()).toBe(0);
  });

  const ok = () => Promise.resolve();
  const stall = () => new Promise<never>(() => undefined);
  const refuse = (error: EmailJSResponseStatus) => () => Promise.reject(error);
  const offline = (message: string) => () => Promise.reject(new TypeError(message));
  const unkeyed = () => emailJsSender({ ...config, publicKey: '' }).then((send) => send('t', {}));
  const headless = new EmailJSResponseStatus(451, 'Unavailable For Headless Browser');
  const serverError = new EmailJSResponseStatus(500, 'Internal Server Error');
  const timedOut = [networkError, `No answer within ${SEND_TIMEOUT_MS} ms`];
  it.each([
    ['the headless check refuses it', [refuse(headless)], 0, 'rejected', [headless]],
    ['the network fails', [offline('Failed to fetch')], 0, 'rejected', [networkError]],
    ['a key is missing', [unkeyed], 0, 'rejected', [missingKey]],
    ['the notification gets no answer', [stall], 0, 'timeout', timedOut],
    ['only the auto-reply fails', [ok, refuse(serverError)], 1, 'rejected', [serverError]],
    ['the auto-reply gets no answer', [ok, stall], 1, 'timeout', timedOut],
  ])(
    'when %s, stops there and says why, reporting only a notification that arrived',
    async (_case, answers, notified, failure, logged) => {
      const sendEmail = vi.fn<SendEmail>();
      for (const answer of answers) sendEmail.mockImplementationOnce(answer);
      const onNotified = vi.fn();
      const sent = emailJsDelivery(config, page, loaded(sendEmail)).send(message, onNotified);
      await vi.advanceTimersByTimeAsync(SEND_TIMEOUT_MS);
      await expect(sent).resolves.toEqual({ failure, logged });
      expect(sendEmail).toHaveBeenCalledTimes(answers.length);
      expect(onNotified).toHaveBeenCalledTimes(notified);
    },
  );

  it.each([
    ['fails to load', offline('Failed to fetch dynamically imported module'), []],
    ['never arrives', stall, timedOut.slice(1)],
  ])('when the library %s, says nothing was sent', async (_case, load, detail) => {
    const sent = emailJsDelivery(config, page, load).send(message, vi.fn());
    await vi.advanceTimersByTimeAsync(SEND_TIMEOUT_MS);
    const logged = [networkError, 'The sending library did not load', ...detail];
    await expect(sent).resolves.toEqual({ failure: 'unloaded', logged });
  });

  it('gives up on a send after exactly 20 s without an answer', async () => {
    const settled = vi.fn();
    void emailJsDelivery(config, page, loaded(stall)).send(message, vi.fn()).then(settled);
    await vi.advanceTimersByTimeAsync(19_999);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toHaveBeenCalledWith({ failure: 'timeout', logged: timedOut });
  });

  it('loads the library once when asked to get ready, and again on the retry after it failed', async () => {
    const load = vi.fn<() => Promise<SendEmail>>().mockRejectedValueOnce(new TypeError('Failed to fetch'));
    load.mockResolvedValue(ok);
    const delivery = emailJsDelivery(config, page, load);
    delivery.prepare();
    delivery.prepare();
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(0);
    await expect(delivery.send(message, vi.fn())).resolves.toBeUndefined();
    await expect(delivery.send(message, vi.fn())).resolves.toBeUndefined();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
