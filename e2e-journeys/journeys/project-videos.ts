import { setTimeout as sleep } from 'node:timers/promises';
import projects from '../../src/content/projects.json' with { type: 'json' };
import { beforeHydration, expect, hydrated, journey, NOTHING_HAPPENS_MS, open, type Run, type Tab } from '../harness';

/** docs/behaviour.md › Projects: one card with a clip, one without. */
const [card, stillCard] = [true, false].map((clip) => {
  const [project] = projects.filter((each) => !!each.video === clip);
  return `[data-project="${project.id}"]`;
}) as [string, string];
/** An engine's media pipeline can take its time to start on a busy machine. */
const VIDEO_START_TIMEOUT_MS = 30_000;

/** A card's clip as a visitor sees it (null: no video element), and whether its picture shows. */
const clipOf = (tab: Tab, selector: string) =>
  tab.evaluate((cardSelector) => {
    const video = document.querySelector<HTMLVideoElement>(`${cardSelector} video`);
    const picture = document.querySelector(`${cardSelector} img`)?.getBoundingClientRect();
    const state = video && {
      playing: video.getAttribute('data-playing'),
      muted: video.muted,
      loop: video.loop,
      paused: video.paused,
      started: video.currentTime > 0,
      opacity: getComputedStyle(video).opacity,
    };
    return { video: state, picture: !!picture && picture.width > 0 && picture.height > 0 };
  }, selector);
const playing = { playing: 'true', muted: true, loop: true, paused: false, started: true, opacity: '1' };
const stopped = { playing: null, paused: true, opacity: '0' };
const noClip = { video: null, picture: true };
/** Opens the projects and waits for the cards to come to life; returns what tells the clips fetched since. */
async function openProjects(tab: Tab, proxy: Run['proxy']) {
  const first = proxy.responses.length;
  await open(tab, '/#projects');
  await hydrated(tab, 'ProjectVideo');
  return () => proxy.responses.slice(first).filter((response) => response.path.startsWith('/videos/'));
}

journey(
  'no video before a hover; on hover the muted loop plays, from a server that answers ranges; leaving stops it',
  async (tab, { proxy }) => {
    const clips = await openProjects(tab, proxy);
    // A card without a clip keeps its picture; nothing so far has fetched a video.
    await tab.hover(stillCard);
    await sleep(NOTHING_HAPPENS_MS);
    expect([await clipOf(tab, card), await clipOf(tab, stillCard)]).toEqual([noClip, noClip]);
    expect(clips()).toEqual([]);

    await tab.hover(card);
    await expect.poll(() => clipOf(tab, card), { timeout: VIDEO_START_TIMEOUT_MS }).toMatchObject({ video: playing });
    // Safari plays an MP4 only from a server that answers a Range request with its part (206).
    // Firefox asks for ranges as it plays; WebKitGTK's player asks for the whole file. The answer to
    // the two-byte probe Safari on a Mac sends first is site-server.test.ts's (and nginx.test.ts's).
    expect(clips().length, 'the clip was loaded').toBeGreaterThan(0);
    for (const { path, range = '', status, contentRange } of clips().filter((response) => response.range)) {
      expect([status, contentRange], `${path} asked for ${range}`).toEqual([
        206,
        expect.stringMatching(/^bytes \d+-\d+\/\d+$/),
      ]);
    }

    await tab.pointer(0, 0);
    await expect.poll(() => clipOf(tab, card)).toMatchObject({ video: stopped, picture: true });
    // Keyboard focus on the card plays it too: Tab onto its link from the control before it. Focus
    // leaving stops it.
    await tab.evaluate((selector) => {
      const controls = [...document.querySelectorAll<HTMLElement>('a[href], button')].filter((control) =>
        control.checkVisibility(),
      );
      const link = document.querySelector<HTMLElement>(`${selector} a`);
      if (!link) throw new Error(`No link in ${selector}`);
      controls[controls.indexOf(link) - 1]?.focus({ preventScroll: true });
    }, card);
    await tab.press('Tab');
    await expect.poll(() => clipOf(tab, card)).toMatchObject({ video: { playing: 'true', paused: false } });
    await tab.evaluate(() => (document.activeElement as HTMLElement).blur());
    await expect.poll(() => clipOf(tab, card)).toMatchObject({ video: stopped });
  },
);

journey('a pointer that reached the card before the card came to life still starts its video', async (tab) => {
  await beforeHydration(tab, 'ProjectVideo', () => tab.hover(card));
  await expect.poll(() => clipOf(tab, card), { timeout: VIDEO_START_TIMEOUT_MS }).toMatchObject({ video: playing });
});

journey(
  'with reduced motion the still image stays and no video loads',
  async (tab, { proxy }) => {
    const clips = await openProjects(tab, proxy);
    expect(await tab.evaluate(() => matchMedia('(prefers-reduced-motion: reduce)').matches)).toBe(true);
    await tab.hover(card);
    await sleep(NOTHING_HAPPENS_MS);
    expect(await clipOf(tab, card)).toEqual(noClip);
    expect(clips()).toEqual([]);
  },
  { darkAndStill: true },
);
