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
  it('sends the notification, reports it, then sends the auto-reply, with the spec’s parameters', async () => {
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
    expect(sendEmail).toHaveBeenNthCalledWith(2, `template_reply_${defaultLocale}`, {
      name: 'Erika Muster',
      email: 'erika@example.org',
      title: 'Neue Website',
    });
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

  it('does not send the auto-reply when the notification fails', async () => {
    const failure = { status: 500, text: 'Internal Server Error' };
    const sendEmail = vi.fn<SendEmail>().mockRejectedValueOnce(failure);
    const onNotified = vi.fn();

    await expect(sendContactMessage(message, { ...delivery, sendEmail }, onNotified)).rejects.toBe(failure);
    expect(sendEmail).toHaveBeenCalledTimes(1);
    expect(onNotified).not.toHaveBeenCalled();
  });

  it('rejects after reporting the notification when only the auto-reply fails', async () => {
    const failure = { status: 400, text: 'Bad Request' };
    const sendEmail = vi.fn<SendEmail>().mockResolvedValueOnce(undefined).mockRejectedValueOnce(failure);
    const onNotified = vi.fn();

    await expect(sendContactMessage(message, { ...delivery, sendEmail }, onNotified)).rejects.toBe(failure);
    expect(onNotified).toHaveBeenCalledTimes(1);
    expect(sendEmail).toHaveBeenCalledTimes(2);
  });
});

describe('sendContactMessage on a stalled connection', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('gives up on a notification that gets no answer, without sending the auto-reply', async () => {
    const sendEmail = vi.fn<SendEmail>(() => new Promise(() => undefined));
    const onNotified = vi.fn();
    const outcome = sendContactMessage(message, { ...delivery, sendEmail }, onNotified).catch(
      (error: unknown) => error,
    );
    await vi.advanceTimersByTimeAsync(SEND_TIMEOUT_MS);
    expect(await outcome).toBeInstanceOf(SendTimeoutError);
    expect(sendEmail).toHaveBeenCalledTimes(1);
    expect(onNotified).not.toHaveBeenCalled();
  });

  it('gives up on an auto-reply that gets no answer, after reporting the notification', async () => {
    const sendEmail = vi
      .fn<SendEmail>()
      .mockResolvedValueOnce(undefined)
      .mockReturnValueOnce(new Promise(() => undefined));
    const onNotified = vi.fn();
    const outcome = sendContactMessage(message, { ...delivery, sendEmail }, onNotified).catch(
      (error: unknown) => error,
    );
    await vi.advanceTimersByTimeAsync(SEND_TIMEOUT_MS);
    expect(await outcome).toBeInstanceOf(SendTimeoutError);
    expect(onNotified).toHaveBeenCalledTimes(1);
    expect(sendEmail).toHaveBeenCalledTimes(2);
  });
});
