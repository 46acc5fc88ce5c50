import type { StorageProvider } from '@emailjs/browser';
import type { Locale } from '../../i18n/locales';
import type { ContactMessage } from './message';

/**
 * How a contact message reaches the agency (docs/behaviour.md › Contact form): through
 * @emailjs/browser, loaded when the form first needs it; the two e-mails in order, each given up on
 * after SEND_TIMEOUT_MS; the library's throttle; and what lets a visitor retry at once. What went
 * wrong comes back as a value, `FailedDelivery`, which the form turns into its notice.
 */

/**
 * How long one send may take before the form gives up on it. EmailJS answers within a second or
 * two, a phone on a poor connection within several; neither the library nor the browser ever gives
 * up on a stalled connection (a captive portal, a dead mobile link), and the visitor would watch
 * "Sending..." for as long as the tab lives, with their text locked in the form.
 */
export const SEND_TIMEOUT_MS = 20_000;

/**
 * A visitor can send one message per this many milliseconds: stops double submits and naive
 * scripts. Checked on the notification only, else the auto-reply right after it would trip it, and
 * counted from a delivered notification only (`throttleAllowingRetry`).
 */
export const CONTACT_THROTTLE_MS = 5000;
export const CONTACT_THROTTLE_ID = 'contact-form';

/** Sends one e-mail through a template; resolves on success, rejects with the provider's failure. */
export type SendEmail = (
  templateId: string,
  params: Record<string, string>,
  options?: { limitRate?: { id: string; throttle: number } },
) => Promise<unknown>;

/**
 * EmailJS template ids. The agency reads German, so one notification; the visitor's confirmation is
 * chosen by the page's language, which keeps `template_params` exactly as documented.
 */
export interface ContactTemplates {
  notification: string;
  autoReply: Record<Locale, string>;
}

/** The EmailJS account the form sends through; the browser reads it from astro:env (./index.ts). */
export interface EmailJsConfig {
  publicKey: string;
  serviceId: string;
  /**
   * Where the API lives: the library's own host unless a local inbox stands in for it; `/` for the
   * origin the page was opened under (src/node/emailjs-settings.ts).
   */
  origin?: string | undefined;
  templates: ContactTemplates;
}

/** The page a message is sent from. */
export interface ContactPage {
  /** The language of the page the visitor wrote from: the language of their confirmation. */
  locale: Locale;
  /** The agency's name: the notification's `to_name`. */
  agencyName: string;
}

/** A failed send as docs/behaviour.md › Error catalogue reports it: the answer's status and text. */
export interface SendFailure {
  status: number;
  text: string;
}

/**
 * Why a delivery failed, which decides what the visitor is told:
 * - `rejected`: the provider, the library or the network refused a send.
 * - `timeout`: a send got no answer within SEND_TIMEOUT_MS; whether it arrived is unknown.
 * - `unloaded`: the sending library never arrived, so nothing was sent.
 */
export type DeliveryFailure = 'rejected' | 'timeout' | 'unloaded';

export interface FailedDelivery {
  failure: DeliveryFailure;
  /** What the console is told: the failure as the error catalogue reports it, then any detail. */
  logged: [report: SendFailure | string, ...detail: string[]];
}

export interface Delivery {
  /** Gets the library on its way, so that it is at hand by the time the visitor presses the button. */
  prepare(): void;
  /**
   * Sends the message, calling `onNotified` as soon as the agency has it (see `sendContactMessage`).
   * Resolves to nothing once both e-mails went out, else to what failed; it never rejects.
   */
  send(message: ContactMessage, onNotified: () => void): Promise<FailedDelivery | undefined>;
}

/** A send that got no answer in time. */
class SendTimeoutError extends Error {
  override name = 'SendTimeoutError';
  constructor(ms: number) {
    super(`No answer within ${ms} ms`);
  }
}

/**
 * Settles as `sending` does, or rejects with a `SendTimeoutError` after `ms`. The request itself
 * cannot be called back (the library takes no abort signal), so a late answer is simply not waited for.
 */
