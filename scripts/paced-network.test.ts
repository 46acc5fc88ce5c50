import { randomBytes } from 'node:crypto';
import { IncomingMessage, type ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { PassThrough, Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { expect, test } from 'vitest';
import { pacedHandler } from './paced-network.mjs';

test('every paced response arrives whole, its chunks in the order they were written', async () => {
  const chunks = Array.from({ length: 400 }, () => randomBytes(500).toString('hex'));
  // A fast link, so that the chunks' due times lie fractions of a millisecond apart.
  const handle = pacedHandler((_request, response) => void Readable.from(chunks).pipe(response), {
    bitsPerMs: 200_000,
    roundTripMs: 1,
  });
  const responses = Array.from({ length: 4 }, () => new PassThrough());
  for (const response of responses) handle(new IncomingMessage(new Socket()), response as unknown as ServerResponse);
  for (const received of await Promise.all(responses.map((response) => text(response))))
    expect(received).toBe(chunks.join(''));
});
