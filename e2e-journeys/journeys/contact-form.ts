import agency from '../../src/content/agency.json' with { type: 'json' };
import { localTemplates } from '../../local-inbox/env.ts';
import { INBOX_PATH, SEND_PATH } from '../../local-inbox/handler.ts';
import type { InboxMessage } from '../../local-inbox/inbox-page.ts';
import { uniqueEmail } from '../../e2e/inbox-client';
import { setTimeout as sleep } from 'node:timers/promises';
import { defaultLocale } from '../../src/i18n/locales';
import { beforeHydration, element, expect, journey, NOTHING_HAPPENS_MS, open, t, type Tab } from '../harness';

/** docs/behaviour.md › Contact form. */
const submit = '[data-contact-form] button[type="submit"]';
const fields = ['name', 'email', 'title', 'project'] as const;

/** The form as a visitor meets it: each field's value, whether it is marked invalid and what describes it. */
const form = (tab: Tab) =>
  tab.evaluate(() => {
    const button = document.querySelector('[data-contact-form] button[type="submit"]');
    const field = (name: string) => {
      const input = document.getElementById(`contact-${name}`) as HTMLInputElement;
      const ids = input.getAttribute('aria-describedby')?.split(' ') ?? [];
      const description = ids.map((id) => document.getElementById(id)?.textContent.trim()).join(' ');
      return [input.value, input.getAttribute('aria-invalid'), description];
    };
    return {
      fields: Object.fromEntries(['name', 'email', 'title', 'project'].map((name) => [name, field(name)])),
      button: [
        button?.textContent.trim(),
        button?.getAttribute('aria-disabled'),
        button?.querySelector('svg')?.getAttribute('class'),
      ],
      status: document.querySelector('[data-contact-form] [role="status"]')?.textContent.trim(),
      alert: document.querySelector('[data-contact-form] [role="alert"]')?.textContent.trim(),
      sends: performance.getEntriesByType('resource').filter((entry) => entry.name.includes('/api/v1.0/email/send'))
        .length,
    };
  });

/** What the local inbox (on the site's origin) received from `email`, in the order it arrived. */
const received = async ({ origin }: { origin: string }, email: string) =>
  ((await (await fetch(`${origin}${INBOX_PATH}/messages`)).json()) as InboxMessage[]).filter(
    (sent) => sent.template_params.email === email,
  );

/** Whether the form holds a submit for its code, and shows it: the button's cursor. */
const heldSubmit = (tab: Tab) =>
  tab.evaluate(() => {
    const held = document.querySelector('[data-contact-form]')?.hasAttribute('data-early-submit');
    const button = document.querySelector('[data-contact-form] button[type="submit"]');
    return [held, button && getComputedStyle(button).cursor];
  });

journey('field errors, sending, success, and both e-mails in the inbox', async (tab, { engine, proxy }) => {
  const message = {
    name: 'Erika Mustermann',
    email: uniqueEmail(`journey-${engine}`),
    title: 'Neue Website für unser Café',
    project: 'Wir brauchen eine Speisekarte online.',
  };
  await open(tab, '/#contact');
  // Once React runs the form (hydrated), it checks the fields itself, in the page's language.
  await expect.poll(() => element(tab, '[data-contact-form]').attribute('data-hydrated')).toBe('true');

  await tab.click(submit);
  await expect.poll(() => element(tab, '#contact-name').focused()).toBe(true);
  expect(await form(tab)).toMatchObject({
    fields: {
      name: ['', 'true', t('contact.form.nameMissing')],
      email: ['', 'true', t('contact.form.emailMissing')],
      title: ['', 'true', t('contact.form.titleMissing')],
      project: ['', null, expect.any(String)],
    },
    sends: 0,
  });

  for (const name of fields) await tab.type(`#contact-${name}`, message[name]);
  expect((await form(tab)).fields.name.slice(0, 2)).toEqual([message.name, null]);
  // The proxy holds the send back until the form has been seen sending.
  const release = proxy.hold(new RegExp(`^${SEND_PATH}$`));
  try {
    await tab.click(submit);
    // aria-disabled, not disabled: the focused button keeps focus while it sends.
    await expect
      .poll(async () => (await form(tab)).button)
      .toEqual([t('contact.form.sending'), 'true', expect.stringMatching(/animate-pulse/)]);
    expect(await received(proxy, message.email)).toEqual([]);
  } finally {
    release();
  }
  await expect.poll(async () => (await form(tab)).status).toBe(t('contact.form.success'));
  expect(await form(tab)).toMatchObject({
    alert: '',
    fields: Object.fromEntries(fields.map((name) => [name, ['', null, expect.any(String)]])),
  });
  await expect.poll(async () => (await form(tab)).button[0]).toBe(t('contact.form.submit'));
  expect((await form(tab)).sends).toBe(2);

  await expect.poll(async () => (await received(proxy, message.email)).length).toBe(2);
  const [notification, autoReply] = await received(proxy, message.email);
  expect(notification).toMatchObject({
    lib_version: '4.4.1',
    template_id: localTemplates.notification,
    template_params: { ...message, to_name: agency.name },
    origin: proxy.origin,
  });
  expect(autoReply).toMatchObject({ lib_version: '4.4.1', template_id: localTemplates.autoReply[defaultLocale] });
  expect(autoReply.template_params).toEqual({ name: message.name, email: message.email, title: message.title });
});

journey(
  'a submit before the form hydrates is held, visibly, and sent once when its code arrives',
  async (tab, { engine, proxy }) => {
    const email = uniqueEmail(`early-${engine}`);
    // The page opens at its top, so the form's code is asked for only when typing scrolls to it.
    await beforeHydration(tab, 'ContactForm', async () => {
      await tab.type('#contact-name', 'Erika Mustermann');
      await tab.type('#contact-email', email);
      await tab.type('#contact-title', 'Neue Website');
      await tab.click(submit);
      await expect.poll(() => heldSubmit(tab)).toEqual([true, 'progress']);
      expect(await received(proxy, email)).toEqual([]);
    });
    await expect.poll(async () => (await form(tab)).status).toBe(t('contact.form.success'));
    // The success shows once the agency has the message; the button is busy until the confirmation is out too.
    await expect.poll(() => heldSubmit(tab)).toEqual([false, 'pointer']);
    await expect.poll(async () => (await received(proxy, email)).length).toBe(2);
    await sleep(NOTHING_HAPPENS_MS);
    expect(await received(proxy, email)).toHaveLength(2);
  },
);

journey(
  "an empty form's submit before it hydrates gets the form's own field errors when its code arrives",
  async (tab) => {
    await beforeHydration(tab, 'ContactForm', async () => {
      await tab.click(submit);
      await expect.poll(() => heldSubmit(tab)).toEqual([true, 'progress']);
    });
    await expect.poll(() => element(tab, '#contact-name').focused()).toBe(true);
    expect((await form(tab)).fields).toMatchObject({ name: ['', 'true', t('contact.form.nameMissing')] });
    expect(await heldSubmit(tab)).toEqual([false, 'pointer']);
  },
);
