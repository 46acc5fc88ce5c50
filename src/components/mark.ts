import { colors } from '../../tailwind.config.mjs';

/**
 * The agency's mark: evening light ("Uferlicht") over the river's waves, on a 32 × 32 tile with
 * round corners. Logo.astro draws it in the page's theme, the favicon and the social card
 * (src/node/social-card.tsx) in fixed colours, all from these shapes. (Tailwind reads this file
 * for class names: words here can add rules to the stylesheet.)
 */
export const mark = {
  tile: { width: 32, height: 32, rx: 9 },
  sun: { cx: 16, cy: 15, r: 5.5 },
  /** The near wave, then the far one, which is drawn at 70 % opacity. */
  waves: [
    'M5 19.5c2.2 0 2.2-1.5 4.4-1.5s2.2 1.5 4.4 1.5 2.2-1.5 4.4-1.5 2.2 1.5 4.4 1.5 2.2-1.5 4.4-1.5',
    'M8 24c1.6 0 1.6-1.2 3.2-1.2s1.6 1.2 3.2 1.2 1.6-1.2 3.2-1.2 1.6 1.2 3.2 1.2 1.6-1.2 3.2-1.2',
  ],
  farWaveOpacity: 0.7,
  stroke: { 'stroke-width': 2.2, 'stroke-linecap': 'round', fill: 'none' },
} as const;

const attributes = (values: Record<string, string | number>) =>
  Object.entries(values)
    .map(([name, value]) => ` ${name}="${value}"`)
    .join('');

/** The favicon: the header's mark in each colour scheme (the tab follows the system's, not the site's theme). */
export const faviconSvg =
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><style>` +
  `.bg{fill:${colors.brand[700]}}.w{stroke:#fff}` +
  `@media (prefers-color-scheme:dark){.bg{fill:${colors.brand[300]}}.w{stroke:${colors.ink[950]}}}</style>` +
  `<rect class="bg"${attributes(mark.tile)}/><circle${attributes(mark.sun)} fill="${colors.ember[400]}"/>` +
  mark.waves
    .map(
      (d, far) =>
        `<path class="w" d="${d}"${attributes(mark.stroke)}${far ? ` opacity="${mark.farWaveOpacity}"` : ''}/>`,
    )
    .join('') +
  `</svg>`;
