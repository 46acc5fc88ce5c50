import { spawnSync } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { test as plainTest } from '@playwright/test';
import { dev } from 'astro';
import { astroCli } from '../deploy/production-build';
import { emailJsSettings } from '../src/node/emailjs-settings.ts';
import { loadEmailTemplate, renderEmail } from '../src/emails/templates';
import { contactForm, test } from './contact-fixtures';
import { inboxFor, inboxPageConsoleErrors } from './inbox-client';
import { agency, defaultLocale, expect, waitForIsland } from './fixtures';

/** `npm run dev` as a fresh clone runs it: no .env, no EmailJS account, the inbox on the dev server. */
const DEV_PORT = Number(process.env.E2E_DEV_PORT ?? 4460);
const origin = `http://localhost:${DEV_PORT}`;
/**
 * 127.0.0.1 stands in for this machine's address on the LAN, where a phone opens the site: the form
 * must not send to localhost, which on a phone is the phone.
 */
const deviceOrigin = `http://127.0.0.1:${DEV_PORT}`;
/** How long a dev server on a busy 2-core machine may take to compile the site for its first page and send. */
const FIRST_COMPILE_MS = 120_000;

test.describe('the dev server of a fresh clone', () => {
  // One dev server for the file; its first page compiles everything, which takes a while on 2 cores.
  test.describe.configure({ mode: 'serial', timeout: 180_000 });
  let server: Awaited<ReturnType<typeof dev>> | undefined;

  test.beforeAll(async () => {
    // A hook has the configured 30 s unless it says otherwise; Astro's start may take longer.
    test.setTimeout(FIRST_COMPILE_MS);
    // A developer's own .env or environment must not turn this into a send through EmailJS.
    for (const { name } of emailJsSettings) Reflect.deleteProperty(process.env, name);
    server = await dev({
      root: process.cwd(),
      server: { port: DEV_PORT },
      vite: { envDir: false },
      devToolbar: { enabled: false },
      logLevel: 'warn',
    });
  });
  test.afterAll(() => server?.stop());

  test.use({ expectedConsoleErrors: inboxPageConsoleErrors });

  test('sends the contact form from another device, to the host the page was opened under, into the inbox the dev server serves, which shows it as its recipient reads it', async ({
    page,
    request,
    message: visitor,
    t,
  }) => {
    // Markup and character references in what the visitor typed reach the recipient as text.
    const message = { ...visitor, name: 'Erika <b>Mustermann</b>', title: `${visitor.title} <i>&amp;</i> Bistro` };
    const sendCalls: string[] = [];
    page.on('request', (request) => request.url().includes('/api/v1.0/email/send') && sendCalls.push(request.url()));
    // The first page a dev server shows compiles the site, and its first send the sending library; the
    // page may reload itself once on the way (Vite's dependency bundling, the content store), which
    // puts it back where it was scrolled, maybe its top: the form, which hydrates once it is in view,
    // is scrolled to until it has. A developer waits for that once too, here with the time it takes.
    test.setTimeout(3 * FIRST_COMPILE_MS);
    const form = contactForm(page, defaultLocale);
    await page.goto(`${deviceOrigin}/#contact`);
    await expect(async () => {
      await form.form.scrollIntoViewIfNeeded();
      await waitForIsland(page, 'ContactForm', 5_000);
    }).toPass({ timeout: FIRST_COMPILE_MS });
    await form.fill(message);
    await form.submit.click();
    await expect(form.success).toHaveText(t('contact.form.success'), { timeout: FIRST_COMPILE_MS });
    expect(sendCalls.map((url) => new URL(url).origin)).toEqual([deviceOrigin, deviceOrigin]);

    const inbox = inboxFor(request, message.email, { origin });
    const { notification, autoReply } = inbox.templates;
    await expect
      .poll(async () =>
        (await inbox.messages()).map((sent) => [sent.template_id, sent.template_params.title, sent.origin]),
      )
      .toEqual([
        [notification, message.title, deviceOrigin],
        [autoReply, message.title, deviceOrigin],
      ]);
    await page.goto(`${origin}/inbox`);
    const received = page.locator(`li[data-template-id="${notification}"]`, { hasText: message.email });
    const template = await loadEmailTemplate('notification');
    const { subject } = renderEmail(template, { ...message, to_name: agency.name });
    await expect(received.getByRole('heading')).toHaveText(subject);
    // Taken for markup, the name would read without its tags, in bold.
    const body = received.locator('iframe').contentFrame().locator('body');
    await expect(body).toContainText(message.name);
    await expect(body.locator('b, i')).toHaveCount(0);
  });

  test('the inbox answers no host the dev server refuses, so a rebinding domain reads nothing', async ({ request }) => {
    const rebinding = { Host: `attacker.example:${DEV_PORT}` };
    for (const path of ['/', '/inbox/messages', '/inbox']) {
      const response = await request.get(`${origin}${path}`, { headers: rebinding });
      expect(response.status(), path).toBe(403);
      expect(await response.text(), path).not.toContain('template_params');
    }
    expect((await request.delete(`${origin}/inbox/messages`, { headers: rebinding })).status(), 'erase').toBe(403);
    expect((await request.get(`${origin}/inbox/messages`)).status()).toBe(200);
  });
});

// No page: what is tested is what the terminal shows.
plainTest.describe('a taken port', () => {
  for (const [command, args] of [
    ['npm start', ['local-inbox/cli.ts', 'start']],
    ['npm run dev', [astroCli, 'dev', '--host', '127.0.0.1']],
  ] as const) {
    plainTest(`stops \`${command}\` with that one line before it builds anything, and no stack trace`, async () => {
      const blocker = createServer();
      await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
      const { port } = blocker.address() as AddressInfo;
      // Astro loads its whole config before the integration can check the port: seconds on a busy machine.
      const result = spawnSync(process.execPath, [...args, '--port', String(port)], {
        encoding: 'utf-8',
        timeout: 60_000,
        env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
      });
      blocker.close();
      const taken = `Port ${port} is already in use. Stop what listens there, or pick another port: ${command} -- --port ${port + 1}`;
      expect([result.status, result.stderr.trim()]).toEqual([1, taken]);
      expect(result.stdout).not.toMatch(/build/i);
    });
  }
});
