import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { locales, type Locale } from '../../i18n/locales';
import { emailJsSender } from './delivery';

const autoReply = Object.fromEntries(locales.map((locale) => [locale, `template_reply_${locale}`]));
const templates = { notification: 'template_notify', autoReply: autoReply as Record<Locale, string> };
const config = { publicKey: 'public-key', serviceId: 'service_1', origin: 'http://127.0.0.1:4399', templates };

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
    const notify = () => send('notify', {}, true);
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
    ['key', { publicKey: '' }, 't', 'The public key is required. Visit https://dashboard.emailjs.com/admin/account'],
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
