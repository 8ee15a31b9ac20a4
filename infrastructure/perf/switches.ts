/**
 * The performance tricks fenced in this folder and their off switches. Each trick gives the answers
 * the plain code gives (a test runs both ways and compares), only faster. Each can be turned off
 * alone with its variable set to `0`, or all of them with `PERF_TRICKS=0`, to rule them out when
 * something behaves oddly; README lists the variables, docs/notes/perf-tricks.md what each saves.
 */
export const perfTricks = {
  /** zod 3's refine/transform/preprocess without a fresh getter object per call (zod-effects.ts). */
  zodEffects: 'PERF_ZOD_EFFECTS',
  /** Repeated statements as named prepared statements (prepared-statements.ts). */
  preparedStatements: 'PERF_PREPARED_STATEMENTS',
  /** Functions compiled from source text for the request read model's hot loops (generated-function.ts). */
  generatedFunctions: 'PERF_GENERATED_FUNCTIONS',
  /** The write side's cache of the request streams this process appended to (stream-cache.ts). */
  streamCache: 'PERF_STREAM_CACHE',
} as const;

export type PerfTrick = keyof typeof perfTricks;

/** Whether a trick is on in this environment (on unless its variable or PERF_TRICKS is `0`). */
export const perfTrickOn = (trick: PerfTrick, env: NodeJS.ProcessEnv = process.env): boolean =>
  env.PERF_TRICKS !== '0' && env[perfTricks[trick]] !== '0';
