#!/usr/bin/env node
// `npm start` on a fresh clone: installs dependencies when they are missing, builds the web
// client when it is missing or older than its sources, then runs the server (api/main.ts).
import { serverNodeArgs } from './server-node-args.mjs';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
process.chdir(root);

const run = (cmd, args) => {
  const r = spawnSync(cmd, args, { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
};

const newest = (dir) => {
  let t = 0;
  if (!existsSync(dir)) return t;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    t = Math.max(t, entry.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
};

if (!existsSync('node_modules/.package-lock.json')) {
  console.log('Устанавливаю зависимости (npm ci)...');
  run('npm', ['ci', '--no-audit', '--no-fund']);
}

const dist = 'web/dist/index.html';
if (existsSync('web/index.html')) {
  const sources = Math.max(newest('web/src'), newest('domain'), statSync('web/index.html').mtimeMs);
  if (!existsSync(dist) || statSync(dist).mtimeMs < sources) {
    console.log('Собираю веб-клиент (npm run build)...');
    run('npm', ['run', 'build', '--silent']);
  }
}

const server = spawn(process.execPath, serverNodeArgs(), { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
