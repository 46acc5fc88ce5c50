import type { Page } from '@playwright/test';
import { defaultLocale, expect, localizedPath, test, waitForIsland } from './fixtures';

type Rgba = [number, number, number, number];

/** `rgb(1, 2, 3)`, `rgba(1, 2, 3, 0.5)` or `rgb(1 2 3 / 0.5)`, as the browser reports computed colours. */
function parseColor(css: string): Rgba {
  const parts = /^rgba?\(([^)]+)\)$/
    .exec(css)?.[1]
    ?.split(/[\s,/]+/)
    .filter(Boolean)
    .map(Number);
  if (!parts || parts.length < 3 || parts.some(Number.isNaN)) throw new Error(`Unexpected colour "${css}"`);
  const [r, g, b, a = 1] = parts as [number, number, number, number?];
  return [r, g, b, a];
}

/** `top` painted over the opaque `bottom`. */
function blend(top: Rgba, bottom: Rgba): Rgba {
  const [r, g, b, a] = top;
  return [r * a + bottom[0] * (1 - a), g * a + bottom[1] * (1 - a), b * a + bottom[2] * (1 - a), 1];
}

/** The opaque colour a stack of backgrounds (outermost first) shows, on the white canvas. */
function flatten(layers: string[]): Rgba {
  return layers.map(parseColor).reduce<Rgba>((below, layer) => blend(layer, below), [255, 255, 255, 1]);
}

/** WCAG 2 contrast ratio of two opaque colours. */
function contrast(one: Rgba, other: Rgba): number {
  const luminance = ([r, g, b]: Rgba) => {
    const [lr, lg, lb] = [r, g, b].map((channel) => {
      const c = channel / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * lr + 0.7152 * lg + 0.0722 * lb;
  };
  const [light, dark] = [luminance(one), luminance(other)].sort((a, b) => b - a) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** Computed colours of every field of the contact form: its border, its placeholder, and the backgrounds behind. */
function fieldColors(page: Page) {
  return page.locator('[data-contact-form] :is(input, textarea):not([tabindex="-1"])').evaluateAll((fields) =>
    fields.map((field) => {
      /** Background colours from the root down to `element`: the layers a pixel of it is painted from. */
      const backgrounds = (element: Element | null) => {
        const layers: string[] = [];
        for (let node = element; node; node = node.parentElement)
          layers.unshift(getComputedStyle(node).backgroundColor);
        return layers;
      };
      const style = getComputedStyle(field);
      return {
        id: field.id,
        border: [style.borderTopColor, style.borderRightColor, style.borderBottomColor, style.borderLeftColor],
        placeholder: getComputedStyle(field, '::placeholder').color,
        // The field paints its own background under its border; the card is what surrounds it.
        fieldBackground: backgrounds(field),
        surrounding: backgrounds(field.parentElement),
      };
    }),
  );
}

for (const theme of ['light', 'dark'] as const) {
  test(`the form's fields stand out from the card and their placeholders are readable (${theme})`, async ({ page }) => {
    await page.addInitScript((stored) => localStorage.setItem('theme', stored), theme);
    await page.goto(`${localizedPath('/', defaultLocale)}#contact`);
    await waitForIsland(page, 'ContactForm');
    await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);

    const fields = await fieldColors(page);
    expect(fields.map((field) => field.id)).toEqual(['name', 'email', 'title', 'project'].map((id) => `contact-${id}`));
    for (const field of fields) {
      const fill = flatten(field.fieldBackground);
      const card = flatten(field.surrounding);
      // WCAG 1.4.11: the boundary that shows where the control is, against what is around it.
      const weakestBorder = Math.min(...field.border.map((border) => contrast(blend(parseColor(border), fill), card)));
      expect.soft(weakestBorder, `${field.id} border`).toBeGreaterThanOrEqual(3);
      // WCAG 1.4.3: placeholder text is text.
      const placeholder = contrast(blend(parseColor(field.placeholder), fill), fill);
      expect.soft(placeholder, `${field.id} placeholder`).toBeGreaterThanOrEqual(4.5);
    }
  });
}
