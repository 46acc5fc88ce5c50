import type { ProbeFrame } from '../journey-proxy';
import { DESKTOP, expect, expectNoOverflow, journey, open, PHONE, recordedFrames } from '../harness';

journey('at 390 and 1280 px, light and dark: the page, and its theme from the first frame', async (tab, { engine }) => {
  for (const size of [PHONE, DESKTOP]) {
    for (const stored of ['light', 'dark'] as const) {
      await open(tab, '/', { size });
      await tab.evaluate(
        (dark) => (dark ? localStorage.setItem('theme', 'dark') : localStorage.removeItem('theme')),
        stored === 'dark',
      );
      // Loaded anew with the stored choice in place, as on a visitor's second visit.
      await open(tab, '/', { size });

      // What it says, and in which order, is its snapshot's (e2e/snapshots.spec.ts): the same in every engine.
      await expectNoOverflow(tab, `${size.width} px, ${stored}`);

      // The theme is on the page from the first frame in which the parser reached <body>, to the last, now.
      const frames = (await recordedFrames(tab)).filter((frame) => frame.body);
      expect(frames.length).toBeGreaterThan(1);
      const background = frames.at(-1)?.background;
      expect(background).toBe(stored === 'dark' ? 'rgb(14, 17, 23)' : 'rgb(255, 255, 255)');
      const flashes = frames.filter((frame) => frame.dark !== (stored === 'dark') || frame.background !== background);
      expect(flashes).toEqual([]);

      await tab.screenshot(`test-results/engines/${engine.toLowerCase()}-home-${size.width}-${stored}.png`);
    }
  }
});

/**
 * A page as a slow line delivers it, in two parts: cut after the header's first control (the theme
 * toggle), or just after <main> opens, before the content that makes the page scroll.
 */
const slowLines = { 'half the header first': /<\/astro-island>/, 'the page up to <main> first': /<main\b[^>]*>/ };
/** Layout may round differently between frames; a shift is more than this. */
const SAME_BOX_TOLERANCE_PX = 0.5;

/** Where each tracked part of the page stood in a frame, against where it stands in the last one. */
function shifts(frames: ProbeFrame[]) {
  const final: Partial<ProbeFrame['boxes']> = frames[frames.length - 1]?.boxes ?? {};
  return frames.flatMap((frame) =>
    Object.entries(frame.boxes)
      .filter(([name, box]) =>
        final[name]?.some((value, index) => Math.abs(value - box[index]) > SAME_BOX_TOLERANCE_PX),
      )
      .map(([name, box]) => `${name} at ${frame.time} ms: ${box.join(',')}, finally ${String(final[name])}`),
  );
}

journey(
  'nothing shifts while a page arrives in parts, although rel=expect holds only Chromium’s first paint',
  async (tab, { proxy }) => {
    for (const size of [PHONE, DESKTOP]) {
      for (const [line, slowly] of Object.entries(slowLines)) {
        await open(tab, '/', { size });
        proxy.slowPages = slowly;
        await open(tab, '/', { size });
        proxy.slowPages = null;
        // Every part of the header, and the heading, from the first frame in which it is visible:
        // where it finally stands.
        expect(shifts(await recordedFrames(tab)), `${size.width} px, ${line}`).toEqual([]);
      }
    }
  },
);
