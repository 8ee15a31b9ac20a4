/**
 * How many browser files run side by side (BROWSER_WORKERS, default 1). Each worker is meant to have a
 * server and database of its own (browser-global-setup.ts). With 2, a full run failed on list counts
 * one higher than the file's own writes and a missing notice, as if two files met on one server: until
 * that is understood, files run one after another by default.
 */
export const browserWorkers = (): number => {
  const n = Number(process.env.BROWSER_WORKERS ?? 1);
  return Number.isInteger(n) && n >= 1 ? n : 1;
};
