import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dev } from 'astro';
import { localTemplates, requiredEmailJsVariables } from '../local-inbox/env.mjs';
import { loadEmailTemplate, renderEmail } from '../src/emails/templates.mjs';
import { contactForm, visitor } from './contact-form';
import { inboxFor, inboxPageConsoleErrors } from './inbox-client';
import { agency, defaultLocale, expect, getTranslator, test } from './fixtures';

/** `npm run dev` as a fresh clone runs it: no .env, no EmailJS account, the inbox on the dev server. */
const DEV_PORT = Number(process.env.E2E_DEV_PORT ?? 4460);
const origin = `http://localhost:${DEV_PORT}`;

test.describe('the dev server of a fresh clone', () => {
  // One dev server for the file; its first page compiles everything, which takes a while on 2 cores.
  test.describe.configure({ mode: 'serial', timeout: 180_000 });
  let server: Awaited<ReturnType<typeof dev>> | undefined;
  let emptyEnvDir: string;

  test.beforeAll(async () => {
    // A developer's own .env must not turn this into a send through EmailJS.
    emptyEnvDir = await mkdtemp(join(tmpdir(), 'no-dotenv-'));
    for (const name of [...requiredEmailJsVariables, 'PUBLIC_EMAILJS_ORIGIN']) delete process.env[name];
    server = await dev({
      root: process.cwd(),
      server: { port: DEV_PORT },
      vite: { envDir: emptyEnvDir },
      devToolbar: { enabled: false },
      logLevel: 'warn',
    });
  });
  test.afterAll(async () => {
    await server?.stop();
    await rm(emptyEnvDir, { recursive: true, force: true });
  });

  test.use({ expectedConsoleErrors: inboxPageConsoleErrors });

  test('sends the contact form into the inbox that the dev server serves', async ({ page, request }) => {
    const form = contactForm(page, defaultLocale, origin);
    const message = visitor('dev-server');
    await form.open();
    await form.fill(message);
    await form.submit.click();
    await expect(form.success).toHaveText(getTranslator(defaultLocale)('contact.form.success'));

    const inbox = inboxFor(request, message.email, origin);
    await expect
      .poll(async () => (await inbox.messages()).map((sent) => [sent.template_id, sent.template_params.title]))
      .toEqual([
        [localTemplates.notification, message.title],
        [localTemplates.autoReply[defaultLocale], message.title],
      ]);
    await page.goto(`${origin}/inbox`);
    const notification = page.locator(`li[data-template-id="${localTemplates.notification}"]`, {
      hasText: message.email,
    });
    const { subject } = renderEmail(await loadEmailTemplate('notification'), { ...message, to_name: agency.name });
    await expect(notification.getByRole('heading')).toHaveText(subject);
  });
});
