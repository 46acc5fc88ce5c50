import { expect } from 'vitest';
import type { Tab } from '../browser';
import { darkAndStill, journey, open, t } from '../harness';
import { element, nextFrames, scrollToY, scrollY } from '../page';

/** docs/behaviour.md › Header and scroll-to-top: "more than" a threshold, so at it nothing changes yet. */
const scrollTop = '[data-scroll-to-top]';

/** At `y`, once the page has drawn what the scroll changes: whether the header is solid, and the button shows. */
async function at(tab: Tab, y: number) {
  await scrollToY(tab, y);
  await nextFrames(tab);
  const header = element(tab, '[data-site-header]');
  return { solid: (await header.attribute('data-scrolled')) !== null, button: await element(tab, scrollTop).visible() };
}

journey(
  'the header turns solid past 100 px, the scroll-to-top button shows past 300 px and leads back up',
  async (tab) => {
    await open(tab, '/');
    const background = () => element(tab, '[data-site-header]').style('background-color');
    const atTop = await background();
    expect(await at(tab, 0)).toEqual({ solid: false, button: false });
    for (const [y, state] of [
      [100, { solid: false, button: false }],
      [101, { solid: true, button: false }],
      [100, { solid: false, button: false }],
      [300, { solid: true, button: false }],
      [301, { solid: true, button: true }],
    ] as const) {
      await expect.poll(() => at(tab, y), { message: `at ${y} px` }).toEqual(state);
      if (y === 101) await expect.poll(background).not.toBe(atTop);
    }

    expect(await element(tab, scrollTop).attribute('aria-label')).toBe(t('scrollTop.label'));
    await scrollToY(tab, 2000);
    await tab.click(scrollTop);
    await expect.poll(() => scrollY(tab)).toBe(0);
    await expect.poll(() => element(tab, scrollTop).visible()).toBe(false);
    expect(await element(tab, '#main').focused()).toBe(true);
  },
);

journey(
  'with reduced motion, the way back up is instant',
  async (tab) => {
    await open(tab, '/');
    await scrollToY(tab, 2500);
    await tab.click(scrollTop);
    // No animation: the very next frame is already at the top.
    expect(
      await tab.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(window.scrollY)))),
    ).toBe(0);
  },
  { system: darkAndStill },
);
