import { EmailJSResponseStatus } from '@emailjs/browser';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SEND_TIMEOUT_MS, SendTimeoutError, withinTimeout } from './timeout';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('withinTimeout', () => {
  it('gives up on a send that never answers after 20 s', async () => {
    expect(SEND_TIMEOUT_MS).toBe(20_000);
    const outcome = withinTimeout(new Promise(() => undefined)).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(SEND_TIMEOUT_MS - 1);
    let settled = false;
    void outcome.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(error).toBeInstanceOf(SendTimeoutError);
    expect(error).toMatchObject({ ms: SEND_TIMEOUT_MS, message: 'No answer within 20000 ms' });
  });

  it('passes on an answer or a failure that comes in time, and leaves no timer behind', async () => {
    await expect(withinTimeout(Promise.resolve('OK'))).resolves.toBe('OK');
    const failure = new EmailJSResponseStatus(500, 'Internal Server Error');
    await expect(withinTimeout(Promise.reject(failure))).rejects.toBe(failure);
    expect(vi.getTimerCount()).toBe(0);
  });
});
