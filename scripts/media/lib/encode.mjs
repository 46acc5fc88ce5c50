// @ts-check
import { spawnSync } from 'node:child_process';
import { statSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { MediaError } from './env.mjs';

/** @typedef {typeof import('../config.mjs').VIDEO} Video */

/** @param {string} framesDir @param {number} fps */
const COMMON_IN = (framesDir, fps) => [
  '-hide_banner',
  '-loglevel',
  'error',
  '-y',
  '-framerate',
  String(fps),
  '-i',
  path.join(framesDir, 'f%04d.png'),
];

const scale = (/** @type {number} */ w, /** @type {number} */ h) => `scale=${w}:${h}:flags=lanczos,format=yuv420p`;

const BITEXACT = ['-map_metadata', '-1', '-fflags', '+bitexact', '-flags:v', '+bitexact'];

/** @param {string} ffmpeg @param {string[]} args @param {string} label */
function run(ffmpeg, args, label) {
  const res = spawnSync(ffmpeg, args, { encoding: 'utf8' });
  if (res.status !== 0) {
    throw new MediaError(`ffmpeg failed while encoding ${label}:\n${res.stderr || String(res.error)}`);
  }
}

/**
 * VP9 WebM, constant-quality mode.
 * @param {string} framesDir @param {Video} v @param {number} crf @param {string} out
 */
function vp9Args(framesDir, v, crf, out) {
  return [
    ...COMMON_IN(framesDir, v.fps),
    '-vf',
    scale(v.width, v.height),
    '-c:v',
    'libvpx-vp9',
    '-b:v',
    '0',
    '-crf',
    String(crf),
    '-deadline',
    'good',
    '-cpu-used',
    '2',
    '-row-mt',
    '1',
    '-threads',
    '4',
    '-tile-columns',
    '1',
    '-auto-alt-ref',
    '1',
    '-lag-in-frames',
    '25',
    '-g',
    String(v.fps * v.seconds),
    '-pix_fmt',
    'yuv420p',
    '-an',
    ...BITEXACT,
    '-f',
    'webm',
    out,
  ];
}

/**
 * H.264 MP4, constant-quality mode, web-friendly.
 * @param {string} framesDir @param {Video} v @param {number} crf @param {string} out
 */
function x264Args(framesDir, v, crf, out) {
  return [
    ...COMMON_IN(framesDir, v.fps),
    '-vf',
    scale(v.width, v.height),
    '-c:v',
    'libx264',
    '-preset',
    'veryslow',
    '-tune',
    'animation',
    '-crf',
    String(crf),
    '-profile:v',
    'high',
    '-level',
    '4.0',
    '-threads',
    '4',
    '-g',
    String(v.fps * v.seconds),
    '-pix_fmt',
    'yuv420p',
    '-movflags',
    '+faststart',
    '-an',
    ...BITEXACT,
    '-f',
    'mp4',
    out,
  ];
}

const LADDERS = {
  webm: { args: vp9Args, crfs: [32, 34, 36, 38, 40, 42, 45, 48, 51, 54, 57, 60, 63] },
  mp4: { args: x264Args, crfs: [24, 25, 26, 27, 28, 29, 30, 31, 32, 34, 36, 38, 40, 44] },
};

/**
 * Encode frames to <outBase>.webm and <outBase>.mp4. For each codec the best
 * quality (lowest CRF) whose file fits below video.targetBytes is kept; the hard
 * limit video.maxBytes is always enforced.
 * @param {string} ffmpeg @param {string} framesDir @param {string} outBase @param {Video} video
 */
export function encodeVideo(ffmpeg, framesDir, outBase, video) {
  const results = [];
  for (const [ext, { args, crfs }] of Object.entries(LADDERS)) {
    const out = `${outBase}.${ext}`;
    const tmp = `${outBase}.tmp.${ext}`;
    /** @type {{ crf: number, size: number } | null} */
    let chosen = null;
    for (const crf of crfs) {
      run(ffmpeg, args(framesDir, video, crf, tmp), path.basename(out));
      const size = statSync(tmp).size;
      if (size <= video.targetBytes) {
        chosen = { crf, size };
        break;
      }
    }
    if (!chosen) {
      const size = statSync(tmp).size;
      if (size > video.maxBytes) {
        rmSync(tmp, { force: true });
        throw new MediaError(
          `${path.basename(out)} is ${size} bytes even at the highest CRF; limit is ${video.maxBytes}.`,
        );
      }
      chosen = { crf: crfs[crfs.length - 1], size };
    }
    renameSync(tmp, out);
    results.push({ file: out, ext, ...chosen });
  }
  return results;
}