async function withinTimeout<T>(sending: Promise<T>, ms = SEND_TIMEOUT_MS): Promise<T> {
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

/**
 * @emailjs/browser rejects in three shapes: its `EmailJSResponseStatus` for HTTP errors and its own
 * refusals (451 headless, 403 block list, 429 rate limit); a plain string when the key, service or
 * template is missing; and the browser's `TypeError` when the network or CORS fails, which the error
 * catalogue reports as status 0, "Network Error" (the library itself never does). A send we gave up
 * on is a network failure too: the connection never answered.
 */
function describeSendFailure(error: unknown): SendFailure | string {
  if (typeof error === 'string') return error;
  if (error instanceof SendTimeoutError || error instanceof TypeError) return { status: 0, text: 'Network Error' };
  const { status, text } = (error ?? {}) as Partial<SendFailure>;
  if (typeof status === 'number' && typeof text === 'string') return { status, text };
  return String(error);
}

function failed(failure: DeliveryFailure, error: unknown): FailedDelivery {
  const detail = error instanceof SendTimeoutError ? [error.message] : [];
  if (failure === 'unloaded') detail.unshift('The sending library did not load');
  return { failure, logged: [describeSendFailure(error), ...detail] };
}

/*
 * Retry. A visitor retries by pressing the button again: the form keeps their text for it (form.ts),
 * and two things here let that second try go out at once. The library's load is started again after
 * it failed (`loadWithRetry`), and the throttle counts delivered sends only (`throttleAllowingRetry`).
 */

/** `load`, run once and shared; run again on the next call after it failed. */
function loadWithRetry<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}

/**
 * Keeps the rate limit's timestamp in this page's memory. The library's default would write it to
 * localStorage, which § 25 TDDDG would make us ask consent for; and `init()` without any provider
 * silently switches the rate limit off.
 */
function memoryStorage(): StorageProvider {
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
 * visitor's retry with 429 for the whole throttle. Each attempt reads the timestamps of delivered
 * sends and writes its own only once `commit` is called, after the send succeeded.
 */
function throttleAllowingRetry(delivered: StorageProvider = memoryStorage()) {
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
    // The library glues the origin and its path together, so `/` becomes the page's own origin.
    ...(origin ? { origin: new URL(origin, location.href).origin } : {}),
  });
  const throttle = throttleAllowingRetry();
  return async (templateId, params, options) => {
    if (!options?.limitRate) return send(serviceId, templateId, params, options);
    const attempt = throttle.attempt();
    const answer = await send(serviceId, templateId, params, { ...options, storageProvider: attempt.storage });
    await attempt.commit();
    return answer;
  };
}

/**
 * The sending sequence: the notification to the agency first; `onNotified` as soon as it went out
 * (the message has arrived, so the form shows success); only then the auto-reply to the visitor, in
 * the page's language. Any failure rejects, with the provider's answer, and stops the sequence; so
 * does a send without an answer within SEND_TIMEOUT_MS.
 */
export async function sendContactMessage(
  message: ContactMessage,
  { sendEmail, templates, agencyName, locale }: ContactPage & { sendEmail: SendEmail; templates: ContactTemplates },
  onNotified: () => void,
): Promise<void> {
  const { name, email, title, project } = message;
  await withinTimeout(
    sendEmail(
      templates.notification,
      { name, email, title, project, to_name: agencyName },
      { limitRate: { id: CONTACT_THROTTLE_ID, throttle: CONTACT_THROTTLE_MS } },
    ),
  );
  onNotified();
  await withinTimeout(sendEmail(templates.autoReply[locale], { name, email, title }));
}

/** The form's delivery through the EmailJS account `config`, from `page`. */
export function emailJsDelivery(
  config: EmailJsConfig,
  page: ContactPage,
  load: () => Promise<SendEmail> = () => emailJsSender(config),
): Delivery {
  const library = loadWithRetry(load);
  return {
    prepare() {
      // A failure here is met again, and reported, on submit.
      library().catch(() => undefined);
    },
    async send(message, onNotified) {
      let sendEmail: SendEmail;
      try {
        // The library's code is a request of its own: on a stalled connection it may never come,
        // and then nothing was sent, which the visitor is told as such.
        sendEmail = await withinTimeout(library());
      } catch (error) {
        return failed('unloaded', error);
      }
      try {
        await sendContactMessage(message, { ...page, sendEmail, templates: config.templates }, onNotified);
        return undefined;
      } catch (error) {
        return failed(error instanceof SendTimeoutError ? 'timeout' : 'rejected', error);
      }
    },
  };
}
