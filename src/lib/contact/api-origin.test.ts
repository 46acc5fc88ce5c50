import { describe, expect, it } from 'vitest';
import { apiOriginProblem, PAGE_ORIGIN, resolveApiOrigin } from './api-origin.mjs';

describe('the API origin (PUBLIC_EMAILJS_ORIGIN)', () => {
  it('accepts an absolute origin or "/" for the page’s own', () => {
    for (const value of ['https://api.emailjs.com', 'http://127.0.0.1:4321', PAGE_ORIGIN]) {
      expect(apiOriginProblem(value), value).toBeUndefined();
    }
  });

  it('refuses what the library could not glue its path to', () => {
    expect(apiOriginProblem('api.emailjs.com')).toBe('is neither "/" nor an absolute URL');
    expect(apiOriginProblem('ftp://api.example.org')).toBe('must be an http or https URL');
    expect(apiOriginProblem('https://api.emailjs.com/')).toBe(
      'must be an origin alone, without a path or a trailing slash: https://api.emailjs.com',
    );
    expect(apiOriginProblem('https://api.example.org/v1')).toMatch(/without a path/);
  });

  it('"/" follows the host the page was opened under, so a phone on the LAN reaches the dev server', () => {
    expect(resolveApiOrigin(PAGE_ORIGIN, 'http://localhost:4321/#contact')).toBe('http://localhost:4321');
    expect(resolveApiOrigin(PAGE_ORIGIN, 'http://192.168.1.20:4321/en/')).toBe('http://192.168.1.20:4321');
    expect(resolveApiOrigin('https://api.emailjs.com', 'http://192.168.1.20:4321/')).toBe('https://api.emailjs.com');
  });
});
