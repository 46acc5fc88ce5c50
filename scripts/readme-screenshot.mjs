#!/usr/bin/env node
// @ts-check
/**
 * Remakes docs/screenshot.png for the README: the landing page's first screen in light and dark,
 * side by side. Run `npm start` (or any local build on port 4321) first.
 */
import { mkdir } from 'node:fs/promises';
import { chromium } from '@playwright/test';
import { existsSync } from 'node:fs';

const url = process.argv[2] ?? 'http://localhost:4321/';
const executablePath = existsSync(chromium.executablePath())
  ? undefined
  : (process.env.CHROMIUM_PATH ?? '/usr/bin/chromium');
const browser = await chromium.launch({ executablePath, args: ['--disable-background-networking', '--no-first-run'] });

/** @param {'light' | 'dark'} colorScheme */
async function shot(colorScheme) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, colorScheme });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.evaluate(() => document.fonts.ready);
  const image = await page.screenshot();
  await page.close();
  return `data:image/png;base64,${image.toString('base64')}`;
}

const [light, dark] = [await shot('light'), await shot('dark')];
const sheet = await browser.newPage({ viewport: { width: 1600, height: 520 } });
await sheet.setContent(`<body style="margin:0;background:#e6eaef;display:flex;gap:24px;padding:24px;box-sizing:border-box">
  <img src="${light}" style="width:764px;border-radius:12px;box-shadow:0 8px 30px rgba(0,0,0,.15)">
  <img src="${dark}" style="width:764px;border-radius:12px;box-shadow:0 8px 30px rgba(0,0,0,.15)"></body>`);
await mkdir('docs', { recursive: true });
await sheet.screenshot({ path: 'docs/screenshot.png' });
await browser.close();
console.log('Wrote docs/screenshot.png');
