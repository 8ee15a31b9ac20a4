import { z } from 'zod';
import { perfTrickOn } from './switches';

/**
 * zod 3's ZodEffects (every refine, superRefine, transform and preprocess) builds, on each parse, a
 * context object literal with a getter and binds its addIssue: V8 allocates a fresh accessor pair and
 * closures for it every time, a few hundred bytes of garbage per effect. A tool card runs ~30
 * effects; an import of 20,000 rows parses 40,000 cards. This replaces the synchronous path of
 * ZodEffects._parse with the same steps and a class instance for that context (its getter lives on
 * the prototype); an asynchronous parse keeps zod's own code. Results, issues and their order are
 * zod's (tests/unit/infrastructure/perf/zod-effects.unit.spec.ts compares both over generated values).
 *
 * A patch of zod's prototype, so it is never installed by importing a module: the server's entry
 * points call `installServerTricks()` (install.ts); the browser, which imports the same domain
 * schemas, runs plain zod. It relies on one copy of zod (package.json pins the version it was
 * written against).
 */
class CheckContext implements z.RefinementCtx {
  constructor(
    private readonly ctx: z.ParseContext,
    private readonly status: z.ParseStatus,
  ) {}
  readonly addIssue = (arg: z.IssueData): void => {
    z.addIssueToContext(this.ctx, arg);
    if (arg.fatal) this.status.abort();
    else this.status.dirty();
  };
  get path() {
    return this.ctx.path;
  }
}

type Effects = z.ZodEffects<z.ZodTypeAny>;
type Parse = Effects['_parse'];
const ORIGINAL = Symbol.for('itsup.zodEffects.original');
/** zod's prototype, holding its own _parse under ORIGINAL once patched (every copy of this module sees the one zod). */
export const zodEffectsPrototype = z.ZodEffects.prototype as Effects & { [ORIGINAL]?: Parse };

/** zod's own ZodEffects._parse, for the tests that compare both. */
export const zodEffectsParse: Parse = zodEffectsPrototype[ORIGINAL] ?? zodEffectsPrototype._parse;

/** The same steps as zod's synchronous path, with one class instance for the refinement context. */
export const fastEffectsParse: Parse = function (this: Effects, input: z.ParseInput): z.ParseReturnType<unknown> {
  if (input.parent.common.async) return zodEffectsParse.call(this, input);
  const { status, ctx } = this._processInputParams(input);
  const effect = this._def.effect;
  const check = new CheckContext(ctx, status);
  if (effect.type === 'preprocess') {
    const processed = effect.transform(ctx.data, check);
    if (status.value === 'aborted') return z.INVALID;
    const result = this._def.schema._parseSync({ data: processed, path: ctx.path, parent: ctx });
    if (result.status === 'aborted') return z.INVALID;
    if (result.status === 'dirty' || status.value === 'dirty') return z.DIRTY(result.value);
    return result;
  }
  if (effect.type === 'refinement') {
    const inner = this._def.schema._parseSync({ data: ctx.data, path: ctx.path, parent: ctx });
    if (inner.status === 'aborted') return z.INVALID;
    if (inner.status === 'dirty') status.dirty();
    if (effect.refinement(inner.value, check) instanceof Promise)
      throw new Error('Async refinement encountered during synchronous parse operation. Use .parseAsync instead.');
    return { status: status.value, value: inner.value };
  }
  const base = this._def.schema._parseSync({ data: ctx.data, path: ctx.path, parent: ctx });
  if (base.status !== 'valid') return z.INVALID;
  const result = effect.transform(base.value, check);
  if (result instanceof Promise) throw new Error('Asynchronous transform encountered during synchronous parse operation. Use .parseAsync instead.');
  return { status: status.value, value: result };
};

/** Installs the faster parse (or puts zod's own back with `on` false); PERF_ZOD_EFFECTS=0 keeps zod's. */
export const installZodEffects = (on: boolean = perfTrickOn('zodEffects')): void => {
  zodEffectsPrototype[ORIGINAL] ??= zodEffectsParse;
  zodEffectsPrototype._parse = on ? fastEffectsParse : zodEffectsParse;
};

/** Whether zod's prototype runs the faster parse now. */
export const zodEffectsInstalled = (): boolean => zodEffectsPrototype._parse !== zodEffectsParse;
