import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Which of the browser workers' servers this test file uses. Each file takes a lease (a file named for
 * the slot, holding its pid, created exclusively) and gives it back when the file ends. VITEST_POOL_ID
 * is not used: Vitest hands out pool ids per group and a previous group's late release can give one
 * id to two running files, which made two files write to one server.
 */
const sleep = (ms: number): void => {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
};

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

const tryTake = (file: string): boolean => {
  try {
    writeFileSync(file, String(process.pid), { flag: 'wx' });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  // A lease whose process died without giving it back is free.
  const holder = Number(readFileSync(file, 'utf8'));
  if (holder && !alive(holder)) {
    try {
      unlinkSync(file);
    } catch {
      // another file took it back first
    }
  }
  return false;
};

export interface SlotLease {
  readonly index: number;
  release(): void;
}

/** Takes a free slot of `count` in `dir`, waiting while all are taken (a finishing file gives one back). */
export const takeSlot = (dir: string, count: number, timeoutMs = 120_000): SlotLease => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    for (let index = 0; index < count; index += 1) {
      const file = path.join(dir, `slot-${index}`);
      if (tryTake(file)) {
        let held = true;
        const release = () => {
          if (!held) return;
          held = false;
          try {
            unlinkSync(file);
          } catch {
            // already gone (the run's folder was removed)
          }
        };
        process.once('exit', release);
        return { index, release };
      }
    }
    if (Date.now() > deadline) throw new Error(`No free browser server of ${count} in ${timeoutMs} ms (${dir})`);
    sleep(50);
  }
};
