/**
 * Where the tests find the site's parts, and the questions they ask of a page, for the Playwright
 * specs and the cross-engine journeys (e2e-journeys/) alike. A page function here takes one
 * argument, as Playwright's `page.evaluate` passes one.
 */

/** The island whose component file matches `name`. */
export const island = (name: string) => `astro-island[component-url*="${name}"]`;

/** That island, once it has hydrated. */
export const hydratedIsland = (name: string) => `${island(name)}:not([ssr])`;

/** The header's islands, on every page: they hydrate only when a visitor reaches for them. */
export const headerIslands = ['ThemeToggle'];

export const languageLink = (locale: string) => `[data-language-link="${locale}"]`;

/**
 * Down the whole page as a reader goes, so every lazy image and island wakes up: half a screen a
 * step, as a whole screen's step can pass over an island that straddles its edge unseen.
 */
export const readToTheEnd = async () => {
  for (let y = 0; y <= document.documentElement.scrollHeight; y += innerHeight / 2) {
    window.scrollTo({ top: y, behavior: 'instant' });
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};
