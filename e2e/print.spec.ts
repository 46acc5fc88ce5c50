import { extractTextItems } from 'unpdf';
import { agency, allRoutes, expect, test } from './fixtures';

/**
 * A page printed, or saved as PDF from the print dialog, is its document (global.css, print). Read
 * from the PDF Chromium makes of it, on the paper and margins its print dialog opens with.
 */
const PAPER = { format: 'Letter', widthPt: 612 } as const;
const MARGIN_IN = 0.4;
const MARGIN_PT = MARGIN_IN * 72;
/** Text may touch the margin by rounding, not cross it. */
const EDGE_TOLERANCE_PT = 0.5;

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();
const words = (items: { str: string }[]) => collapse(items.map((item) => item.str).join(' '));

// Dark on screen, the harder case: the printout must not follow it.
test.use({ colorScheme: 'dark' });

for (const { url } of allRoutes) {
  test(`${url} prints as its document: from the heading, without controls, light, nothing cut`, async ({ page }) => {
    await page.goto(url);
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await page.emulateMedia({ media: 'print' });
    for (const control of await page.locator('header, nav, form, summary, [data-scroll-to-top], footer a').all())
      await expect(control).toBeHidden();
    const heading = collapse(await page.locator('h1').innerText());
    const headings = await page
      .locator('main :is(h1, h2, h3, h4)')
      .evaluateAll((all) =>
        all.filter((element) => element.checkVisibility()).map((element) => (element as HTMLElement).innerText),
      );
    const external = await page
      .locator('main a[href^="http"]:not([data-shows-url])')
      .evaluateAll((links) =>
        links.filter((link) => link.checkVisibility()).map((link) => link.getAttribute('href') ?? ''),
      );
    // Dark text on a light page, whatever the screen shows.
    const lightText = await page.locator('body *').evaluateAll((elements) =>
      elements
        .filter(
          (element) =>
            element.checkVisibility() &&
            [...element.childNodes].some((node) => node.nodeType === 3 && node.textContent?.trim()),
        )
        .map((element) => ({
          element: element.outerHTML.slice(0, 80),
          rgb: (getComputedStyle(element).color.match(/\d+(\.\d+)?/g) ?? []).map(Number),
        }))
        .filter(({ rgb: [r, g, b] }) => 0.2126 * r + 0.7152 * g + 0.0722 * b > 140),
    );
    expect(lightText).toEqual([]);

    const margin = `${MARGIN_IN}in`;
    const pdf = await page.pdf({
      format: PAPER.format,
      margin: { top: margin, right: margin, bottom: margin, left: margin },
    });
    // The PDF's text: in the order it is drawn (`text`, which keeps a column's words together), and as
    // each page's rows from top to bottom (`rows`, by position: the order a reader's eye goes).
    const pages = (await extractTextItems(new Uint8Array(pdf))).items.map((items) =>
      items.filter((item) => item.str.trim()),
    );
    const rows = pages.map((items) => {
      const tops = [...new Set(items.map((item) => Math.round(item.y)))].sort((a, b) => b - a);
      return tops.map((y) => words(items.filter((item) => Math.round(item.y) === y).sort((a, b) => a.x - b.x)));
    });
    const text = words(pages.flat());
    const top = rows[0][0];
    expect(heading.startsWith(top), `the printout begins with "${heading}", not "${top}"`).toBe(true);
    const sender = `${agency.legalName} · ${agency.street} · ${agency.postalCode} ${agency.town}`;
    expect(text.split(sender).length - 1, 'the agency’s name and address, once').toBe(1);
    const unbroken = text.replace(/\s/g, '');
    for (const href of external) expect(unbroken, `the target of a link to ${href}`).toContain(`(${href})`);
    for (const [index, pageRows] of rows.slice(0, -1).entries()) {
      const last = pageRows[pageRows.length - 1];
      expect(
        headings.filter((title) => ` ${collapse(title)}`.endsWith(` ${last}`)),
        `page ${index + 1} ends with a heading`,
      ).toEqual([]);
    }
    const cut = pages
      .flat()
      .filter(
        ({ x, width }) =>
          x < MARGIN_PT - EDGE_TOLERANCE_PT || x + width > PAPER.widthPt - MARGIN_PT + EDGE_TOLERANCE_PT,
      );
    expect(cut.map(({ str }) => str)).toEqual([]);
  });
}
