import { defineConfig } from 'vitest/config';
import { viteAliases } from './web/aliases.mjs';
import { browserWorkers } from './tests/support/browser-workers';

// Three groups: unit (pure, fast), integration (real PostgreSQL, Redis, SMTP sink; one database
// per test file), browser (Debian chromium driving the app as `npm start` serves it).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.unit.spec.ts', 'tests/unit/**/*.unit.spec.tsx'],
          // A unit test of client code resolves the client's aliases as its build does.
          alias: viteAliases,
          environment: 'node',
          // Groups run one after another: unit, integration, browser (the last alone on the machine).
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.int.spec.ts'],
          environment: 'node',
          globalSetup: ['tests/support/integration-global-setup.ts'],
          setupFiles: ['tests/support/server-tricks.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          maxWorkers: 2,
          // Files share a worker's module cache: each file starts its own app on its own database, and
          // importing the whole server anew per file cost more than most files' tests (no file mocks a module).
          isolate: false,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: 'browser',
          include: ['tests/browser/**/*.e2e.spec.ts'],
          environment: 'node',
          globalSetup: ['tests/support/browser-global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 300_000,
          // The page shows a server's answer after a round trip and a render: under CI's load (two
          // browsers and their servers on two cores) that took over vitest's default second.
          expect: { poll: { timeout: 10_000 } },
          // Files side by side, each worker against its own server and database (browser-workers.ts).
          maxWorkers: browserWorkers(),
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
