import { describe, expect, it } from 'vitest';
import { latestLogPosition, rememberLogPosition } from '@/lib/api/log-position';

describe('the client keeps the latest log position it was given', () => {
  it('keeps the later of two, whatever order the answers arrive in, and ignores malformed ones', () => {
    expect(latestLogPosition()).toBeNull();
    rememberLogPosition('100.7');
    rememberLogPosition('99.900');
    rememberLogPosition('100.6');
    expect(latestLogPosition()).toBe('100.7');
    rememberLogPosition('100.12');
    expect(latestLogPosition()).toBe('100.12');
    rememberLogPosition('101.1');
    rememberLogPosition('garbage');
    rememberLogPosition(null);
    expect(latestLogPosition()).toBe('101.1');
  });
});
