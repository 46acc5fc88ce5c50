import 'astro';

declare module 'astro' {
  interface AstroClientDirectives {
    /**
     * Hydrate after the load event when the browser is idle, or at once on the visitor's first touch;
     * with "visible", when the island scrolls into view instead of after the load event.
     */
    'client:deferred'?: boolean | 'visible';
  }
}
