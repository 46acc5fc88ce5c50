import type { Page } from '@playwright/test';
import axe from 'axe-core';
import { defaultLocale, expect, localizedPath, test, waitForIsland } from './fixtures';

/** The colour arithmetic of axe's own contrast rules (axe-core's types leave it out). */
interface Rgba {
  alpha: number;
}
interface AxeColor {
  Color: new (red?: number, green?: number, blue?: number, alpha?: number) => Rgba & { parseString(css: string): Rgba };
  flattenColors: (top: Rgba, bottom: Rgba) => Rgba;
  getContrast: (background: Rgba, foreground: Rgba) => number;
}
const { Color, flattenColors, getContrast } = (axe.commons as unknown as { color: AxeColor }).color;
const parseColor = (css: string) => new Color().parseString(css);

/** The opaque colour a stack of backgrounds (outermost first) shows, on the white canvas. */
const flatten = (layers: string[]) =>
  layers.map(parseColor).reduce((below, layer) => flattenColors(layer, below), new Color(255, 255, 255, 1));

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
      const borders = field.border.map((border) => getContrast(card, flattenColors(parseColor(border), fill)));
      expect.soft(Math.min(...borders), `${field.id} border`).toBeGreaterThanOrEqual(3);
      // WCAG 1.4.3: placeholder text is text.
      const placeholder = getContrast(fill, flattenColors(parseColor(field.placeholder), fill));
      expect.soft(placeholder, `${field.id} placeholder`).toBeGreaterThanOrEqual(4.5);
    }
  });
}
