/**
 * How node runs the server (npm start, and the benchmark's server, which must run as npm start does).
 *
 * The old-generation limit is the server's memory budget, SERVER_HEAP_MB (default 512). V8 paces its
 * collections by that limit: under the default (a quarter of the machine's memory) a burst of 2,600
 * commands left the process at ~380 MB of uncollected garbage, and an export on top of it went past
 * 400 MB; with 512 it stays near 280 MB at the same throughput. The server's own data is bounded
 * (caches by entry count, exports streamed), far below the budget.
 */
export const serverNodeArgs = (env = process.env) => [
  `--max-old-space-size=${Number(env.SERVER_HEAP_MB) || 512}`,
  '--import',
  'tsx',
  'api/main.ts',
];
