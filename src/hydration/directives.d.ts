import 'astro';

declare module 'astro' {
  interface AstroClientDirectives {
    /**
     * "intent": hydrate when the visitor first reaches for the island (hover, touch, press, focus);
     * "visible": then, or when the island scrolls into view, whichever comes first.
     */
    'client:deferred'?: 'intent' | 'visible';
  }
}
