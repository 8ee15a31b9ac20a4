import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../api/config';

describe('PREPARED_STATEMENTS: repeated statements run prepared', () => {
  it('on unless turned off with 0', () => {
    expect(loadConfig({}).preparedStatements).toBe(true);
    expect(loadConfig({ PREPARED_STATEMENTS: '1' }).preparedStatements).toBe(true);
    expect(loadConfig({ PREPARED_STATEMENTS: '0' }).preparedStatements).toBe(false);
  });
});
