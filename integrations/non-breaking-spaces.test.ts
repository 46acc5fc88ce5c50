import { describe, expect, it } from 'vitest';
import { bindUnbreakable } from './non-breaking-spaces';

/** The text with its no-break spaces shown as `~`. */
const shown = (text: string) => bindUnbreakable(text).replaceAll('\u00a0', '~');

describe('bindUnbreakable', () => {
  it.each([
    ['a citation with what it cites', 'nach § 5 DDG und §§ 312g, 355 BGB', 'nach §~5 DDG und §§~312g, 355 BGB'],
    ['a citation with what it cites', 'Art. 6 Abs. 1 lit. f DSGVO', 'Art.~6 Abs.~1 lit.~f DSGVO'],
    ['a citation with what it cites', '§ 36 Abs. 1 Satz 3 Nr. 2 VSBG', '§~36 Abs.~1 Satz~3 Nr.~2 VSBG'],
    ['a citation with what it cites', 'Art. 6(1)(b) GDPR', 'Art.~6(1)(b) GDPR'],
    ['a citation with what it cites', 'Art. 6(1) sentence 3 no. 2 TDDDG', 'Art.~6(1) sentence~3 no.~2 TDDDG'],
    ['a number with its unit', 'binnen 14 Tagen', 'binnen 14~Tagen'],
    ['a number with its unit', 'within 14 days', 'within 14~days'],
    ['a number with its unit', 'die Pauschale von 40 Euro', 'die Pauschale von 40~Euro'],
    ['a number with its unit', 'the lump sum of 40 euros', 'the lump sum of 40~euros'],
    ['a number with its unit', '1.500 € zuzüglich 19 %', '1.500~€ zuzüglich 19~%'],
    ['a number with its unit', '9 Prozentpunkte, 9 percentage points', '9~Prozentpunkte, 9~percentage points'],
    ['a number with its unit', 'nach 12 Monaten, 30 Tage, 2 years', 'nach 12~Monaten, 30~Tage, 2~years'],
    ['an abbreviation', 'z. B. eine Agentur', 'z.~B. eine Agentur'],
    ['an abbreviation', 'd. h. Sie', 'd.~h. Sie'],
    ['an abbreviation', 'i. S. d. § 13 BGB', 'i.~S.~d. §~13 BGB'],
    ['an abbreviation', 'i. V. m. Art. 7', 'i.~V.~m. Art.~7'],
    ["a phone number's groups", 'Telefon +49 2173 9394 120, E-Mail', 'Telefon +49~2173~9394~120, E-Mail'],
  ])('keeps %s on one line: %s', (_, text, bound) => {
    expect(shown(text)).toBe(bound);
  });

  it.each([
    'Postleitzahl 40789 Monheim am Rhein',
    'in 2025 the studio',
    'Sie haben 3 Möglichkeiten',
    'Stand: 1. Juli 2025. Die Plattform',
    'Monheim a. Rhein',
    'Dieser Satz gilt auch für Nr. und Art. der Leistung.',
  ])('leaves other spaces alone: %s', (text) => {
    expect(bindUnbreakable(text)).toBe(text);
  });
});
