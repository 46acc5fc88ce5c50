import type { StorageProvider } from '@emailjs/browser';
import type { Locale } from '../../i18n/locales';
import type { ContactMessage } from './message';

/** How a contact message reaches the agency, through @emailjs/browser (docs/behaviour.md › Contact form). */

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
 * counted from a delivered notification only (`emailJsSender`).
 */
export const CONTACT_THROTTLE_MS = 5000;
const CONTACT_THROTTLE_ID = 'contact-form';

/**
 * Sends one e-mail through a template; resolves on success, rejects with the provider's failure.
 * A `throttled` send counts against CONTACT_THROTTLE_MS.
 */
export type SendEmail = (templateId: string, params: Record<string, string>, throttled?: boolean) => Promise<unknown>;

/** The EmailJS account the form sends through; the browser reads it from astro:env (./index.ts). */
export interface EmailJsConfig {
  publicKey: string;
  serviceId: string;
  /**
   * Where the API lives: the library's own host unless a local inbox stands in for it; `/` for the
   * origin the page was opened under (src/node/emailjs-settings.ts).
   */
  origin?: string | undefined;
  /**
   * The agency reads German, so one notification; the visitor's confirmation is chosen by the
   * page's language, which keeps `template_params` exactly as documented.
   */
  templates: { notification: string; autoReply: Record<Locale, string> };
}

/** The page a message is sent from: its language is the confirmation's; the agency's name is the notification's `to_name`. */
export interface ContactPage {
  locale: Locale;
  agencyName: string;
}

/**
 * What the visitor needs to know beyond the status message, so they neither give up on a message
 * that did not arrive nor send twice one that did:
 * - `notDelivered`: nothing reached the agency (refused, or the library never came); the text stays.
 * - `noAnswer`: the notification got no answer in time; it may or may not have arrived.
 * - `delivered`: the agency has the message; only the confirmation to the visitor failed.
 * - `interrupted`: a restored draft was being sent when its page was left (form.ts).
 */
export type ContactNotice = 'notDelivered' | 'noAnswer' | 'delivered' | 'interrupted';

export interface FailedDelivery {
  notice: ContactNotice;
  /** What the console is told: the failure as docs/behaviour.md › Error catalogue reports it, then any detail. */
  logged: [report: { status: number; text: string } | string, ...detail: string[]];
}

/** What a send that got no answer in time rejects with. */
const noAnswer = new Error(`No answer within ${SEND_TIMEOUT_MS} ms`);

/**
 * Settles as `sending` does, or rejects with `noAnswer` after SEND_TIMEOUT_MS. The request itself
 * cannot be called back (the library takes no abort signal), so a late answer is simply not waited for.
 */
async function withinTimeout<T>(sending: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_resolve, reject) => (timer = setTimeout(reject, SEND_TIMEOUT_MS, noAnswer)));
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
function describeSendFailure(error: unknown): FailedDelivery['logged'][0] {
  if (typeof error === 'string') return error;
  if (error === noAnswer || error instanceof TypeError) return { status: 0, text: 'Network Error' };
  const { status, text } = (error ?? {}) as { status?: unknown; text?: unknown };
  if (typeof status === 'number' && typeof text === 'string') return { status, text };
  return String(error);
}

/**
 * Binds @emailjs/browser to our account; the origin is only ever read from `init()`. The library is
 * loaded here, when the form first needs it, not with the page: it probes `localStorage` as it
 * loads, which throws where storage is blocked, and that must cost the visitor the form's send at
 * most, never the form itself.
 */
export async function emailJsSender({ publicKey, serviceId, origin }: EmailJsConfig): Promise<SendEmail> {
  const { init, send } = await import('@emailjs/browser');
  // The rate limit's timestamp, in this page's memory: the library's default would write it to
  // localStorage, which § 25 TDDDG would make us ask consent for; and `init()` without any provider
  // silently switches the rate limit off. The library writes its timestamp before the request goes
  // out, so a send that failed (a network error, a timeout, a 500) would refuse the visitor's retry
  // with 429 for the whole throttle: the timestamp is written here instead, once a send succeeded.
  const delivered = new Map<string, string>();
  const storageProvider: StorageProvider = {
    get: (key) => Promise.resolve(delivered.get(key)),
    set: () => Promise.resolve(),
    remove: (key) => Promise.resolve(void delivered.delete(key)),
  };
  init({
    publicKey,
    blockHeadless: false,
    storageProvider,
    // The library glues the origin and its path together, so `/` becomes the page's own origin.
    ...(origin ? { origin: new URL(origin, location.href).origin } : {}),
  });
  const limitRate = { id: CONTACT_THROTTLE_ID, throttle: CONTACT_THROTTLE_MS };
  return async (templateId, params, throttled = false) => {
    const answer = await send(serviceId, templateId, params, throttled ? { limitRate } : {});
    if (throttled) delivered.set(CONTACT_THROTTLE_ID, String(Date.now()));
    return answer;
  };
}

/**
 * The form's delivery through the EmailJS account `config`, from `page`. `prepare` gets the library
 * on its way, so that it is at hand by the time the visitor presses the button; its load runs once,
 * and again on the next call after it failed, so that a retry goes out at once. `send` sends the
 * notification to the agency first, calls `onNotified` as soon as it went out (the message has
 * arrived, so the form shows success), and only then the auto-reply to the visitor, in the page's
 * language. Any failure, or a send without an answer within SEND_TIMEOUT_MS, stops the sequence.
 * `send` resolves to nothing once both e-mails went out, else to what the visitor is told; it never
 * rejects.
 */
export function emailJsDelivery(
  config: EmailJsConfig,
  page: ContactPage,
  load: () => Promise<SendEmail> = () => emailJsSender(config),
) {
  let loading: Promise<SendEmail> | undefined;
  const library = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  const failed = (notice: ContactNotice, error: unknown, ...detail: string[]): FailedDelivery => {
    if (error === noAnswer) detail.push(noAnswer.message);
    return { notice, logged: [describeSendFailure(error), ...detail] };
  };
  return {
    prepare() {
      // A failure here is met again, and reported, on submit.
      library().catch(() => undefined);
    },
    async send(message: ContactMessage, onNotified: () => void): Promise<FailedDelivery | undefined> {
      let sendEmail: SendEmail;
      try {
        // The library's code is a request of its own: on a stalled connection it may never come,
        // and then nothing was sent, which the visitor is told as such.
        sendEmail = await withinTimeout(library());
      } catch (error) {
        return failed('notDelivered', error, 'The sending library did not load');
      }
      const { name, email, title, project } = message;
      const { notification, autoReply } = config.templates;
      let notified = false;
      try {
        const params = { name, email, title, project, to_name: page.agencyName };
        await withinTimeout(sendEmail(notification, params, true));
        notified = true;
        onNotified();
        await withinTimeout(sendEmail(autoReply[page.locale], { name, email, title }));
        return undefined;
      } catch (error) {
        return failed(notified ? 'delivered' : error === noAnswer ? 'noAnswer' : 'notDelivered', error);
      }
    },
  };
}

export type Delivery = ReturnType<typeof emailJsDelivery>;
