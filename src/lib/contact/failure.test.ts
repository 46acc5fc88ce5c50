import { EmailJSResponseStatus } from '@emailjs/browser';
import { describe, expect, it } from 'vitest';
import { describeSendFailure } from './failure';
import { SendTimeoutError } from './timeout';

describe('describeSendFailure', () => {
  it.each([
    [new EmailJSResponseStatus(451, 'Unavailable For Headless Browser'), 451, 'Unavailable For Headless Browser'],
    [new EmailJSResponseStatus(403, 'Forbidden'), 403, 'Forbidden'],
    [new EmailJSResponseStatus(429, 'Too Many Requests'), 429, 'Too Many Requests'],
    [new EmailJSResponseStatus(500, 'Internal Server Error'), 500, 'Internal Server Error'],
  ])('keeps the status and text of the provider’s answer (%s)', (error, status, text) => {
    expect(describeSendFailure(error)).toEqual({ status, text });
  });

  it('reports a network or CORS failure as status 0, "Network Error"', () => {
    expect(describeSendFailure(new TypeError('Failed to fetch'))).toEqual({ status: 0, text: 'Network Error' });
  });

  it('reports a send that got no answer in time as a network failure too', () => {
    expect(describeSendFailure(new SendTimeoutError(20_000))).toEqual({ status: 0, text: 'Network Error' });
  });

  it('passes the library’s string messages on as they are', () => {
    const missingKey = 'The public key is required. Visit https://dashboard.emailjs.com/admin/account';
    expect(describeSendFailure(missingKey)).toBe(missingKey);
  });
});
