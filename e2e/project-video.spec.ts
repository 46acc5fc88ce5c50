import projects from '../src/content/projects.json' with { type: 'json' };
import { expect, holdBack, test, waitForIsland } from './fixtures';

const withVideo = projects.find((project) => project.video)!;
const withoutVideo = projects.find((project) => !project.video)!;

test.describe('project videos', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/');
  });

  test('load nothing until a card is hovered', async ({ page }) => {
    const videoRequests: string[] = [];
    page.on('request', (request) => request.url().includes('/videos/') && videoRequests.push(request.url()));
    await page.locator('#projects').scrollIntoViewIfNeeded();
    await waitForIsland(page, 'ProjectVideo');
    await page.waitForLoadState('networkidle');
    expect(videoRequests).toEqual([]);
    await expect(page.locator('#projects video')).toHaveCount(0);
  });

  test('play the muted loop while the pointer is on the card and pause when it leaves', async ({ page }) => {
    const card = page.locator(`[data-project="${withVideo.id}"]`);
    await card.scrollIntoViewIfNeeded();
    await waitForIsland(page, 'ProjectVideo');
    await card.hover();
    const video = card.locator('video');
    await expect(video).toHaveAttribute('data-playing', 'true');
    expect(await video.evaluate((element: HTMLVideoElement) => [element.muted, element.loop, element.paused])).toEqual([
      true,
      true,
      false,
    ]);
    await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime)).toBeGreaterThan(0);
    await expect(video).toHaveCSS('opacity', '1');

    await page.mouse.move(0, 0);
    await expect(video).not.toHaveAttribute('data-playing');
    expect(await video.evaluate((element: HTMLVideoElement) => element.paused)).toBe(true);
    await expect(video).toHaveCSS('opacity', '0');
    await expect(card.locator('img')).toBeVisible();
  });

  test('play for a pointer that reached the card before the card came to life', async ({ page }) => {
    // The island's code arrives late, as on a slow line: the pointer is on the card by then.
    const release = await holdBack(page, '**/_astro/ProjectVideo.*.js');
    const card = page.locator(`[data-project="${withVideo.id}"]`);
    const island = card.locator('astro-island[component-url*="ProjectVideo"]');
    await card.scrollIntoViewIfNeeded();
    await card.hover();
    await expect(island).toHaveAttribute('ssr', '');
    release();
    await expect(island).not.toHaveAttribute('ssr');
    await expect(card.locator('video')).toHaveAttribute('data-playing', 'true');
  });

  test('play while the card has keyboard focus', async ({ page }) => {
    const card = page.locator(`[data-project="${withVideo.id}"]`);
    await card.scrollIntoViewIfNeeded();
    await waitForIsland(page, 'ProjectVideo');
    await card.getByRole('link').focus();
    await expect(card.locator('video')).toHaveAttribute('data-playing', 'true');
    await card.getByRole('link').blur();
    await expect(card.locator('video')).not.toHaveAttribute('data-playing');
  });

  test('a card without a video keeps its picture and requests no video', async ({ page }) => {
    const videoRequests: string[] = [];
    page.on('request', (request) => request.url().includes('/videos/') && videoRequests.push(request.url()));
    const card = page.locator(`[data-project="${withoutVideo.id}"]`);
    await card.scrollIntoViewIfNeeded();
    await card.hover();
    await page.waitForTimeout(300);
    await expect(card.locator('video')).toHaveCount(0);
    await expect(card.locator('img')).toBeVisible();
    expect(videoRequests).toEqual([]);
  });
});

test.describe('project videos with reduced motion', () => {
  test.use({ reducedMotion: 'reduce' });

  test('stay still: the picture is shown and no video loads', async ({ page }) => {
    await page.goto('/');
    const card = page.locator(`[data-project="${withVideo.id}"]`);
    await card.scrollIntoViewIfNeeded();
    await waitForIsland(page, 'ProjectVideo');
    await card.hover();
    await page.waitForTimeout(300);
    await expect(card.locator('video')).toHaveCount(0);
  });
});
