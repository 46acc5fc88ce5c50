// @ts-check
/**
 * Grades the answers of a server that cannot be scanned whole with MDN's HTTP Observatory's own tests
 * and scoring (its modules, whose types observatory.d.ts declares). deploy/cloudflare.test.ts runs
 * Cloudflare Pages' runtime on a loopback port over plain http: the edge in front of it, with the
 * certificate and the http → https redirect, is Cloudflare's and not there. For a path this fetches
 * what the Observatory's retriever fetches for a page (the page with its Accept header, and a CORS
 * preflight from its origin), counts the certificate as valid, as the edge's is, and runs every test
 * but "redirection", which grades that edge's hop and not the site. The score is summed as the
 * scanner sums it (src/scanner/index.js of the pinned version).
 */
import { CONFIG } from '@mdn/mdn-http-observatory/src/config.js';
import { ALL_TESTS } from '@mdn/mdn-http-observatory/src/constants.js';
import { MINIMUM_SCORE_FOR_EXTRA_CREDIT } from '@mdn/mdn-http-observatory/src/grader/charts.js';
import { getGradeForScore, getScoreModifier } from '@mdn/mdn-http-observatory/src/grader/grader.js';
import { parseHttpEquivHeaders } from '@mdn/mdn-http-observatory/src/retriever/utils.js';
import { Requests } from '@mdn/mdn-http-observatory/src/types.js';

/** The Accept header the retriever sends for a page (src/retriever/retriever.js). */
const PAGE_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

/** @param {string} origin @param {string} hostname @param {string} path */
export async function grade(origin, hostname, path) {
  const url = new URL(path, origin);
  const page = await fetch(url, { headers: { accept: PAGE_ACCEPT } });
  const body = await page.text();
  const preflight = await fetch(url, {
    method: 'OPTIONS',
    headers: { 'access-control-request-method': 'GET', origin: CONFIG.retriever.corsOrigin },
  });
  const headers = Object.fromEntries(page.headers);
  const html = page.headers.get('content-type')?.startsWith('text/html') ?? false;
  const response = {
    status: page.status,
    headers,
    data: body,
    verified: true,
    httpEquiv: html ? parseHttpEquivHeaders(body, url.href) : new Map(),
  };
  const requests = new Requests(hostname);
  requests.responses.auto = response;
  requests.responses.https = response;
  requests.responses.cors = {
    status: preflight.status,
    headers: Object.fromEntries(preflight.headers),
    request: { headers: { origin: CONFIG.retriever.corsOrigin } },
    verified: true,
  };
  requests.resources.path = body;
  requests.session = { url: new URL(`https://${hostname}${url.pathname}`) };

  let scoreWithExtraCredit = 100;
  let uncurvedScore = 100;
  /** @type {Record<string, { pass: boolean | null, result: string | null, scoreModifier: number }>} */
  const tests = {};
  for (const test of ALL_TESTS.filter((test) => test.name !== 'redirectionTest')) {
    const output = test(requests);
    const scoreModifier = output.result ? getScoreModifier(output.result) : 0;
    scoreWithExtraCredit += scoreModifier;
    if (scoreModifier < 0) uncurvedScore += scoreModifier;
    tests[output.constructor.name] = { pass: output.pass, result: output.result, scoreModifier };
  }
  const score = uncurvedScore >= MINIMUM_SCORE_FOR_EXTRA_CREDIT ? scoreWithExtraCredit : uncurvedScore;
  return { status: page.status, ...getGradeForScore(score), tests };
}
