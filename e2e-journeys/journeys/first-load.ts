import { DESKTOP, expect, expectNoOverflow, journey, open, PHONE, recordedFrames, theme } from '../harness';

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
      expect((await theme(tab)).dark).toBe(stored === 'dark');
      await expectNoOverflow(tab, `${size.width} px, ${stored}`);

      // The theme is on the page from the first frame in which the parser reached <body>.
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
