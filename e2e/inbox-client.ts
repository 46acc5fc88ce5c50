import type { APIRequestContext } from '@playwright/test';
import { localTemplates } from '../local-inbox/env.ts';
import type { FailureRule } from '../local-inbox/handler.ts';
import type { InboxMessage } from '../local-inbox/inbox-page.ts';
import { defaultLocale, type Locale } from '../src/i18n/locales';

/** The template ids the form sends with from a page in `locale`. */
export const templatesFor = (locale: Locale) => ({
  notification: localTemplates.notification,
  autoReply: localTemplates.autoReply[locale],
});
export type Template = keyof ReturnType<typeof templatesFor>;

/**
 * What the tests ask of the local inbox, as one visitor's contact messages from a page in `locale`
 * reach it. Everything is scoped to the visitor's e-mail address, so tests running side by side never
 * see each other's messages or failures. `origin` asks another server's inbox (the dev server's)
 * instead of the tested build's.
 */
export function inboxFor(request: APIRequestContext, email: string, { locale = defaultLocale, origin = '' } = {}) {
  // A connection of its own for each call: a test may wait longer than the server keeps an idle
  // connection open (Node's 5 s), and Playwright would reuse it as it closes ("socket hang up").
  const headers = { Connection: 'close' };
  const templates = templatesFor(locale);
  const messages = async () => {
    const all = (await (await request.get(`${origin}/inbox/messages`, { headers })).json()) as InboxMessage[];
    return all.filter((message) => message.template_params.email === email);
  };
  return {
    messages,
    templates,
    /** The template of each message that arrived, in order of arrival. */
    arrived: async () => (await messages()).map((message) => message.template_id),
    /** The next call for `template` (the notification unless said) answers by `rule` instead of succeeding. */
    failNext: async (rule: Omit<FailureRule, 'email' | 'templateId'>, template: Template = 'notification') => {
      const data = { ...rule, email, templateId: templates[template] };
      const response = await request.post(`${origin}/inbox/failures`, { headers, data });
      if (!response.ok()) throw new Error(`The inbox refused the rule: ${response.status()}`);
    },
  };
}

/**
 * The inbox page shows each e-mail in a frame sandboxed without scripts; Chromium reports on the
 * console each time Playwright's own helpers are refused there. Nothing of the site's.
 */
export const inboxPageConsoleErrors =
  /^Blocked script execution in 'about:srcdoc' because the document's frame is sandboxed/;

let visitors = 0;
export const uniqueEmail = (label: string) =>
  `${label.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}-${process.pid}-${++visitors}@example.org`;
