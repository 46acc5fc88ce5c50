// @ts-check
// Central list of everything make-media.mjs produces.
// Paths are relative to the project root.

import projects from '../../src/content/projects.json' with { type: 'json' };
import team from '../../src/content/team.json' with { type: 'json' };

/**
 * Mock client websites (scripts/media/sites/<id>.html), one per project of the site's content;
 * a project with a `video` field gets a clip.
 */
export const SITES = projects.map(({ id, title, video }) => ({ id, title, video: Boolean(video) }));

/** Illustrated team portraits (scripts/media/team/<id>.svg), one per team member. */
export const TEAM = team.map(({ id, name }) => ({ id, name }));

export const OUT = {
  projects: 'src/assets/projects',
  team: 'src/assets/team',
  videos: 'public/videos',
};

/** Project screenshot: 1280x800 CSS px at DPR 1.25 -> 1600x1000 PNG. */
export const SHOT = { width: 1280, height: 800, deviceScaleFactor: 1.25 };

/** Portrait: 800x800 PNG. */
export const PORTRAIT = { size: 800 };

/**
 * Scroll video. Frames are captured at the same 1280x800 CSS viewport as the
 * screenshot (so frame 0 has exactly the poster's composition) and scaled
 * down to 960x600 by ffmpeg.
 */
export const VIDEO = {
  width: 960,
  height: 600,
  fps: 24,
  seconds: 6,
  // Timeline in seconds: hold at top, scroll down, hold, scroll up, hold.
  // Starts and ends at scrollY = 0 so the clip loops seamlessly.
  timeline: { holdStart: 0.55, down: 2.3, holdMid: 0.5, up: 2.15 },
  // How far to scroll, in viewport heights (clamped to the page's max scroll).
  scrollViewports: 2.0,
  maxBytes: 400 * 1024, // hard limit per file
  targetBytes: 300 * 1024, // encoder is re-tuned until the file is below this
};
