// @ts-check
import { fileURLToPath } from 'node:url';

/**
 * Registers `client:deferred` (see deferred.ts): the header's toggles hydrate after the page has
 * loaded, or as soon as the visitor reaches for them, never on the way to the first paint; with
 * `client:deferred="visible"`, the contact form hydrates when it comes into view or is reached for.
 * @returns {import('astro').AstroIntegration}
 */
export function deferredHydration() {
  return {
    name: 'deferred-hydration',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({ name: 'deferred', entrypoint: fileURLToPath(new URL('./deferred.ts', import.meta.url)) });
      },
    },
  };
}
