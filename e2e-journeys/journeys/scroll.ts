import { darkAndStill, expect, journey, nextFrames, open, scrollToY, scrollY, t, type Tab } from '../harness';

/** docs/behaviour.md › Header and scroll-to-top: "more than" a threshold, so at it nothing changes yet. */
const scrollTop = '[data-scroll-to-top]';

/** The header and the scroll-to-top button as drawn, and where focus is. */
const state = (tab: Tab) =>
  tab.evaluate(() => {
    const header = document.querySelector('[data-site-header]');
    const button = document.querySelector('[data-scroll-to-top]');
    if (!header || !button) throw new Error('No header, or no scroll-to-top button');
    return {
      solid: header.hasAttribute('data-scrolled'),
      background: getComputedStyle(header).backgroundColor,
      button: button.checkVisibility({ visibilityProperty: true }) && button.getBoundingClientRect().width > 0,
      label: button.getAttribute('aria-label'),
      focus: document.activeElement?.id,
    };
  });

journey(
  'the header turns solid past 100 px, the scroll-to-top button shows past 300 px and leads back up',
  async (tab) => {
    await open(tab, '/');
    const atTop = await state(tab);
    expect(atTop).toMatchObject({ solid: false, button: false, label: t('scrollTop.label') });
    for (const [y, solid, button] of [
      [100, false, false],
      [101, true, false],
      [100, false, false],
      [300, true, false],
      [301, true, true],
    ] as const) {
      await scrollToY(tab, y);
      await nextFrames(tab);
      await expect.poll(() => state(tab), { message: `at ${y} px` }).toMatchObject({ solid, button });
      // The background fades in over the header's transition: the first frame may still be clear.
      if (solid) await expect.poll(async () => (await state(tab)).background).not.toBe(atTop.background);
    }
    await scrollToY(tab, 2000);
    await tab.click(scrollTop);
    await expect.poll(() => scrollY(tab)).toBe(0);
    await expect.poll(() => state(tab)).toMatchObject({ button: false, focus: 'main' });
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
