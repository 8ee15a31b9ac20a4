// The report job's sandboxed processor entry (api/jobs/report.ts gives it to BullMQ, which forks a
// child process for it): the child loads TypeScript through tsx's hooks, whether the server runs
// under `node --import tsx` (npm start) or vitest.
import { readdirSync } from 'node:fs';
import { setPriority } from 'node:os';
import { register } from 'tsx/esm/api';

if (process.send) {
  // A lower CPU priority (nice 10; REPORT_WORKER_NICE to change it) for every thread of the child, so
  // the desk's commands win the cores while a report runs (on Linux a nice value is per thread;
  // threads made later inherit it).
  const nice = Number(process.env.REPORT_WORKER_NICE ?? 10) || 0;
  let tids = [process.pid];
  try {
    tids = readdirSync('/proc/self/task').map(Number);
  } catch {
    /* not Linux: the process's own */
  }
  for (const tid of tids) {
    try {
      if (nice) setPriority(tid, nice);
    } catch {
      /* not allowed: normal priority */
    }
  }
  // The server went away without stopping its children (killed): nothing is left to report to.
  process.once('disconnect', () => process.exit(0));
}

register();
const { default: processReport } = await import('./report-worker.ts');
export default processReport;
