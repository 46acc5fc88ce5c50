import type { StorageProvider } from '@emailjs/browser';
import { resolveApiOrigin } from './api-origin.mjs';
import type { SendEmail } from './send';

export interface EmailJsConfig {
  publicKey: string;
  serviceId: string;
  /**
   * Where the API lives: the library's own host unless a local inbox stands in for it; `/` for the
   * origin the page was opened under (see api-origin.mjs).
   */
  origin?: string | undefined;
}

/**
 * Keeps the rate limit's timestamp in this page's memory. The library's default would write it to
 * localStorage, which § 25 TDDDG would make us ask consent for; and `init()` without any provider
 * silently switches the rate limit off.
 */
export function memoryStorage(): StorageProvider {
  const values = new Map<string, string>();
  return {
    get: (key) => Promise.resolve(values.get(key)),
    set: (key, value) => {
      values.set(key, value);
      return Promise.resolve();
    },
    remove: (key) => {
      values.delete(key);
      return Promise.resolve();
    },
  };
}

/**
 * The rate limit's memory, counting delivered sends only. The library stores its timestamp before
 * the request goes out, so a send that failed (a network error, a timeout, a 500) would refuse the
 * visitor's "try again" with 429 for the whole throttle. Each attempt reads the timestamps of
 * delivered sends and writes its own only once `commit` is called, after the send succeeded.
 */
export function deliveredOnlyThrottle(delivered: StorageProvider = memoryStorage()) {
  return {
    attempt() {
      let written: [key: string, value: string] | undefined;
      const storage: StorageProvider = {
        get: (key) => delivered.get(key),
        set: (key, value) => {
          written = [key, value];
          return Promise.resolve();
        },
        remove: (key) => delivered.remove(key),
      };
      const commit = async () => {
        if (written) await delivered.set(...written);
      };
      return { storage, commit };
    },
  };
}

/**
 * Binds @emailjs/browser to our account; the origin is only ever read from `init()`. The library is
 * loaded here, when the form first needs it, not with the page: it probes `localStorage` as it
 * loads, which throws where storage is blocked, and that must cost the visitor the form's send at
 * most, never the form itself.
 */
export async function emailJsSender({ publicKey, serviceId, origin }: EmailJsConfig): Promise<SendEmail> {
  const { init, send } = await import('@emailjs/browser');
  init({
    publicKey,
    blockHeadless: false,
    storageProvider: memoryStorage(),
    ...(origin ? { origin: resolveApiOrigin(origin, location.href) } : {}),
  });
  const throttle = deliveredOnlyThrottle();
  return async (templateId, params, options) => {
    if (!options?.limitRate) return send(serviceId, templateId, params, options);
    const attempt = throttle.attempt();
    const answer = await send(serviceId, templateId, params, { ...options, storageProvider: attempt.storage });
    await attempt.commit();
    return answer;
  };
}
