import { perfTrickOn } from './switches';

/**
 * Functions compiled from source text, for the request read model's hottest loops (a rebuild folds
 * millions of events): V8 keeps an object of ~80 properties fast only when one object literal of a
 * fixed key order creates it (built by spreads or key by key it falls back to dictionary mode, where
 * every later copy costs tens of microseconds), and reads many named properties fastest as static
 * `a.name` reads. So a state, a row or a diff is built by a function whose body lists every key.
 *
 * Each comes with its plain twin, which computes the same from the same per-key values without
 * eval: PERF_GENERATED_FUNCTIONS=0 (or PERF_TRICKS=0) runs the twins instead, decided when the
 * module defining the function loads. tests/unit/infrastructure/perf/generated-functions.unit.spec.ts
 * loads the read model both ways and compares. Server side only: the client's CSP forbids eval.
 */

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

/** A key written into generated source: only plain lower-case identifiers, so no text can inject code. */
export const sourceKey = (key: string): string => {
  if (!IDENTIFIER.test(key)) throw new Error(`Not a plain identifier: ${key}`);
  return key;
};

/** One key of a generated object literal: its value as source text over the parameters, and the same as a function. */
export interface LiteralKey<A extends unknown[]> {
  readonly source: string;
  readonly value: (...args: A) => unknown;
}

/**
 * `(params) => ({ k1: source1, k2: source2, ... })` compiled, or with the switch off the plain twin
 * that builds the same object (same keys in the same order) from each key's `value`.
 */
export const objectLiteral = <A extends unknown[], R>(params: readonly string[], keys: readonly string[], keyOf: (key: string) => LiteralKey<A>): ((...args: A) => R) => {
  const parts = keys.map((k) => ({ key: sourceKey(k), ...keyOf(k) }));
  if (!perfTrickOn('generatedFunctions')) {
    return (...args: A) => {
      const out: Record<string, unknown> = {};
      for (const p of parts) out[p.key] = p.value(...args);
      return out as R;
    };
  }
  return new Function(...params.map(sourceKey), `return { ${parts.map((p) => `${p.key}: ${p.source}`).join(', ')} };`) as (...args: A) => R;
};

/**
 * The keys among `keys` whose values in `a` and `b` are not the same reference, in `keys` order:
 * compiled as one static read per key, or with the switch off a loop over the keys.
 */
export const changedKeys = <T extends object>(keys: readonly string[]): ((a: T, b: T) => string[]) => {
  const checked = keys.map(sourceKey);
  if (!perfTrickOn('generatedFunctions')) {
    return (a, b) => checked.filter((k) => (a as Record<string, unknown>)[k] !== (b as Record<string, unknown>)[k]);
  }
  return new Function('a', 'b', `const out = []; ${checked.map((k) => `if (a.${k} !== b.${k}) out.push('${k}');`).join(' ')} return out;`) as (a: T, b: T) => string[];
};
