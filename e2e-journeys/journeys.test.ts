import { runJourneys } from './harness';
import { launchPuppeteer } from './puppeteer';
import { launchWebKit } from './webkit';

/** Every journey of journeys/ in each engine, one engine after the other. */
await runJourneys(import.meta.glob('./journeys/*.ts'), {
  Chromium: ({ executable }) => launchPuppeteer('Chromium', executable),
  Firefox: ({ executable }) => launchPuppeteer('Firefox', executable),
  WebKit: launchWebKit,
});
