import { describe, expect, it } from 'vitest';
import { bindUnbreakable } from './non-breaking-spaces';

/** The text with its no-break spaces shown as `~`. */
const shown = (text: string) => bindUnbreakable(text).replaceAll('\u00a0', '~');

describe('bindUnbreakable', () => {
  it.each([
    ['nach § 5 DDG und §§ 312g, 355 BGB', 'nach §~5 DDG und §§~312g, 355 BGB'],
    ['Art. 6 Abs. 1 lit. f DSGVO', 'Art.~6 Abs.~1 lit.~f DSGVO'],
    ['§ 36 Abs. 1 Satz 3 Nr. 2 VSBG', '§~36 Abs.~1 Satz~3 Nr.~2 VSBG'],
    ['Art. 6(1)(b) GDPR', 'Art.~6(1)(b) GDPR'],
  ])('keeps a citation with what it cites: %s', (text, bound) => {
    expect(shown(text)).toBe(bound);
  });

  it.each([
    ['binnen 14 Tagen', 'binnen 14~Tagen'],
    ['within 14 days', 'within 14~days'],
    ['die Pauschale von 40 Euro', 'die Pauschale von 40~Euro'],
    ['the lump sum of 40 euros', 'the lump sum of 40~euros'],
    ['1.500 € zuzüglich 19 %', '1.500~€ zuzüglich 19~%'],
    ['9 Prozentpunkte, 9 percentage points', '9~Prozentpunkte, 9~percentage points'],
    ['nach 12 Monaten, 30 Tage, 2 years', 'nach 12~Monaten, 30~Tage, 2~years'],
  ])('keeps a number with its unit: %s', (text, bound) => {
    expect(shown(text)).toBe(bound);
  });

  it.each([
    ['z. B. eine Agentur', 'z.~B. eine Agentur'],
    ['d. h. Sie', 'd.~h. Sie'],
    ['i. S. d. § 13 BGB', 'i.~S.~d. §~13 BGB'],
    ['i. V. m. Art. 7', 'i.~V.~m. Art.~7'],
  ])('keeps an abbreviation in one piece: %s', (text, bound) => {
    expect(shown(text)).toBe(bound);
  });

  it("keeps a phone number's groups together", () => {
    expect(shown('Telefon +49 2173 9394 120, E-Mail')).toBe('Telefon +49~2173~9394~120, E-Mail');
  });

  it.each([
    'Postleitzahl 40789 Monheim am Rhein',
    'in 2025 the studio',
    'Sie haben 3 Möglichkeiten',
    'Stand: 1. Juli 2025. Die Plattform',
    'Monheim a. Rhein',
  ])('leaves other spaces alone: %s', (text) => {
    expect(bindUnbreakable(text)).toBe(text);
  });
});
