// @ts-check
/**
 * A network as slow as a phone's, made by the server instead of the browser, for a benchmark with no
 * DevTools attached to throttle (`npm run perf:navigation`): each response starts one round trip
 * after its request, and the bytes of every response share one link of the given rate.
 */

/** @typedef {{ bitsPerMs: number, roundTripMs: number }} Network */
/** @typedef {(request: import('node:http').IncomingMessage, response: import('node:http').ServerResponse) => void} Handler */

const sleep = (/** @type {number} */ ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** `handle`, its responses paced to `network`. */
export function pacedHandler(/** @type {Handler} */ handle, /** @type {Network} */ { bitsPerMs, roundTripMs }) {
  let linkFreeAt = 0;
  // Every chunk of every response goes out in the order it was written, one after another: a timer
  // per chunk could fire out of order (Node rounds delays to whole ms), and a response would arrive
  // with its chunks swapped, or cut short by its end.
  let line = Promise.resolve();
  const later = (/** @type {unknown} */ chunk, /** @type {() => void} */ send) => {
    const bytes = typeof chunk === 'string' || chunk instanceof Uint8Array ? Buffer.byteLength(chunk) : 0;
    linkFreeAt = Math.max(linkFreeAt, Date.now()) + bytes / (bitsPerMs / 8);
    const due = linkFreeAt;
    line = line.then(async () => {
      const wait = due - Date.now();
      if (wait > 0) await sleep(wait);
      send();
    });
  };
  return /** @type {Handler} */ (
    (request, response) => {
      const write = response.write.bind(response);
      const end = response.end.bind(response);
      response.write = /** @type {typeof write} */ (
        (/** @type {Parameters<typeof write>} */ ...args) => (later(args[0], () => write(...args)), true)
      );
      response.end = /** @type {typeof end} */ (
        (/** @type {Parameters<typeof end>} */ ...args) => (later(args[0], () => end(...args)), response)
      );
      setTimeout(() => handle(request, response), roundTripMs);
    }
  );
}
