/**
 * How long one send may take before the form gives up on it. EmailJS answers within a second or
 * two, a phone on a poor connection within several; neither the library nor the browser ever gives
 * up on a stalled connection (a captive portal, a dead mobile link), and the visitor would watch
 * "Sending..." for as long as the tab lives, with their text locked in the form.
 */
export const SEND_TIMEOUT_MS = 20_000;

/** A send that got no answer in time. Whether it reached the provider is unknown. */
export class SendTimeoutError extends Error {
  override name = 'SendTimeoutError';
  constructor(readonly ms: number) {
    super(`No answer within ${ms} ms`);
  }
}

/**
 * Settles as `sending` does, or rejects with a `SendTimeoutError` after `ms`. The request itself
 * cannot be called back (the library takes no abort signal), so a late answer is simply not waited for.
 */
export async function withinTimeout<T>(sending: Promise<T>, ms = SEND_TIMEOUT_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new SendTimeoutError(ms)), ms);
  });
  try {
    return await Promise.race([sending, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
