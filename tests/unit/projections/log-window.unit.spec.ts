import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Position, StoredEvent } from '../../../infrastructure/eventstore/port';
import { LogWindow } from '../../../processors/log-window';

const at = (n: number): Position => ({ commit: BigInt(n), prepare: BigInt(n) });
const event = (n: number): StoredEvent =>
  ({ position: at(n), type: 'E', streamId: 's', revision: n, data: {}, metadata: {}, schemaVersion: 1 }) as unknown as StoredEvent;
const events = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => event(from + i));
const numbers = (list: StoredEvent[] | null) => list && list.map((e) => Number(e.position.commit));

describe('LogWindow', () => {
  it('given nothing read, tells nothing', () => {
    expect(new LogWindow().read(null, 10)).toBeNull();
  });

  it('given contiguous batches, hands out what follows a checkpoint inside them', () => {
    const w = new LogWindow();
    w.record(null, events(1, 3));
    w.record(at(3), events(4, 6));
    expect(numbers(w.read(null, 10))).toEqual([1, 2, 3, 4, 5, 6]);
    expect(numbers(w.read(at(4), 10))).toEqual([5, 6]);
    expect(numbers(w.read(at(4), 1))).toEqual([5]);
    expect(w.read(at(6), 10)).toEqual([]);
  });

  it('given a checkpoint before the window or past it, says it cannot tell', () => {
    const w = new LogWindow();
    w.record(at(10), events(11, 12));
    expect(w.read(at(9), 10)).toBeNull();
    expect(w.read(null, 10)).toBeNull();
    expect(w.read(at(13), 10)).toBeNull();
    expect(numbers(w.read(at(10), 10))).toEqual([11, 12]);
  });

  it('given a read that does not continue the window, starts a new one', () => {
    const w = new LogWindow();
    w.record(null, events(1, 5));
    w.record(at(2), events(3, 4)); // the reader went back (a projection reloaded its checkpoint)
    expect(w.read(at(1), 10)).toBeNull();
    expect(numbers(w.read(at(2), 10))).toEqual([3, 4]);
  });

  it('keeps only the newest events and forgets everything when cleared', () => {
    const w = new LogWindow(3);
    w.record(null, events(1, 5));
    expect(w.read(at(1), 10)).toBeNull();
    expect(numbers(w.read(at(2), 10))).toEqual([3, 4, 5]);
    w.clear();
    expect(w.read(at(4), 10)).toBeNull();
  });

  it('never hands out a run that differs from the log after the checkpoint (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ back: fc.nat(5), size: fc.integer({ min: 1, max: 6 }) }), { maxLength: 12 }),
        fc.integer({ min: 1, max: 8 }),
        fc.nat(40),
        (reads, capacity, checkpoint) => {
          // The log is 1, 2, 3 ...; the reader reads after a position near its last one.
          const w = new LogWindow(capacity);
          let last = 0;
          for (const r of reads) {
            const after = Math.max(0, last - r.back);
            w.record(after === 0 ? null : at(after), events(after + 1, after + r.size));
            last = after + r.size;
          }
          const got = numbers(w.read(checkpoint === 0 ? null : at(checkpoint), 100));
          if (got === null) return;
          expect(got).toEqual(got.length ? Array.from({ length: got.length }, (_, i) => checkpoint + 1 + i) : []);
          if (got.length) expect(got[got.length - 1]).toBe(last);
        },
      ),
    );
  });
});
