import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../api/config';

describe('PERF_PREPARED_STATEMENTS: repeated statements run prepared', () => {
  it('on unless turned off with 0, alone or with every trick (PERF_TRICKS=0)', () => {
    expect(loadConfig({}).preparedStatements).toBe(true);
    expect(loadConfig({ PERF_PREPARED_STATEMENTS: '1' }).preparedStatements).toBe(true);
    expect(loadConfig({ PERF_PREPARED_STATEMENTS: '0' }).preparedStatements).toBe(false);
    expect(loadConfig({ PERF_TRICKS: '0' }).preparedStatements).toBe(false);
  });
});
