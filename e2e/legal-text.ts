import type { Page } from '@playwright/test';
import type { LegalPage } from '../src/routes.mjs';
import { expect } from './fixtures';

export type { LegalPage } from '../src/routes.mjs';

/** The rendered text of a legal page, whitespace collapsed. */
export async function legalText(page: Page, legalPage: LegalPage): Promise<string> {
  const text = await page.locator(`[data-legal-page="${legalPage}"] .legal-prose`).textContent();
  return (text ?? '').replace(/\s+/g, ' ');
}

/**
 * The text of one part of a legal page: the heading with this exact text (or matching this pattern)
 * and everything after it up to the next heading of the same or a higher level. Fails if the heading
 * is not there.
 */
export async function sectionText(page: Page, legalPage: LegalPage, heading: string | RegExp): Promise<string> {
  const pattern = typeof heading === 'string' ? null : { source: heading.source, flags: heading.flags };
  const text = await page.locator(`[data-legal-page="${legalPage}"] .legal-prose`).evaluate(
    (prose, { title, pattern }) => {
      const matches = (text: string) =>
        pattern ? new RegExp(pattern.source, pattern.flags).test(text) : text === title;
      const start = [...prose.querySelectorAll('h2, h3')].find((node) => matches(node.textContent?.trim() ?? ''));
      if (!start) return null;
      const level = Number(start.tagName[1]);
      const parts: string[] = [];
      for (let node = start.nextElementSibling; node; node = node.nextElementSibling) {
        if (/^H[1-6]$/.test(node.tagName) && Number(node.tagName[1]) <= level) break;
        parts.push(node.textContent ?? '');
      }
      return parts.join('\n');
    },
    { title: typeof heading === 'string' ? heading : '', pattern },
  );
  expect(text, `a heading ${heading} on /${legalPage}/`).not.toBeNull();
  return text!.replace(/\s+/g, ' ');
}

/** The items of the first list after a heading, each item's text whitespace-collapsed. */
export async function listAfter(page: Page, legalPage: LegalPage, heading: string): Promise<string[]> {
  const items = await page.locator(`[data-legal-page="${legalPage}"] .legal-prose`).evaluate((prose, title) => {
    const start = [...prose.querySelectorAll('h2, h3')].find((node) => node.textContent?.trim() === title);
    for (let node = start?.nextElementSibling; node && !/^H[1-6]$/.test(node.tagName); node = node.nextElementSibling) {
      if (node.tagName === 'UL' || node.tagName === 'OL') return [...node.children].map((li) => li.textContent ?? '');
    }
    return null;
  }, heading);
  expect(items, `a list after the heading "${heading}" on /${legalPage}/`).not.toBeNull();
  return items!.map((item) => item.replace(/\s+/g, ' ').trim());
}

/** The body rows of the table whose header row starts with `firstHeader`, as cell texts. */
export async function tableRows(page: Page, legalPage: LegalPage, firstHeader: string): Promise<string[][]> {
  const rows = await page
    .locator(`[data-legal-page="${legalPage}"] .legal-prose table`)
    .evaluateAll((tables, header) => {
      const table = tables.find((candidate) => candidate.querySelector('th')?.textContent?.trim() === header);
      return table
        ? [...table.querySelectorAll('tbody tr')].map((row) => [...row.children].map((cell) => cell.textContent ?? ''))
        : null;
    }, firstHeader);
  expect(rows, `a table headed "${firstHeader}" on /${legalPage}/`).not.toBeNull();
  return rows!.map((row) => row.map((cell) => cell.replace(/\s+/g, ' ').trim()));
}
