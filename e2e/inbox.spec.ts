import { localInboxEnv } from './inbox/local-env.mjs';
import { uniqueEmail } from './inbox/client';
import { expect, test } from './fixtures';
import { E2E_PORT } from '../playwright.config';

const env = localInboxEnv(E2E_PORT);
const send = (templateId: string, params: Record<string, unknown>) => ({
  lib_version: '4.4.1',
  user_id: env.PUBLIC_EMAILJS_PUBLIC_KEY,
  service_id: env.PUBLIC_EMAILJS_SERVICE_ID,
  template_id: templateId,
  template_params: params,
});

test.describe('the local inbox (EmailJS stand-in)', () => {
  test('refuses a malformed send the way the real API does, with a clear reason', async ({ request }) => {
    const cases: [unknown, string][] = [
      [{ ...send('t', {}), user_id: '' }, 'The user_id parameter is required'],
      [{ ...send('t', {}), service_id: undefined }, 'The service_id parameter is required'],
      [{ ...send('', {}) }, 'The template_id parameter is required'],
      [{ ...send('t', {}), template_params: ['a'] }, 'The template_params parameter has to be an object'],
    ];
    for (const [data, reason] of cases) {
      const response = await request.post('/api/v1.0/email/send', { data });
      expect(response.status()).toBe(400);
      expect(await response.text()).toBe(reason);
    }
    const notJson = await request.post('/api/v1.0/email/send', {
      data: 'nope',
      headers: { 'Content-Type': 'text/plain' },
    });
    expect(notJson.status()).toBe(400);
  });

  test('answers the CORS preflight for any origin', async ({ request }) => {
    const response = await request.fetch('/api/v1.0/email/send', {
      method: 'OPTIONS',
      headers: { Origin: 'http://localhost:4321', 'Access-Control-Request-Headers': 'content-type' },
    });
    expect(response.status()).toBe(204);
    expect(response.headers()['access-control-allow-origin']).toBe('*');
    expect(response.headers()['access-control-allow-headers']).toMatch(/content-type/i);
  });

  test('keeps what it receives and lists it newest first on the inbox page', async ({ request, page }) => {
    const email = uniqueEmail('inbox-page');
    for (const title of ['Erste Nachricht', 'Zweite Nachricht']) {
      const response = await request.post('/api/v1.0/email/send', { data: send('template_x', { email, title }) });
      expect(response.status()).toBe(200);
      expect(await response.text()).toBe('OK');
    }
    await page.goto('/inbox');
    const titles = await page.locator('li', { hasText: email }).locator('td').allTextContents();
    expect(titles.filter((text) => text.endsWith('Nachricht'))).toEqual(['Zweite Nachricht', 'Erste Nachricht']);
  });
});
