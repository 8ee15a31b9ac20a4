import { describe, expect, it } from 'vitest';
import { urlWithoutSettings, withSettings } from '../../../infrastructure/db/pool';

describe('pool settings', () => {
  it('go to the server as -c options of the connection, keeping the rest of the URL', () => {
    const url = withSettings('postgres://postgres@127.0.0.1:5432/itsup?application_name=reports', { max_parallel_workers_per_gather: 0, work_mem: '64MB' });
    const u = new URL(url);
    expect(u.searchParams.get('options')).toBe('-c max_parallel_workers_per_gather=0 -c work_mem=64MB');
    expect(u.searchParams.get('application_name')).toBe('reports');
    expect(`${u.host}${u.pathname}`).toBe('127.0.0.1:5432/itsup');
  });

  it('leave a URL without settings as it is', () => {
    expect(withSettings('postgres://postgres@127.0.0.1:5432/itsup', undefined)).toBe('postgres://postgres@127.0.0.1:5432/itsup');
    expect(withSettings('postgres://postgres@127.0.0.1:5432/itsup', {})).toBe('postgres://postgres@127.0.0.1:5432/itsup');
  });

  it('come off again for a client that sets its own options (the job queue pins its search_path there)', () => {
    const url = withSettings('postgres://postgres@127.0.0.1:5432/itsup?application_name=api', { jit: 'off' });
    const u = new URL(urlWithoutSettings(url));
    expect(u.searchParams.has('options')).toBe(false);
    expect(u.searchParams.get('application_name')).toBe('api');
    expect(`${u.host}${u.pathname}`).toBe('127.0.0.1:5432/itsup');
  });
});
