// @ts-check
import { fileURLToPath } from 'node:url';

/**
 * Registers `client:deferred` (see deferred.ts): the header's toggles hydrate after the page has
 * loaded, or as soon as the visitor reaches for them, never on the way to the first paint; with
 * `client:deferred="visible"`, the team gallery and the contact form hydrate when they come into view
 * or are reached for. Its code brings the early answers, which answer a tap before any island has.
 * @returns {import('astro').AstroIntegration}
 */
export function deferredHydration() {
  return {
    name: 'deferred-hydration',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({
          name: 'deferred',
          entrypoint: fileURLToPath(new URL('../src/hydration/deferred.ts', import.meta.url)),
        });
      },
    },
  };
}
