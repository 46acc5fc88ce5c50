import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { emailJsSender } from './emailjs';
import { describeSendFailure } from './failure';
import { CONTACT_THROTTLE_ID, CONTACT_THROTTLE_MS } from './send';

// These run the real @emailjs/browser 4.4.1 against a stubbed fetch, and check what leaves the
// browser field by field: the send endpoint, its JSON body and the library version.
const config = { publicKey: 'public-key', serviceId: 'service_1', origin: 'http://127.0.0.1:4399' };
const throttled = { limitRate: { id: CONTACT_THROTTLE_ID, throttle: CONTACT_THROTTLE_MS } };
let fetchMock: ReturnType<typeof vi.fn>;

afterEach(() => vi.useRealTimers());
beforeEach(() => {
  fetchMock = vi.fn(() => Promise.resolve(new Response('OK', { status: 200 })));
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('location', { pathname: '/', href: 'http://192.168.1.20:4321/#contact' });
});

const sendOnce = async (settings: Parameters<typeof emailJsSender>[0], templateId = 't') =>
  (await emailJsSender(settings))(templateId, {});
const requestOf = (call: number) => {
  const [url, init] = fetchMock.mock.calls[call] as [string, RequestInit];
  return { url, method: init.method, headers: init.headers, body: JSON.parse(init.body as string) as unknown };
};

describe('emailJsSender', () => {
  it('POSTs EmailJS’s JSON body to /api/v1.0/email/send at the configured origin', async () => {
    const send = await emailJsSender(config);
    await expect(send('template_1', { name: 'Erika' })).resolves.toEqual({ status: 200, text: 'OK' });
    expect(requestOf(0)).toEqual({
      url: 'http://127.0.0.1:4399/api/v1.0/email/send',
      method: 'POST',
      headers: { 'Content-type': 'application/json' },
      body: {
        lib_version: '4.4.1',
        user_id: 'public-key',
        service_id: 'service_1',
        template_id: 'template_1',
        template_params: { name: 'Erika' },
      },
    });
  });

  it('uses the library’s own API host when no origin is configured', async () => {
    await sendOnce({ publicKey: 'k', serviceId: 's' });
    expect(requestOf(0).url).toBe('https://api.emailjs.com/api/v1.0/email/send');
  });

  it('rejects with the answer’s status and text on a non-OK answer', async () => {
    fetchMock.mockResolvedValueOnce(new Response('The template ID is invalid', { status: 400 }));
    await expect(sendOnce(config)).rejects.toMatchObject({
      status: 400,
      text: 'The template ID is invalid',
    });
  });

  it('rejects with a TypeError on a network failure, which we report as status 0, "Network Error"', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const failure = await sendOnce(config).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(TypeError);
    expect(describeSendFailure(failure)).toEqual({ status: 0, text: 'Network Error' });
  });

  it('refuses a second throttled send within the throttle with 429, without a request', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const send = await emailJsSender(config);
    await send('notify', {}, throttled);
    await send('reply', {});
    await expect(send('notify', {}, throttled)).rejects.toMatchObject({ status: 429, text: 'Too Many Requests' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    vi.setSystemTime(Date.now() + CONTACT_THROTTLE_MS + 1);
    await expect(send('notify', {}, throttled)).resolves.toMatchObject({ status: 200 });
  });

  it('lets the visitor try again at once after a failed send: the throttle counts delivered sends only', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const send = await emailJsSender(config);
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(send('notify', {}, throttled)).rejects.toBeInstanceOf(TypeError);
    fetchMock.mockResolvedValueOnce(new Response('Internal Server Error', { status: 500 }));
    await expect(send('notify', {}, throttled)).rejects.toMatchObject({ status: 500 });
    await expect(send('notify', {}, throttled)).resolves.toMatchObject({ status: 200 });
    expect(fetchMock).toHaveBeenCalledTimes(3);
    // Once one went through, the throttle holds as before.
    await expect(send('notify', {}, throttled)).rejects.toMatchObject({ status: 429 });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('posts to the origin the page was opened under when the origin is "/" (the dev server’s inbox)', async () => {
    await sendOnce({ ...config, origin: '/' });
    expect(requestOf(0).url).toBe('http://192.168.1.20:4321/api/v1.0/email/send');
  });

  it('keeps the rate limit in memory: nothing is written to localStorage', async () => {
    const setItem = vi.fn();
    vi.stubGlobal('localStorage', { getItem: vi.fn(() => null), setItem, removeItem: vi.fn() });
    await (
      await emailJsSender(config)
    )('notify', {}, throttled);
    expect(setItem).not.toHaveBeenCalled();
  });

  it('does not block automated browsers (headless blocking is off)', async () => {
    vi.stubGlobal('navigator', { webdriver: true, languages: [] });
    await expect(sendOnce(config)).resolves.toMatchObject({ status: 200 });
  });

  it('rejects with the library’s message when the key, service or template is missing', async () => {
    await expect(sendOnce({ ...config, publicKey: '' })).rejects.toBe(
      'The public key is required. Visit https://dashboard.emailjs.com/admin/account',
    );
    await expect(sendOnce({ ...config, serviceId: '' })).rejects.toBe(
      'The service ID is required. Visit https://dashboard.emailjs.com/admin',
    );
    await expect(sendOnce(config, '')).rejects.toBe(
      'The template ID is required. Visit https://dashboard.emailjs.com/admin/templates',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
