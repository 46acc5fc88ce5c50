import { describe, expect, it } from 'vitest';
import { de, type UIKey } from './de';
import { en } from './en';
import { getTranslator } from './translate';

describe('getTranslator', () => {
  it('looks a key up in the dictionary of the locale', () => {
    expect(getTranslator('de')('nav.contact')).toBe('Kontakt');
    expect(getTranslator('en')('nav.contact')).toBe('Contact');
  });

  it('returns the key itself when a translation is missing, as the spec demands', () => {
    const missing = 'contact.form.doesNotExist' as UIKey;
    expect(getTranslator('de')(missing)).toBe('contact.form.doesNotExist');
    expect(getTranslator('en')(missing)).toBe('contact.form.doesNotExist');
  });

  it('fills placeholders and leaves unknown ones standing', () => {
    const t = getTranslator('de');
    expect(t('footer.copyright', { year: 2025, name: 'Uferlicht' })).toBe('© 2025 Uferlicht. Alle Rechte vorbehalten.');
    expect(t('footer.copyright', { year: 2025 })).toBe('© 2025 {name}. Alle Rechte vorbehalten.');
  });

  it('has the spec’s exact contact form messages in both languages', () => {
    expect(de['contact.form.success']).toBe('Nachricht erfolgreich gesendet! Wir melden uns bald bei Ihnen.');
    expect(en['contact.form.success']).toBe('Message sent successfully! We will get back to you soon.');
    expect(de['contact.form.error']).toBe(
      'Fehler beim Senden. Bitte versuchen Sie es erneut oder kontaktieren Sie uns direkt.',
    );
    expect(en['contact.form.error']).toBe('Error sending message. Please try again or contact us directly.');
    expect(de['contact.form.sending']).toBe('Wird gesendet...');
    expect(en['contact.form.sending']).toBe('Sending...');
    expect(de['contact.form.title']).toBe('Betreff');
    expect(en['contact.form.title']).toBe('Subject');
  });
});

describe('dictionaries', () => {
  it('have the same keys in every language', () => {
    expect(Object.keys(en).sort()).toEqual(Object.keys(de).sort());
  });

  it('have no empty strings and the same placeholders per key', () => {
    const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();
    for (const key of Object.keys(de) as UIKey[]) {
      expect(de[key].trim(), key).not.toBe('');
      expect(en[key].trim(), key).not.toBe('');
      expect(placeholders(en[key]), key).toEqual(placeholders(de[key]));
    }
  });
});
