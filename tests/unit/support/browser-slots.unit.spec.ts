import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { takeSlot } from '../../support/browser-slots';

describe('browser server leases', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));
  const fresh = () => (dir = mkdtempSync(path.join(tmpdir(), 'slots-spec-')));

  it('gives two files two different servers, and a third waits until one is given back', () => {
    fresh();
    const a = takeSlot(dir, 2);
    const b = takeSlot(dir, 2);
    expect([a.index, b.index]).toEqual([0, 1]);
    expect(() => takeSlot(dir, 2, 120)).toThrow(/No free browser server of 2/);
    a.release();
    expect(existsSync(path.join(dir, 'slot-0'))).toBe(false);
    expect(takeSlot(dir, 2, 120).index).toBe(0);
    b.release();
  });

  it('takes back a lease whose process died without giving it back', () => {
    fresh();
    const dead = spawnSync(process.execPath, ['-e', '0']).pid;
    writeFileSync(path.join(dir, 'slot-0'), String(dead));
    expect(takeSlot(dir, 1, 1_000).index).toBe(0);
  });

  it('does not take a lease a living process holds', () => {
    fresh();
    writeFileSync(path.join(dir, 'slot-0'), String(process.ppid));
    expect(() => takeSlot(dir, 1, 120)).toThrow(/No free browser server/);
  });
});
