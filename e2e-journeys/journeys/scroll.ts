import { expect, journey, nextFrames, open, scrollToY, scrollY, type Tab } from '../harness';

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
      headerAnimations: header.getAnimations().length,
      button: button.checkVisibility({ visibilityProperty: true }) && button.getBoundingClientRect().width > 0,
      focus: document.activeElement?.id,
    };
  });

interface ButtonChange {
  shown: boolean;
  /** The properties it starts transitions of, sorted, space-separated. */
  transitions: string;
  /** When the last of them ends. */
  endsAfterMs: number;
}

/**
 * Records, in the moment the scroll-to-top button is told to show or hide, what it starts: the one
 * moment its transitions can be read without racing them.
 */
const watchButton = (tab: Tab) =>
  tab.evaluate(() => {
    const button = document.querySelector('[data-scroll-to-top]');
    if (!button) throw new Error('No scroll-to-top button');
    const changes: ButtonChange[] = [];
    Object.assign(window, { buttonChanges: changes });
    new MutationObserver(() => {
      const started = button.getAnimations() as CSSTransition[];
      changes.push({
        shown: button.hasAttribute('data-visible'),
        transitions: started
          .map((transition) => transition.transitionProperty)
          .sort()
          .join(' '),
        endsAfterMs: Math.max(
          0,
          ...started.map((transition) => Number(transition.effect?.getComputedTiming().endTime)),
        ),
      });
    }).observe(button, { attributes: true, attributeFilter: ['data-visible'] });
  });

const buttonChanges = (tab: Tab) =>
  tab.evaluate(() => (window as unknown as { buttonChanges: ButtonChange[] }).buttonChanges);

journey(
  'the header turns solid past 100 px, the scroll-to-top button shows past 300 px and leads back up',
  async (tab) => {
    await open(tab, '/');
    const atTop = await state(tab);
    expect(atTop).toMatchObject({ solid: false, button: false });
    await watchButton(tab);
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
      // At once, in the frame that turns it solid: a fade of its colours and shadow would be drawn
      // again on the main thread in every frame while the visitor scrolls on, and a tap then waits.
      const header = await state(tab);
      expect(header.headerAnimations, `header animations at ${y} px`).toBe(0);
      if (solid) expect(header.background, `background at ${y} px`).not.toBe(atTop.background);
    }
    // A fade on the compositor alone: its visibility switched at once, not in a transition that the
    // main thread serves in every frame.
    expect((await buttonChanges(tab)).find(({ shown }) => shown)?.transitions).toBe('opacity transform');
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
    await watchButton(tab);
    await scrollToY(tab, 2500);
    await tab.click(scrollTop);
    // No animation: the very next frame is already at the top.
    expect(
      await tab.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(window.scrollY)))),
    ).toBe(0);
    // And the button goes at once, without waiting out the fade it would otherwise have.
    await expect.poll(async () => (await buttonChanges(tab)).find(({ shown }) => !shown)).toBeDefined();
    expect((await buttonChanges(tab)).find(({ shown }) => !shown)?.endsAfterMs).toBeLessThan(1);
  },
  { darkAndStill: true },
);
