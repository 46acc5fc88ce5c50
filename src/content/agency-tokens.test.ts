import { describe, expect, it } from 'vitest';
import { fillAgencyTokens } from './agency-tokens';

const facts = {
  name: 'Uferlicht <Webdesign>',
  partners: ['Lena Hoffmann', 'Jonas Becker'],
  legalForm: { de: 'Gesellschaft bürgerlichen Rechts', en: 'civil-law partnership' },
  hosting: { logRetentionDays: 14 },
  supervisoryAuthority: { url: 'https://www.ldi.nrw.de' },
};

describe('fillAgencyTokens', () => {
  it('fills text, numbers, nested fields and localized fields', () => {
    const html = '<p>{{legalForm}}, {{ hosting.logRetentionDays }} Tage</p>';
    expect(fillAgencyTokens(html, facts, 'de', 'x.md')).toBe('<p>Gesellschaft bürgerlichen Rechts, 14 Tage</p>');
    expect(fillAgencyTokens('{{legalForm}}', facts, 'en', 'x.md')).toBe('civil-law partnership');
  });

  it('joins lists in the page’s language', () => {
    expect(fillAgencyTokens('{{partners}}', facts, 'de', 'x.md')).toBe('Lena Hoffmann und Jonas Becker');
    expect(fillAgencyTokens('{{partners}}', facts, 'en', 'x.md')).toBe('Lena Hoffmann and Jonas Becker');
  });

  it('fills tokens that Markdown percent-encoded inside link targets', () => {
    expect(fillAgencyTokens('<a href="%7B%7BsupervisoryAuthority.url%7D%7D">', facts, 'de', 'x.md')).toBe(
      '<a href="https://www.ldi.nrw.de">',
    );
  });

  it('fills link targets and escapes the values as HTML', () => {
    expect(fillAgencyTokens('<a href="{{supervisoryAuthority.url}}">{{name}}</a>', facts, 'de', 'x.md')).toBe(
      '<a href="https://www.ldi.nrw.de">Uferlicht &#60;Webdesign&#62;</a>',
    );
  });

  it('stops the build on a token that names no fact, naming the file and the token', () => {
    expect(() => fillAgencyTokens('{{phoneNumber}}', facts, 'de', 'src/content/legal/de/impressum.md')).toThrow(
      'src/content/legal/de/impressum.md: the token {{phoneNumber}} names no text field of src/content/agency.json.',
    );
    expect(() => fillAgencyTokens('{{hosting}}', facts, 'de', 'x.md')).toThrow('{{hosting}}');
  });
});
