import { describe, expect, it } from 'vitest';
import { byteRange } from './byte-range.ts';

describe('the range a Range header asks for, of a 1000-byte file', () => {
  it.each([
    ['bytes=0-1', { start: 0, end: 1 }],
    ['bytes=100-199', { start: 100, end: 199 }],
    ['bytes=990-', { start: 990, end: 999 }],
    ['bytes=-10', { start: 990, end: 999 }],
    ['bytes=-5000', { start: 0, end: 999 }],
    // A last byte past the end stops at the end.
    ['bytes=500-5000', { start: 500, end: 999 }],
    [' bytes=0-0 ', { start: 0, end: 0 }],
  ])('%s is served as bytes %o', (header, range) => {
    expect(byteRange(header, 1000)).toEqual(range);
  });

  it.each(['bytes=1000-', 'bytes=1000-1001', 'bytes=-0'])('%s cannot be satisfied (416)', (header) => {
    expect(byteRange(header, 1000)).toBe('unsatisfiable');
  });

  it.each([
    undefined,
    '',
    'bytes=-',
    'bytes=0-1,5-6',
    'bytes=0-1, 5-6',
    'items=0-1',
    'bytes=abc',
    // The RFC calls a last byte before the first invalid: the header is ignored.
    'bytes=10-5',
  ])('%o is ignored: the whole file answers', (header) => {
    expect(byteRange(header, 1000)).toBe('whole');
  });

  it('an empty file satisfies no range', () => {
    expect(byteRange('bytes=0-', 0)).toBe('unsatisfiable');
    expect(byteRange('bytes=-1', 0)).toBe('unsatisfiable');
  });
});
