import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { SEND_TIMEOUT_MS } from '../src/lib/contact/delivery';
import { fieldMaxLength } from '../src/lib/contact/message';
import { STATUS_RESET_MS } from '../src/lib/contact/form';
import { contactForm, sendFailureErrors } from './contact-fixtures';
import { allRoutes, expect, localizedPath, reachFor, test, type Locale } from './fixtures';
import { inboxFor } from './inbox-client';
import { headerIslands, readToTheEnd } from './site-parts';

// The site as a visitor reads it: every page, read to its end, and the states of the landing page.

/** Any path the site does not have is answered with the 404 page; this one stands for all of them. */
const NOT_FOUND = '/gibt-es-nicht/';

/** Every page a visitor can land on: each route in each language, and the 404 page. */
export const everyPage = [...allRoutes.map((route) => route.url), NOT_FOUND];

/** Declares `tests` once for each of `everyPage`, letting only the 404 page log its own 404. */
export function forEveryPage(tests: (url: string) => void) {
  for (const url of everyPage) {
    test.describe(() => {
      // Chromium logs a 404 answer as a console error: the 404 page's own is expected, any other fails.
      test.use({ expectedConsoleErrors: url === NOT_FOUND ? /status of 404 \(Not Found\)/ : null });
      tests(url);
    });
  }
}

/**
 * What the page logs on the walk: each failed send (the form's report, Chromium's line for the
 * request) and the form's code that could not be loaded.
 */
export const landingStateErrors = new RegExp(`${sendFailureErrors.source}|Error hydrating .*ContactForm`);

/**
 * Walks the landing page through the states a visitor reads beyond its first view, calling `look` in
 * each with the part of the page it concerns: each member's team dialog (`team-dialog-<id>`); the contact
 * form with each field error, after a failed send, after a send, while a send gets no answer and once
 * it has given up, after a send whose confirmation failed, after the page was left mid-send, and the
 * page whose form's code could not be loaded (docs/behaviour.md › Contact form, Error catalogue).
 * The inbox's failures are scoped to `email`.
 */
export async function walkLandingStates(
  page: Page,
  request: APIRequestContext,
  locale: Locale,
  email: string,
  look: (state: string, root: Locator) => Promise<void>,
) {
  // A clock of the test's own, which runs as time does until the walk skips the form's 5 s reset,
  // the throttle's 5 s and a send's 20 s.
  await page.clock.install();
  await page.goto(`${localizedPath('/', locale)}#about`);
  for (const member of await page.locator('[data-team-member]').all()) {
    await member.getByRole('button').click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await look(`team-dialog-${(await member.getAttribute('data-team-member')) ?? ''}`, page.getByRole('dialog'));
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  }

  const form = contactForm(page, locale);
  const inbox = inboxFor(request, email, { locale });
  const message = { name: 'Erika Mustermann', email, title: 'Neue Website', project: 'Eine Speisekarte online.' };
  const refused = async (state: string) => {
    await form.submit.click();
    await expect(form.fields.name).toBeFocused();
    await look(state, form.form);
  };
  await form.open();
  await form.fields.email.fill('erika@example');
  await refused('contact-field-errors');
  await form.setByScript('name', 'E'.repeat(fieldMaxLength.name + 1));
  await form.fields.email.fill('');
  await refused('contact-missing-too-long');
  await form.fields.email.fill('not-an-email');
  await refused('contact-malformed');
  // The failure first: a delivered message holds the next send back for 5 s (docs/behaviour.md ›
  // Contact form), which would answer in the inbox's place.
  await inbox.failNext({ status: 500, text: 'Internal Server Error' });
  await form.fill(message);
  await form.submit.click();
  await expect(form.error).not.toBeEmpty();
  await look('contact-error', form.form);
  await form.submit.click();
  await expect(form.success).not.toBeEmpty();
  // Success shows while the confirmation is still on its way: the state settles once it is sent.
  await expect(form.submit).toBeEnabled();
  await look('contact-success', form.form);
  // Each send after a delivered one waits for the status to go back to idle, 5 s after the send
  // ended, and the throttle's hold with it.
  const nextSend = async () => {
    await page.clock.fastForward(STATUS_RESET_MS);
    await expect(form.success).toBeEmpty();
    await expect(form.error).toBeEmpty();
    await form.fill(message);
  };
  await nextSend();
  await inbox.failNext({ status: 'hang' });
  await form.submit.click();
  await expect(form.fields.name).toHaveAttribute('readonly', '');
  await look('contact-sending', form.form);
  // A long look (an accessibility check) may outlast the 20 s, and the error's 5 s after them; the
  // notice stays.
  await page.clock.fastForward(SEND_TIMEOUT_MS);
  await expect(form.notice).not.toBeEmpty();
  await look('contact-no-answer', form.form);
  await inbox.failNext({ status: 400, text: 'The template ID is invalid' }, 'autoReply');
  await form.submit.click();
  await expect(form.fields.name).toHaveValue('');
  await expect(form.submit).toBeEnabled();
  await expect(form.error).not.toBeEmpty();
  await look('contact-delivered', form.form);
  await nextSend();
  await inbox.failNext({ status: 'hang' });
  await form.submit.click();
  await expect(form.fields.name).toHaveAttribute('readonly', '');
  // The page asks before it is left mid-send; the visitor leaves all the same.
  page.once('dialog', (question) => void question.accept());
  await page.evaluate(() => location.reload());
  await form.hydratedAgain();
  await expect(form.notice).not.toBeEmpty();
  await look('contact-interrupted', form.form);
  // Astro tries twice to load an island's code, then gives up.
  await page.route('**/_astro/ContactForm.*.js*', (route) => route.abort());
  await page.reload();
  const unavailable = page.locator('[data-contact-unavailable]');
  await expect(unavailable).toBeVisible();
  await look('contact-unavailable', unavailable);
}

/** Until the page has drawn the frame after this one: whatever changed now is on screen. */
export const nextFrames = (page: Page) =>
  page.evaluate(() => new Promise((drawn) => requestAnimationFrame(() => requestAnimationFrame(drawn))));

/**
 * Reads a page top to bottom, so every lazy image and every island that waits to be seen wakes up,
 * and reaches for the header's toggles, which wake only then.
 */
export async function readThrough(page: Page, url: string) {
  await page.goto(url);
  await page.evaluate(readToTheEnd);
  for (const island of headerIslands) await reachFor(page, island);
  await page.waitForLoadState('networkidle');
}

/**
 * DESIGN.md › Navigation: every page stays eligible for the back/forward cache. An `unload`
 * listener costs it in Firefox and in Chromium on desktop; a `beforeunload` listener is allowed
 * only while a send runs, when leaving would lose the confirmation (docs/behaviour.md › Contact
 * form). The window's listeners for leaving the page as the browser's developer tools list them,
 * whoever added them, `onunload` and `onbeforeunload` included. The journeys
 * (e2e-journeys/journeys/every-route.ts) watch every page come back from the cache.
 */
export async function leaveListeners(page: Page) {
  const devtools = await page.context().newCDPSession(page);
  const { result } = await devtools.send('Runtime.evaluate', { expression: 'window' });
  const { listeners } = await devtools.send('DOMDebugger.getEventListeners', { objectId: result.objectId ?? '' });
  await devtools.detach();
  return listeners.map(({ type }) => type).filter((type) => type === 'unload' || type === 'beforeunload');
}
