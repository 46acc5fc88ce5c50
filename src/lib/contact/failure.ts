import { SendTimeoutError } from './timeout';

/** A failed send as the spec's error catalogue describes it: the answer's status number and text. */
export interface SendFailure {
  status: number;
  text: string;
}

/**
 * @emailjs/browser rejects in three shapes: its `EmailJSResponseStatus` for HTTP errors and its own
 * refusals (451 headless, 403 block list, 429 rate limit); a plain string when the key, service or
 * template is missing; and the browser's `TypeError` when the network or CORS fails. The spec wants
 * the last reported as status 0, "Network Error", which the library itself never produces. A send
 * we gave up on (`SendTimeoutError`) is a network failure too: the connection never answered.
 */
export function describeSendFailure(error: unknown): SendFailure | string {
  if (typeof error === 'string') return error;
  if (error instanceof SendTimeoutError) return { status: 0, text: 'Network Error' };
  if (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as SendFailure).status === 'number' &&
    typeof (error as SendFailure).text === 'string'
  ) {
    const { status, text } = error as SendFailure;
    return { status, text };
  }
  if (error instanceof TypeError) return { status: 0, text: 'Network Error' };
  return String(error);
}
