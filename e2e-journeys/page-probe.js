// @ts-check
/**
 * Runs first in every page the journeys open (the journey proxy puts it at the top of <head>), before
 * any script of the site. It notes what went wrong on the page in the tab's session storage, which
 * every page of the site in the tab shares, for the harness to read when the journey ends; it notes
 * whether the back/forward cache restored the page; and it records where the page's first parts
 * stood in each frame while the page loaded. It changes nothing on the page, except that it can make
 * `localStorage` throw, as a browser does whose storage is disabled.
 */
(() => {
  /** One line each. @param {string} kind @param {string} message */
  const report = (kind, message) => {
    const line = `${kind} on ${location.pathname}: ${message}`.replaceAll('\n', ' ');
    sessionStorage.setItem('journeyReports', `${sessionStorage.getItem('journeyReports') ?? ''}${line}\n`);
  };

  // In every engine, as WebKitGTK's driver cannot see the page's console; Puppeteer's engines also
  // report what the engine itself writes there.
  document.addEventListener('securitypolicyviolation', (event) =>
    report('csp', `${event.effectiveDirective} blocked ${event.blockedURI || 'an inline resource'}`),
  );
  // Firefox stops its fetches ahead (`<link rel=prefetch>`) once the next page starts to load: the
  // page being left loses nothing the visitor sees.
  let leaving = false;
  addEventListener('beforeunload', () => (leaving = true));
  addEventListener('pageshow', () => (leaving = false));
  addEventListener(
    'error',
    (event) => {
      const target = event.target;
      if (leaving && target instanceof HTMLLinkElement && target.rel === 'prefetch') return;
      if (target instanceof HTMLElement) {
        const source = target.getAttribute('src') ?? target.getAttribute('href') ?? target.localName;
        report('console.error', `Failed to load ${source}`);
      } else report('pageerror', event.message);
    },
    // Load failures of elements do not bubble; only a listener that captures hears them.
    true,
  );
  addEventListener('unhandledrejection', (event) =>
    report('pageerror', `Unhandled rejection: ${String(event.reason)}`),
  );
  const consoleError = console.error;
  console.error = (...args) => {
    report('console.error', args.map((arg) => (typeof arg === 'object' ? JSON.stringify(arg) : String(arg))).join(' '));
    consoleError.apply(console, args);
  };

  // Whether the page was last shown from the back/forward cache (a page loaded anew runs this again).
  addEventListener('pageshow', (event) => Object.assign(window, { __journeyRestored: event.persisted }));

  if (document.currentScript?.hasAttribute('data-without-storage')) {
    Object.defineProperty(window, 'localStorage', {
      get() {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    });
  }

  /**
   * What a visitor sees first: the header's parts and the main heading. Each frame, before it is
   * painted, their boxes in page coordinates and the theme on <html>; an element that has not
   * been parsed yet, or is not visible, is simply absent from a frame.
   */
  const tracked = {
    header: '[data-site-header]',
    logo: '[data-site-header] a',
    themeToggle: '[data-theme-toggle]',
    languageSwitch: '[data-language-link]',
    menu: '[data-mobile-menu] summary',
    heading: 'main h1',
  };
  /** @type {import('./journey-proxy').ProbeFrame[]} */
  const frames = [];
  const RECORDED_FRAMES = 600;
  const record = () => {
    /** @type {import('./journey-proxy').ProbeFrame} */
    const frame = {
      time: Math.round(performance.now()),
      body: document.querySelector('body') !== null,
      dark: document.documentElement.classList.contains('dark'),
      background: getComputedStyle(document.documentElement).backgroundColor,
      boxes: {},
    };
    for (const [name, selector] of Object.entries(tracked)) {
      const element = document.querySelector(selector);
      // What is hidden is not painted: it cannot be seen to move.
      if (!element || getComputedStyle(element).visibility !== 'visible') continue;
      const box = element.getBoundingClientRect();
      frame.boxes[name] = [box.left + scrollX, box.top + scrollY, box.width, box.height];
    }
    frames.push(frame);
    if (frames.length < RECORDED_FRAMES) requestAnimationFrame(record);
  };
  requestAnimationFrame(record);
  Object.defineProperty(window, '__journeyFrames', { value: frames });
})();
