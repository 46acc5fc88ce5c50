// @ts-check
/**
 * Grades the answers of a server that cannot be scanned whole with MDN's HTTP Observatory's own tests
 * and scoring, and prints the result as JSON:
 *
 *   node deploy/observatory/grade.mjs http://127.0.0.1:18470 www.example.de / /en/ /gibt-es-nicht/
 *
 * deploy/cloudflare.test.ts runs Cloudflare Pages' runtime on a loopback port over plain http: the
 * edge in front of it, with the certificate and the http → https redirect, is Cloudflare's and not
 * there. For each path this fetches what the Observatory's retriever fetches for a page (the page
 * with its Accept header, and a CORS preflight from its origin), counts the certificate as valid, as
 * the edge's is, and runs every test but "redirection", which grades that edge's hop and not the site.
 * The score is summed as the scanner sums it (src/scanner/index.js of the pinned version).
 */
import { ensurePreloadList } from './preload-list.mjs';

const [origin, hostname, ...paths] = process.argv.slice(2);
if (!origin || !hostname || paths.length === 0)
  throw new Error('Usage: node deploy/observatory/grade.mjs <origin> <hostname> <path>...');

ensurePreloadList();

// The scanner's own modules; their types are declared in observatory.d.ts.
const { ALL_TESTS } = await import('@mdn/mdn-http-observatory/src/constants.js');
const { CONFIG } = await import('@mdn/mdn-http-observatory/src/config.js');
const { MINIMUM_SCORE_FOR_EXTRA_CREDIT } = await import('@mdn/mdn-http-observatory/src/grader/charts.js');
const { getGradeForScore, getScoreModifier } = await import('@mdn/mdn-http-observatory/src/grader/grader.js');
const { redirectionTest } = await import('@mdn/mdn-http-observatory/src/analyzer/tests/redirection.js');
const { parseHttpEquivHeaders } = await import('@mdn/mdn-http-observatory/src/retriever/utils.js');
const { HTML_TYPES, Requests } = await import('@mdn/mdn-http-observatory/src/types.js');

/** The Accept header the retriever sends for a page (src/retriever/retriever.js). */
const PAGE_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

/** @param {string} path */
async function grade(path) {
  const url = new URL(path, origin);
  const page = await fetch(url, { headers: { accept: PAGE_ACCEPT } });
  const body = await page.text();
  const preflight = await fetch(url, {
    method: 'OPTIONS',
    headers: { 'access-control-request-method': 'GET', origin: CONFIG.retriever.corsOrigin },
  });
  const headers = Object.fromEntries(page.headers);
  const html = HTML_TYPES.has(page.headers.get('content-type')?.split(';')[0] ?? '');
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
  for (const test of ALL_TESTS.filter((test) => test !== redirectionTest)) {
    const output = test(requests);
    const scoreModifier = output.result ? getScoreModifier(output.result) : 0;
    scoreWithExtraCredit += scoreModifier;
    if (scoreModifier < 0) uncurvedScore += scoreModifier;
    tests[output.constructor.name] = { pass: output.pass, result: output.result, scoreModifier };
  }
  const score = uncurvedScore >= MINIMUM_SCORE_FOR_EXTRA_CREDIT ? scoreWithExtraCredit : uncurvedScore;
  return { status: page.status, ...getGradeForScore(score), tests };
}

const results = {};
for (const path of paths) Object.assign(results, { [path]: await grade(path) });
process.stdout.write(JSON.stringify(results));
