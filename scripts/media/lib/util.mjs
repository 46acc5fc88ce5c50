// @ts-check
import { statSync } from 'node:fs';
import path from 'node:path';

/** @param {number} n */
export function fmtBytes(n) {
  if (n >= 1024 * 1024) return `${(n / 1024 / 1024).toFixed(2)} MB`;
  return `${(n / 1024).toFixed(1)} KB`;
}

/** @type {{ file: string, size: number }[]} */
const written = [];

/**
 * Record (and print) a written file.
 * @param {string} root
 * @param {string} file
 */
export function report(root, file, note = '') {
  const size = statSync(file).size;
  written.push({ file: path.relative(root, file), size });
  console.log(
    `  wrote ${path.relative(root, file).padEnd(38)} ${fmtBytes(size).padStart(10)}${note ? '  ' + note : ''}`,
  );
  return size;
}

export function summary() {
  const total = written.reduce((s, w) => s + w.size, 0);
  return { count: written.length, total };
}

/** Smootherstep-like ease (sine in/out): gentle start and stop, like a trackpad scroll. */
export const easeInOut = (/** @type {number} */ t) => 0.5 - 0.5 * Math.cos(Math.PI * Math.min(1, Math.max(0, t)));
