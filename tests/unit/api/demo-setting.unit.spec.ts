import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../api/config';

describe('DEMO: what an empty database gets', () => {
  it('demo data on the embedded database, the real start with DATABASE_URL', () => {
    expect(loadConfig({}).demo).toBe(true);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/x' }).demo).toBe(false);
  });

  it('DEMO=1 and DEMO=0 override either way', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://db/x', DEMO: '1' }).demo).toBe(true);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/x', DEMO: 'true' }).demo).toBe(true);
    expect(loadConfig({ DEMO: '0' }).demo).toBe(false);
  });
});
