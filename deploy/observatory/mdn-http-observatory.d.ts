/**
 * The part of @mdn/mdn-http-observatory 1.4.8 that observatory.ts uses (its scan, src/scanner/index.js,
 * and the scanner's own modules, src/...), as the package's JSDoc types it: the package ships
 * JavaScript without types. Declared here so type checks pass whether or not it is installed.
 */
declare module '@mdn/mdn-http-observatory' {
  export function scan(hostname: string): Promise<{
    scan: { grade: string; score: number };
    tests: Record<string, { pass: boolean; result: string | null; scoreModifier: number }>;
  }>;
}

declare module '@mdn/mdn-http-observatory/src/types.js' {
  /** What the retriever gathers for a host; observatoryGrade fills it from its own requests. */
  export class Requests {
    constructor(hostname: string);
    resources: { path: string | null };
    responses: { auto: unknown; cors: unknown; https: unknown };
    session: { url: URL } | null;
  }
}

declare module '@mdn/mdn-http-observatory/src/constants.js' {
  import type { Requests } from '@mdn/mdn-http-observatory/src/types.js';
  /** Each test reads the requests and says whether they pass and which expectation they meet. */
  export const ALL_TESTS: ((requests: Requests) => { pass: boolean | null; result: string | null })[];
}

declare module '@mdn/mdn-http-observatory/src/config.js' {
  export const CONFIG: { retriever: { corsOrigin: string } };
}

declare module '@mdn/mdn-http-observatory/src/grader/charts.js' {
  export const MINIMUM_SCORE_FOR_EXTRA_CREDIT: number;
}

declare module '@mdn/mdn-http-observatory/src/grader/grader.js' {
  export function getGradeForScore(score: number): { score: number; grade: string };
  export function getScoreModifier(expectation: string): number;
}

declare module '@mdn/mdn-http-observatory/src/retriever/utils.js' {
  export function parseHttpEquivHeaders(html: string, baseUrl: string): Map<string, string[]>;
}
