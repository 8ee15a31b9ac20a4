import { describe, expect, it } from 'vitest';
import { bullmqConnectionOf } from '../../../api/jobs/bullmq-queue';
import { withSettings } from '../../../infrastructure/db/pool';

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

  it('stay with the connection the job queue opens, beside the search_path BullMQ adds to them', () => {
    const url = withSettings('postgres://postgres@127.0.0.1:5432/itsup?application_name=api', { jit: 'off' });
    const c = bullmqConnectionOf(url, 4);
    expect(c.options).toBe('-c jit=off');
    const u = new URL(c.connectionString);
    expect(u.searchParams.has('options')).toBe(false);
    expect(u.searchParams.get('application_name')).toBe('api');
    expect(`${u.host}${u.pathname}`).toBe('127.0.0.1:5432/itsup');
    expect(bullmqConnectionOf('postgres://postgres@127.0.0.1:5432/itsup', 4)).not.toHaveProperty('options');
  });
});
