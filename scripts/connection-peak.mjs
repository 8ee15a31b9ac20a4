#!/usr/bin/env node
// `node scripts/connection-peak.mjs <command...>`: runs the command and polls pg_stat_activity every
// 100 ms, counting the connections to the databases the command's test run made (t_<pid>_..., and the
// templates itsup_tpl_<pid>_..., where <pid> is a process of the command's tree). Prints the peak and
// when it happened. The admin connection that creates and drops those databases (to the `test`
// database, one at a time) is not counted. docs/notes/test-setup.md records the figures.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import pg from 'pg';

const command = process.argv.slice(2);
if (command.length === 0) {
  console.error('usage: node scripts/connection-peak.mjs <command...>');
  process.exit(2);
}
const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test' });
await admin.connect();

const child = spawn(command[0], command.slice(1), { stdio: 'inherit' });
const parentOf = (pid) => {
  try {
    return Number(readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /s, '').split(' ')[1]);
  } catch {
    return 0;
  }
};
const known = new Map();
/** Whether a process (alive when first seen) descends from the command. */
const ours = (pid) => {
  if (!known.has(pid)) {
    let p = pid;
    while (p > 1 && p !== child.pid) p = parentOf(p);
    known.set(pid, p === child.pid);
  }
  return known.get(pid);
};

const started = Date.now();
let peak = { n: 0, at: 0, byDatabase: {} };
let samples = 0;
const poll = setInterval(async () => {
  const { rows } = await admin.query(String.raw`SELECT datname, count(*)::int AS n FROM pg_stat_activity WHERE datname ~ '^(t|itsup_tpl)_\d+_' GROUP BY datname`);
  samples += 1;
  let n = 0;
  const byDatabase = {};
  for (const r of rows) {
    const pid = Number(r.datname.split('_')[r.datname.startsWith('t_') ? 1 : 2]);
    if (!ours(pid)) continue;
    n += r.n;
    byDatabase[r.datname] = r.n;
  }
  if (n > peak.n) peak = { n, at: (Date.now() - started) / 1000, byDatabase };
}, 100);

const code = await new Promise((resolve) => child.on('exit', (c) => resolve(c ?? 1)));
clearInterval(poll);
await admin.end();
console.log(`\nconnection peak: ${peak.n} at ${peak.at.toFixed(1)} s of ${((Date.now() - started) / 1000).toFixed(0)} s (${samples} samples every 100 ms)`);
console.log(JSON.stringify(peak.byDatabase));
process.exit(code);
