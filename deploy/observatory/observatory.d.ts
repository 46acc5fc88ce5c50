/**
 * The part of @mdn/mdn-http-observatory 1.4.8 that scan.mjs uses (src/scanner/index.js; the package
 * ships JavaScript without types). Declared here so type checks pass whether or not it is installed.
 */
declare module '@mdn/mdn-http-observatory' {
  export function scan(hostname: string): Promise<{
    scan: {
      algorithmVersion: number;
      grade: string;
      score: number;
      statusCode: number;
      testsFailed: number;
      testsPassed: number;
      testsQuantity: number;
      responseHeaders: Record<string, string>;
    };
    tests: Record<string, { pass: boolean; result: string | null; scoreModifier: number }>;
  }>;
}
