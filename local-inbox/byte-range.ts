/**
 * The part of a file that a `Range` request header asks for (RFC 9110 § 14). Safari plays an MP4
 * only from a server that answers `Range: bytes=0-1` with 206, so the local server must honour it.
 *
 * One range of bytes is served as asked. Anything else the RFC lets a server ignore (several ranges,
 * another unit, a malformed header, a last byte before the first) answers with the whole file.
 *
 * `header` is the request's `Range` header, `size` the file's length in bytes. The answer is the
 * first and last byte (inclusive), the whole file (200), or nothing of it (416).
 */
export function byteRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'whole' | 'unsatisfiable' {
  const match = header === undefined ? null : /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return 'whole';
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return 'whole';
  if (first === '') {
    // A suffix: the last n bytes.
    const length = Number(last);
    return length === 0 || size === 0 ? 'unsatisfiable' : { start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  if (start >= size) return 'unsatisfiable';
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  return end < start ? 'whole' : { start, end };
}
