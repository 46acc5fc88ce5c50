import { OFFSCREEN_PARTS, SKIPPABLE_ATTRIBUTE } from '../../src/lib/offscreen';
import {
  darkAndStill,
  DESKTOP,
  expect,
  journey,
  nextFrames,
  open,
  PHONE,
  scrollToY,
  scrollY,
  t,
  type Tab,
} from '../harness';

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
      label: button.getAttribute('aria-label'),
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
    expect(atTop).toMatchObject({ solid: false, button: false, label: t('scrollTop.label') });
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
    // Far enough for the hero to be skipped (lib/offscreen.ts): back at the top, it is drawn again.
    await expect.poll(() => hero(tab)).toMatchObject({ skippable: true });
    await tab.click(scrollTop);
    await expect.poll(() => scrollY(tab)).toBe(0);
    await expect.poll(() => state(tab)).toMatchObject({ button: false, focus: 'main' });
    await expect.poll(() => hero(tab), { message: 'the hero, back at the top' }).toMatchObject({ drawn: true });
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
  { system: darkAndStill },
);

/** Where each part the browser may skip off screen (lib/offscreen.ts) starts and how tall it is, and the page's height. */
const offscreenParts = (tab: Tab) =>
  tab.evaluate(
    (parts) => ({
      parts: [...document.querySelectorAll(parts)].map((part) => {
        const box = part.getBoundingClientRect();
        return [part.id || part.localName, Math.round(box.top + window.scrollY), Math.round(box.height)];
      }),
      height: document.documentElement.scrollHeight,
    }),
    OFFSCREEN_PARTS,
  );

/** Whether the contact section, far below the top of the page, may be skipped. */
const contactSkippable = (tab: Tab) =>
  tab.evaluate((mark) => document.querySelector('#contact')?.hasAttribute(mark), SKIPPABLE_ATTRIBUTE);

/**
 * The landing page's sections that end more than three screens above the window's top, and whether
 * each is drawn: none should be, whatever an engine's margin for `content-visibility: auto`
 * (Chromium's is a screen and a half: kViewportMarginPercentage, display_lock_document_state.h).
 */
const farAbove = (tab: Tab) =>
  tab.evaluate(() =>
    [...document.querySelectorAll('main > section')]
      .filter((section) => section.getBoundingClientRect().bottom < -3 * innerHeight)
      .map((section) => ({
        section: section.id || section.getAttribute('aria-labelledby'),
        drawn: !!section.querySelector('h1, h2')?.checkVisibility({ contentVisibilityAuto: true }),
      })),
  );

/** Whether the hero's content may be skipped off screen, and whether its heading is drawn. */
const hero = (tab: Tab) =>
  tab.evaluate(
    (mark) => ({
      skippable: !!document.querySelector('#hero-title')?.closest(`[${mark}]`),
      drawn: !!document.querySelector('#hero-title')?.checkVisibility({ contentVisibilityAuto: true }),
    }),
    SKIPPABLE_ATTRIBUTE,
  );

/** Whether the contact form is drawn, or skipped with its section. */
const contactFormDrawn = (tab: Tab) =>
  tab.evaluate(() => document.querySelector('#contact form')?.checkVisibility({ contentVisibilityAuto: true }));

journey(
  'off screen, the sections are not drawn, yet keep their place: the page is as tall, and a jump lands on its section, also after the window changes width',
  async (tab) => {
    for (const [size, resized] of [
      [PHONE, DESKTOP],
      [DESKTOP, PHONE],
    ] as const) {
      await open(tab, '/', { size });
      await expect.poll(() => contactSkippable(tab), { message: `skippable at ${size.width} px` }).toBe(true);
      // The engine skips or draws a part from its next frame on.
      await expect
        .poll(() => contactFormDrawn(tab), { message: 'the contact form, far below the top, drawn' })
        .toBe(false);
      const whileSkipped = await offscreenParts(tab);
      await tab.evaluate(
        (parts, mark) => {
          for (const part of document.querySelectorAll(parts)) part.removeAttribute(mark);
        },
        OFFSCREEN_PARTS,
        SKIPPABLE_ATTRIBUTE,
      );
      await expect
        .poll(() => contactFormDrawn(tab), { message: 'the contact form drawn, once every part is' })
        .toBe(true);
      expect(await offscreenParts(tab), `at ${size.width} px, every part drawn`).toEqual(whileSkipped);

      // Sized at one width, skipped parts must not keep that size at the next.
      await open(tab, '/', { size });
      await expect.poll(() => contactSkippable(tab)).toBe(true);
      await tab.setViewport(resized.width, resized.height);
      await expect.poll(() => tab.evaluate(() => innerWidth)).toBe(resized.width);
      // The resize event comes with the next frame.
      await nextFrames(tab);
      await expect.poll(() => contactSkippable(tab), { message: `skippable again at ${resized.width} px` }).toBe(true);
      await tab.click('[data-hero-cta]');
      await expect
        .poll(
          () => tab.evaluate(() => Math.round(document.querySelector('#contact')?.getBoundingClientRect().top ?? 0)),
          { message: `from ${size.width} to ${resized.width} px, the jump to the contact section` },
        )
        // Below the sticky header: global.css, scroll-margin-top 5.5rem.
        .toBe(88);
      // A theme change down there restyles only what is near, the hero not included.
      await expect
        .poll(async () => (await farAbove(tab)).filter(({ drawn }) => drawn).map(({ section }) => section), {
          message: `at ${resized.width} px, sections far above the contact form drawn`,
        })
        .toEqual([]);
      expect((await farAbove(tab)).map(({ section }) => section)).toContain('hero-title');
    }
  },
);
