import { devices } from '@playwright/test';
import { contactForm } from './contact-fixtures';
import { defaultLocale, expect, getTranslator, test } from './fixtures';
import { nextFrames } from './site-behaviour';
import { hydratedIsland } from './site-parts';

// What the landing page says, with every link's address, and what its head tells search engines (its
// JSON-LD included) are its snapshots (snapshots.spec.ts), and that
// each fragment it links to is there is pages.spec.ts's; the order of its sections and its width on a
// phone are e2e-journeys/'s (first-load.ts, every-route.ts). Here is the rest of what it does.

test.describe('without JavaScript', () => {
  // The built HTML as a visitor without JavaScript gets it, the islands as the server rendered them.
  // That every link in it leads where it says is pages.spec.ts's, which reads the pages so too.
  test.use({ javaScriptEnabled: false });

  // Its words in each language are the snapshots'; what the markup does is the same in every language.
  test('the landing page shows all its content, its screenshots as AVIF loaded when near, and a form that cannot be sent natively', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.locator('h1')).toBeVisible();
    await expect(page.locator('[data-team-member]')).toHaveCount(2);
    await expect(page.locator('[data-service]')).toHaveCount(6);
    const cards = page.locator('#projects [data-project]');
    await expect(cards).toHaveCount(6);
    for (const card of await cards.all()) {
      await expect(card.locator('picture source[type="image/avif"]')).toHaveCount(1);
      await expect(card.locator('img')).toHaveAttribute('loading', 'lazy');
      await expect(card.locator('img')).toHaveAttribute('src', /\/_astro\//);
    }
    // Until the form's code runs, nothing typed can end up in a URL.
    const { form, fields, submit } = contactForm(page, defaultLocale);
    await expect(form).toBeVisible();
    await expect(form).toHaveAttribute('method', 'post');
    await expect(submit).toBeDisabled();
    // It requires name, e-mail and subject, types the e-mail, and gives the project 4 rows.
    for (const field of [fields.name, fields.email, fields.title]) await expect(field).toHaveAttribute('required', '');
    await expect(fields.project).not.toHaveAttribute('required');
    await expect(fields.project).toHaveAttribute('rows', '4');
    await expect(fields.email).toHaveAttribute('type', 'email');
    // The asterisk a sighted visitor reads; screen readers hear "required" from the field itself.
    await expect(form.locator('label', { hasText: '*' })).toHaveCount(3);
  });
});

test.describe('on a phone', () => {
  // A touch screen without hover, in the browser the whole suite uses.
  const { defaultBrowserType: _browser, ...phone } = devices['Pixel 7'];
  test.use(phone);

  test('the menu opens, leads to a section and closes again', async ({ page }) => {
    const t = getTranslator(defaultLocale);
    await page.goto('/');
    const menu = page.locator('[data-mobile-menu]');
    await menu.locator('summary', { hasText: t('nav.menu') }).click();
    await expect(menu).toHaveAttribute('open', '');
    await menu.getByRole('link', { name: t('nav.services') }).click();
    await expect(page).toHaveURL('/#services');
    await expect(menu).not.toHaveAttribute('open');
    await expect(page.locator('#services')).toBeInViewport();
  });

  // A touch screen keeps the last tapped element :hover until the next tap elsewhere, so a hover
  // style would stay on a control the visitor has long let go of.
  test('a tap leaves no hover style behind: the theme toggle and a team photo look as before', async ({ page }) => {
    await page.goto('/');
    const toggle = page.locator('[data-theme-toggle]');
    const background = () => toggle.evaluate((node) => getComputedStyle(node).backgroundColor);
    const atRest = await background();
    await toggle.tap();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    expect(await background()).toBe(atRest);

    const photo = page.locator('[data-team-photo]').first();
    await photo.scrollIntoViewIfNeeded();
    const image = photo.locator('img');
    // A lingering hover shows as its transition still running or, once that has ended, as its scale.
    const scale = () =>
      image.evaluate((node) => ({
        transform: getComputedStyle(node).transform,
        moving: node.getAnimations().length > 0,
      }));
    const imageAtRest = await scale();
    await photo.tap();
    const dialog = page.locator('dialog[open]');
    await expect(dialog).toBeVisible();
    // Android's back gesture, which closes a dialog as Escape does, with no tap elsewhere.
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    expect(await scale()).toEqual(imageAtRest);
  });

  test('a finger that taps a project card or its link, or starts a scroll on it, fetches no video', async ({
    page,
  }) => {
    const videos: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/videos/')) videos.push(request.url());
    });
    await page.goto('/');
    const card = page.locator('#projects [data-has-video="true"]').first();
    await card.scrollIntoViewIfNeeded();
    await expect(card.locator(hydratedIsland('ProjectVideo'))).toBeAttached();
    const text = card.locator('p').first();
    await text.tap();
    const box = await text.boundingBox();
    if (!box) throw new Error('The card has no text on screen.');
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Input.synthesizeScrollGesture', {
      x: Math.round(box.x + 10),
      y: Math.round(box.y + box.height / 2),
      yDistance: -200,
      gestureSourceType: 'touch',
    });
    // A tap on the link focuses it, as the visitor leaves for the project's site in a new tab (held
    // back here: the tab would open a site on the internet).
    const link = card.getByRole('link');
    await link.evaluate((node) => node.addEventListener('click', (event) => event.preventDefault()));
    await link.tap();
    await expect(link).toBeFocused();
    // Two frames: time for the island to render a video, had a touch started one.
    await nextFrames(page);
    await expect(card.locator('video')).toHaveCount(0);
    expect(videos).toEqual([]);
    // The card still answers focus from a keyboard: its listeners were there all along.
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    await expect(link).toBeFocused();
    await expect(card.locator('video')).toHaveCount(1);
  });
});
