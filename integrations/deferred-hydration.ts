import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

/**
 * Registers `client:deferred` (see deferred.ts): with `client:deferred="intent"`, the header's toggles
 * hydrate only once the visitor reaches for them; with `client:deferred="visible"`, the team gallery
 * and the contact form hydrate when they come into view or are reached for. Its code brings the early
 * answers, which answer a tap before any island has.
 */
export function deferredHydration(): AstroIntegration {
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
