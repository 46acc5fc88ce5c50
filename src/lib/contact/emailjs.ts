import type { StorageProvider } from '@emailjs/browser';
import type { SendEmail } from './send';

export interface EmailJsConfig {
  publicKey: string;
  serviceId: string;
  /** Where the API lives; the library's own host unless a local inbox stands in for it. */
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
    get: async (key) => values.get(key),
    set: async (key, value) => void values.set(key, value),
    remove: async (key) => void values.delete(key),
  };
}

/**
 * Binds @emailjs/browser to our account; the origin is only ever read from `init()`. The library is
 * loaded here, on the first submit, not with the page: it probes `localStorage` as it loads, which
 * throws where storage is blocked, and that must cost the visitor the form's send at most, never
 * the form itself.
 */
export async function emailJsSender({ publicKey, serviceId, origin }: EmailJsConfig): Promise<SendEmail> {
  const { init, send } = await import('@emailjs/browser');
  init({ publicKey, blockHeadless: false, storageProvider: memoryStorage(), ...(origin ? { origin } : {}) });
  return (templateId, params, options) => send(serviceId, templateId, params, options);
}
