import { describe, expect, it } from 'vitest';
import { checkEmail, firstFieldInError, validateContactMessage } from './validate';

describe('the e-mail check', () => {
  it('accepts ordinary addresses, with the surrounding spaces a browser strips', () => {
    for (const email of [
      'erika@example.org',
      'erika.mustermann+web@mail.example.de',
      "o'brien@sub-domain.example.co.uk",
      'x@a.b',
      '  erika@example.org ',
    ]) {
      expect(checkEmail(email), email).toBeUndefined();
    }
  });

  it('refuses what the browser’s type="email" refuses', () => {
    for (const email of [
      'not-an-email',
      'erika@',
      '@example.org',
      'erika@@example.org',
      'erika mustermann@example.org',
      'erika@exam ple.org',
      'erika@-example.org',
      'erika@example-.org',
      'erika@example..org',
      'erika@.example.org',
      'erika@example.org.',
      `erika@${'a'.repeat(64)}.org`,
    ]) {
      expect(checkEmail(email), email).toBe('emailMalformed');
    }
  });

  it('refuses, with its own reason, a domain without a dot, which the browser lets through', () => {
    for (const email of ['erika@example', 'erika@localhost', 'erika.mustermann@intranet-1']) {
      expect(checkEmail(email), email).toBe('emailDomainWithoutDot');
    }
  });

  it('calls an empty address missing', () => {
    expect(checkEmail('')).toBe('missing');
    expect(checkEmail('   ')).toBe('missing');
  });
});

describe('validateContactMessage', () => {
  const valid = { name: 'Erika', email: 'erika@example.org', title: 'Neue Website', project: '' };

  it('finds nothing wrong with a complete message; the project description is optional', () => {
    expect(validateContactMessage(valid)).toEqual({});
  });

  it('names every required field that is empty or only spaces', () => {
    expect(validateContactMessage({ name: ' ', email: '', title: '\n', project: '' })).toEqual({
      name: 'missing',
      email: 'missing',
      title: 'missing',
    });
  });

  it('names the first field in error in the order of the form', () => {
    expect(firstFieldInError(validateContactMessage({ ...valid, title: '', email: 'x' }))).toBe('email');
    expect(firstFieldInError({ title: 'missing', name: 'missing' })).toBe('name');
    expect(firstFieldInError({})).toBeUndefined();
  });
});
