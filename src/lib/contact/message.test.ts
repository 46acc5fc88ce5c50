import { describe, expect, it } from 'vitest';
import { checkField, fieldMaxLength, validateContactMessage } from './message';

const words = (list: string) => list.trim().split(/\s+/);
const checkEmail = (email: string) => checkField('email', email);

describe('the e-mail check', () => {
  it.each([
    // Ordinary addresses, with the surrounding spaces a browser strips.
    ...words(`erika@example.org erika.mustermann+web@mail.example.de o'brien@sub-domain.example.co.uk x@a.b`),
    '  erika@example.org ',
    // An internationalised domain, whether the browser hands it over as typed or as punycode.
    ...words('erika@bücher.de erika@xn--bcher-kva.de ERIKA@BÜCHER.DE info@müller-söhne.köln a@例え.テスト'),
  ])('accepts %o', (email) => {
    expect(checkEmail(email)).toBeUndefined();
  });

  it.each([
    // What the browser's type="email" refuses.
    ...words(`not-an-email erika@ @example.org erika@@example.org erika@-example.org erika@example-.org
      erika@example..org erika@.example.org erika@example.org. erika@${'a'.repeat(64)}.org`),
    'erika mustermann@example.org',
    'erika@exam ple.org',
    // A broken internationalised domain, as the browser would.
    ...words('erika@bücher..de erika@-bücher.de erika@bü%63her.de erika@bücher。de jörg@example.de'),
    'erika@bü cher.de',
  ])('refuses %o as malformed', (email) => {
    expect(checkEmail(email)).toBe('emailMalformed');
  });

  const dotless = words('erika@example erika@localhost erika.mustermann@intranet-1 erika@bücher');
  it.each(dotless)(
    'refuses %o for a domain without a dot, with its own reason: the browser lets it through',
    (email) => {
      expect(checkEmail(email)).toBe('emailDomainWithoutDot');
    },
  );

  it.each([
    ['', 'missing'],
    ['   ', 'missing'],
    // Longer than the field allows, however it got there.
    [`${'e'.repeat(fieldMaxLength.email)}@example.org`, 'tooLong'],
  ])('calls %o %s', (email, problem) => {
    expect(checkEmail(email)).toBe(problem);
  });
});

describe('validateContactMessage', () => {
  const valid = { name: 'Erika', email: 'erika@example.org', title: 'Neue Website', project: '' };

  it('takes a name or subject of invisible characters only for a missing one', () => {
    const invisible = [
      '\u200B', // zero-width space
      '\u2060', // word joiner
      '\u3164', // Hangul filler
      '\u115F\u1160\uFFA0', // the other Hangul fillers
      '\u2800', // blank Braille pattern
      '\u202E', // right-to-left override
      '\u00AD\uFEFF\u180E', // soft hyphen, byte order mark, Mongolian vowel separator
      '\u0301\u034F', // a combining accent and a combining grapheme joiner, with nothing to sit on
      '\u3000\u2028\t', // an ideographic space, a line separator, a tab
      '\u{E0041}\u{E0042}', // tag characters
    ];
    for (const value of invisible) {
      const errors = validateContactMessage({ ...valid, name: value, title: ` ${value} ` });
      expect(errors, JSON.stringify(value)).toEqual({ name: 'missing', title: 'missing' });
    }
  });

  it('keeps names in any script, and short ones', () => {
    for (const name of ['Ö', '李', 'Łukasz', 'Ἀλέξανδρος', 'محمد', '7', '\u200BJo\u200B', 'Zoë 🙂']) {
      expect(checkField('name', name), name).toBeUndefined();
    }
  });

  it('refuses a value longer than its field’s maxlength, which a script can set', () => {
    // The limits of docs/behaviour.md › Contact form, written out: the form's maxlength follows them.
    expect(fieldMaxLength).toEqual({ name: 100, email: 254, title: 150, project: 5000 });
    for (const field of ['name', 'title', 'project'] as const) {
      expect(checkField(field, 'x'.repeat(fieldMaxLength[field])), field).toBeUndefined();
      expect(checkField(field, 'x'.repeat(fieldMaxLength[field] + 1)), field).toBe('tooLong');
    }
  });
});
