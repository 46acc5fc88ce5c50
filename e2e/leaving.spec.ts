import { allRoutes, expect, test as siteTest } from './fixtures';
import { test as contactTest } from './contact-fixtures';
import { readToTheEnd } from './site-parts';

/**
 * DESIGN.md › Navigation: every page stays eligible for the back/forward cache. An `unload`
 * listener costs it in Firefox and in Chromium on desktop; a `beforeunload` listener is allowed
 * only while a send runs, when leaving would lose the confirmation (docs/behaviour.md › Contact
 * form). The journeys (e2e-journeys/journeys/every-route.ts) watch every page come back from the
 * cache; here, what each page listens for on leaving, whoever adds it.
 */

/** Counts the window's listeners for leaving the page, from before the page's first script. */
const countLeaveListeners = () => {
  const counts = { unload: 0, beforeunload: 0, handlerProperties: 0 };
  (window as unknown as { __leaveListeners: typeof counts }).__leaveListeners = counts;
  // Bare `addEventListener(…)` in a script finds the window's own property first, as `window.…` does.
  const add = window.addEventListener.bind(window);
  const remove = window.removeEventListener.bind(window);
  const counted = (type: string): type is 'unload' | 'beforeunload' => type === 'unload' || type === 'beforeunload';
  window.addEventListener = (...args: Parameters<typeof add>) => {
    if (counted(args[0])) counts[args[0]]++;
    add(...args);
  };
  window.removeEventListener = (...args: Parameters<typeof remove>) => {
    if (counted(args[0])) counts[args[0]]--;
    remove(...args);
  };
  for (const property of ['onunload', 'onbeforeunload'] as const) {
    Object.defineProperty(window, property, {
      set: () => counts.handlerProperties++,
      get: () => null,
    });
  }
};
const leaveListeners = () =>
  (window as unknown as { __leaveListeners: { unload: number; beforeunload: number } }).__leaveListeners;

siteTest('no page listens for unload or beforeunload, read to its end with every island awake', async ({ page }) => {
  // Every page of every language, one after another.
  siteTest.slow();
  await page.addInitScript(countLeaveListeners);
  for (const { url } of allRoutes) {
    await page.goto(url);
    // The header's islands hydrate when reached for; the rest as they come into view.
    await page.locator('[data-theme-toggle]').hover();
    await page.locator('[data-language-link]').first().hover();
    await page.evaluate(readToTheEnd);
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(leaveListeners), url).toEqual({ unload: 0, beforeunload: 0, handlerProperties: 0 });
  }
});

contactTest('the contact form asks before leaving only while it sends', async ({ page, form, t }) => {
  await page.addInitScript(countLeaveListeners);
  await page.reload();
  await form.hydratedAgain();
  const release = await form.holdSend();
  await form.submit.click();
  await expect(form.submit).toBeDisabled();
  expect(await page.evaluate(leaveListeners)).toMatchObject({ unload: 0, beforeunload: 1 });
  release();
  await expect(form.success).toHaveText(t.success);
  await expect(form.submit).toBeEnabled();
  expect(await page.evaluate(leaveListeners)).toMatchObject({ unload: 0, beforeunload: 0 });
});
