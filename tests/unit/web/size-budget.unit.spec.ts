import { describe, expect, it } from 'vitest';
import { budgets } from '../../../web/build/budgets';
import { initialChunks, measureBudget, sizeBudgetPlugin, type BudgetChunk } from '../../../web/build/size-budget';
import viteConfig from '../../../web/vite.config';

/** Incompressible text of `n` bytes: the gzipped size stays close to it. */
const noise = (n: number, seed: number) => {
  let x = seed;
  let s = '';
  while (s.length < n) {
    x = (x * 1103515245 + 12345) % 2 ** 31;
    s += x.toString(36);
  }
  return s.slice(0, n);
};

const chunk = (fileName: string, size: number, imports: string[] = [], extra: Partial<BudgetChunk> = {}): BudgetChunk => ({
  type: 'chunk',
  fileName,
  code: noise(size, fileName.length * 7919 + size),
  isEntry: false,
  facadeModuleId: null,
  imports,
  ...extra,
});

// The entry and the list route share a vendor chunk; the dialog is imported dynamically (not in `imports`).
const bundle = [
  chunk('assets/index.js', 20_000, ['assets/vendor.js'], { isEntry: true, facadeModuleId: '/app/web/index.html' }),
  chunk('assets/vendor.js', 150_000),
  chunk('assets/requests-page.js', 30_000, ['assets/vendor.js', 'assets/table.js'], { facadeModuleId: '/app/web/src/app/pages/requests-page.tsx' }),
  chunk('assets/table.js', 10_000),
  chunk('assets/request-dialog.js', 400_000, ['assets/vendor.js'], { facadeModuleId: '/app/web/src/features/request-dialog/index.ts' }),
];

describe('the size budget of a first screen', () => {
  it('counts the entry, the route and what they import statically, not what loads later', () => {
    expect(initialChunks(bundle, ['web/src/app/pages/requests-page.tsx']).map((c) => c.fileName).sort()).toEqual([
      'assets/index.js',
      'assets/requests-page.js',
      'assets/table.js',
      'assets/vendor.js',
    ]);
  });

  it('measures gzipped bytes and is over budget only past it', () => {
    const within = measureBudget(bundle, { name: 'list', routes: ['web/src/app/pages/requests-page.tsx'], maxGzipKB: 300 });
    expect(within.over).toBe(false);
    expect(within.rawBytes).toBe(210_000);
    expect(within.gzipBytes).toBeGreaterThan(100_000);
    expect(within.gzipBytes).toBeLessThan(210_000);
    expect(measureBudget(bundle, { name: 'list', routes: ['web/src/app/pages/requests-page.tsx'], maxGzipKB: 50 }).over).toBe(true);
  });

  it('refuses a route that is no chunk of its own (imported statically somewhere)', () => {
    expect(() => initialChunks(bundle, ['web/src/app/pages/tools-page.tsx'])).toThrow(/no chunk is the route/);
  });

  it('fails the build over budget, naming the screen and its scripts', () => {
    const plugin = sizeBudgetPlugin([{ name: 'the request list', routes: ['web/src/app/pages/requests-page.tsx'], maxGzipKB: 50 }]);
    const logs: string[] = [];
    const context = {
      info: (m: string) => logs.push(m),
      error: (m: string) => {
        throw new Error(m);
      },
    };
    const generate = plugin.generateBundle as unknown as (this: typeof context, options: unknown, bundle: Record<string, BudgetChunk>) => void;
    const output = Object.fromEntries(bundle.map((c) => [c.fileName, c]));
    expect(() => generate.call(context, {}, output)).toThrow(/the request list: 4 scripts, .* OVER BUDGET\n {2}assets\/index\.js/);
    const fine = sizeBudgetPlugin([{ name: 'the request list', routes: ['web/src/app/pages/requests-page.tsx'], maxGzipKB: 300 }]);
    (fine.generateBundle as unknown as typeof generate).call(context, {}, output);
    expect(logs.at(-1)).toMatch(/^the request list: 4 scripts, 210 KB, .* KB gzipped \(budget 300 KB\)$/);
    // A development bundle (React's development build) is measured, not judged: it is not what ships.
    const development = sizeBudgetPlugin([{ name: 'the request list', routes: ['web/src/app/pages/requests-page.tsx'], maxGzipKB: 50 }]);
    (development.configResolved as unknown as (config: { isProduction: boolean }) => void)({ isProduction: false });
    (development.generateBundle as unknown as typeof generate).call(context, {}, output);
    expect(logs.at(-1)).toMatch(/not enforced: not a production build/);
  });

  it('is part of the client build, with the issue\'s ceiling for the request and equipment lists', () => {
    const config = viteConfig as { plugins?: unknown[] };
    const names = (config.plugins ?? []).flat().map((p) => (p as { name?: string } | null)?.name);
    expect(names).toContain('itsup:size-budget');
    expect(names).toContain('itsup:precompress');
    expect(budgets.map((b) => b.routes[0])).toEqual(['web/src/app/pages/requests-page.tsx', 'web/src/app/pages/tools-page.tsx']);
    for (const b of budgets) expect(b.maxGzipKB).toBeLessThanOrEqual(350);
  });
});
