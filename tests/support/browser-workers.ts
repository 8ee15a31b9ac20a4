/**
 * How many browser files run side by side (BROWSER_WORKERS, default 2). Each worker has a server and
 * database of its own (browser-global-setup.ts), so files running together share no data: a file
 * meets only the demo data and what the files before it in its own worker wrote.
 */
export const browserWorkers = (): number => {
  const n = Number(process.env.BROWSER_WORKERS ?? 2);
  return Number.isInteger(n) && n >= 1 ? n : 2;
};
