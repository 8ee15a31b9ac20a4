/**
 * How many browser files run side by side (BROWSER_WORKERS, default 2: the machine has 2 cores and a
 * browser file waits on its page much of the time). Each worker has a server and database of its own
 * (browser-global-setup.ts), and each file leases one of them for its whole run (browser-slots.ts).
 */
export const browserWorkers = (): number => {
  const n = Number(process.env.BROWSER_WORKERS ?? 2);
  return Number.isInteger(n) && n >= 1 ? n : 2;
};
