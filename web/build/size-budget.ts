import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/**
 * The JavaScript a screen needs before it can show anything: the entry chunk, the screen's route
 * chunk and every chunk they import statically (dynamic imports load later, when asked for).
 */
export interface SizeBudget {
  readonly name: string;
  /** Route modules (paths as they end, e.g. 'web/src/app/pages/requests-page.tsx') loaded with the entry. */
  readonly routes: readonly string[];
  /** The most the screen's initial scripts may weigh gzipped (level 9, as web/build/precompress.ts writes them), KB of 1,000 bytes. */
  readonly maxGzipKB: number;
}

/** The part of a built chunk a budget reads (vite's OutputChunk has these). */
export interface BudgetChunk {
  readonly type: 'chunk';
  readonly fileName: string;
  readonly code: string;
  readonly isEntry: boolean;
  readonly facadeModuleId: string | null;
  readonly imports: readonly string[];
}

export interface BudgetMeasure {
  readonly budget: SizeBudget;
  readonly files: readonly string[];
  readonly rawBytes: number;
  readonly gzipBytes: number;
  readonly over: boolean;
}

const KB = 1000;

/** The chunks loaded at once with the entry and `routes`, in the order they are reached. */
export const initialChunks = (chunks: readonly BudgetChunk[], routes: readonly string[]): BudgetChunk[] => {
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  const roots = chunks.filter((c) => c.isEntry);
  if (roots.length === 0) throw new Error('size budget: the build has no entry chunk');
  for (const route of routes) {
    const chunk = chunks.find((c) => c.facadeModuleId?.replaceAll('\\', '/').endsWith(route));
    if (!chunk) throw new Error(`size budget: no chunk is the route ${route} (is it still imported lazily?)`);
    roots.push(chunk);
  }
  const seen = new Map<string, BudgetChunk>();
  const visit = (chunk: BudgetChunk) => {
    if (seen.has(chunk.fileName)) return;
    seen.set(chunk.fileName, chunk);
    for (const name of chunk.imports) {
      const next = byName.get(name);
      if (next) visit(next);
    }
  };
  roots.forEach(visit);
  return [...seen.values()];
};

const gzipSizes = new Map<string, number>();
const gzipSize = (chunk: BudgetChunk): number => {
  const key = `${chunk.fileName}:${chunk.code.length}`;
  let size = gzipSizes.get(key);
  if (size === undefined) gzipSizes.set(key, (size = gzipSync(chunk.code, { level: 9 }).length));
  return size;
};

export const measureBudget = (chunks: readonly BudgetChunk[], budget: SizeBudget): BudgetMeasure => {
  const initial = initialChunks(chunks, budget.routes);
  const gzipBytes = initial.reduce((s, c) => s + gzipSize(c), 0);
  return {
    budget,
    files: initial.map((c) => c.fileName),
    rawBytes: initial.reduce((s, c) => s + Buffer.byteLength(c.code), 0),
    gzipBytes,
    over: gzipBytes > budget.maxGzipKB * KB,
  };
};

export const budgetLine = (m: BudgetMeasure): string =>
  `${m.budget.name}: ${m.files.length} scripts, ${(m.rawBytes / KB).toFixed(0)} KB, ${(m.gzipBytes / KB).toFixed(1)} KB gzipped (budget ${m.budget.maxGzipKB} KB)${m.over ? ' OVER BUDGET' : ''}`;

/** Checks every budget once the bundle is final; a build over any budget fails, naming its scripts. */
export const sizeBudgetPlugin = (budgets: readonly SizeBudget[]): Plugin => {
  let production = true;
  return {
    name: 'itsup:size-budget',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      production = config.isProduction;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((o): o is (typeof o & BudgetChunk) => o.type === 'chunk');
      const measures = budgets.map((b) => measureBudget(chunks, b));
      for (const m of measures) this.info(budgetLine(m));
      // A development bundle (NODE_ENV other than production: React's development build) is not what ships.
      if (!production) return this.info('size budgets not enforced: not a production build (NODE_ENV is not production)');
      const over = measures.filter((m) => m.over);
      if (over.length > 0)
        this.error(`initial JavaScript over its size budget (web/build/budgets.ts):\n${over.map((m) => `${budgetLine(m)}\n  ${m.files.join(', ')}`).join('\n')}`);
    },
  };
};
