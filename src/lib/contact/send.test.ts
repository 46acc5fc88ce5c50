import { EmailJSResponseStatus } from '@emailjs/browser';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONTACT_THROTTLE_ID, CONTACT_THROTTLE_MS, sendContactMessage, type SendEmail } from './send';
import { SEND_TIMEOUT_MS, SendTimeoutError } from './timeout';
import { defaultLocale, locales, type Locale } from '../../i18n/locales';

const message = {
  name: 'Erika Muster',
  email: 'erika@example.org',
  title: 'Neue Website',
  project: 'Ein Café in Köln',
};
const templates = {
  notification: 'template_notify',
  autoReply: Object.fromEntries(locales.map((locale) => [locale, `template_reply_${locale}`])) as Record<
    Locale,
    string
  >,
};
const delivery = { templates, agencyName: 'Uferlicht Webdesign', locale: defaultLocale };

describe('sendContactMessage', () => {
  it('sends the notification, reports it, then sends the auto-reply, with the notification’s parameters and throttle', async () => {
    const calls: string[] = [];
    const sendEmail = vi.fn<SendEmail>((templateId) => {
      calls.push(templateId);
      return Promise.resolve();
    });
    const onNotified = vi.fn(() => calls.push('notified'));

    await sendContactMessage(message, { ...delivery, sendEmail }, onNotified);

    expect(calls).toEqual(['template_notify', 'notified', `template_reply_${defaultLocale}`]);
    expect(sendEmail).toHaveBeenNthCalledWith(
      1,
      'template_notify',
      { ...message, to_name: 'Uferlicht Webdesign' },
      { limitRate: { id: CONTACT_THROTTLE_ID, throttle: CONTACT_THROTTLE_MS } },
    );
  });

  it('sends the auto-reply in the language of the page, the notification always in German', async () => {
    for (const locale of locales) {
      const sendEmail = vi.fn<SendEmail>(() => Promise.resolve());
      await sendContactMessage(message, { ...delivery, locale, sendEmail }, vi.fn());
      expect(sendEmail.mock.calls.map(([templateId]) => templateId)).toEqual([
        'template_notify',
        `template_reply_${locale}`,
      ]);
      expect(sendEmail.mock.calls[1][1]).toEqual({ name: message.name, email: message.email, title: message.title });
    }
  });
});

describe('sendContactMessage when a send fails or gets no answer', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());
  const failure = new EmailJSResponseStatus(500, 'Internal Server Error');
  const fail = () => Promise.reject(failure);
  const ok = () => Promise.resolve();
  const stall = () => new Promise<void>(() => undefined);

  it.each([
    ['the notification fails', [fail], failure, 0],
    ['only the auto-reply fails', [ok, fail], failure, 1],
    ['the notification gets no answer', [stall], SendTimeoutError, 0],
    ['the auto-reply gets no answer', [ok, stall], SendTimeoutError, 1],
  ] as const)(
    'gives up when %s, sending nothing after it and reporting only a notification that arrived',
    async (_case, answers, expected, notified) => {
      const sendEmail = vi.fn<SendEmail>();
      for (const answer of answers) sendEmail.mockImplementationOnce(answer);
      const onNotified = vi.fn();
      const outcome = sendContactMessage(message, { ...delivery, sendEmail }, onNotified).catch(
        (error: unknown) => error,
      );
      await vi.advanceTimersByTimeAsync(SEND_TIMEOUT_MS);
      if (expected === failure) expect(await outcome).toBe(failure);
      else expect(await outcome).toBeInstanceOf(SendTimeoutError);
      expect(sendEmail).toHaveBeenCalledTimes(answers.length);
      expect(onNotified).toHaveBeenCalledTimes(notified);
    },
  );
});
