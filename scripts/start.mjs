#!/usr/bin/env node
// `npm start` on a fresh clone: installs dependencies when they are missing, builds the web
// client when it is missing or older than its sources, then runs the server (api/main.ts).
import { serverNodeArgs } from './server-node-args.mjs';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
process.chdir(root);

// Every failure says what failed and what to do (the server's own failures are explained in api/main.ts).
const stop = (message) => {
  console.error(`\nСлужба не запустилась.\n${message}\n`);
  process.exit(1);
};

const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 20 || (major === 20 && minor < 19))
  stop(`Нужен Node.js 20.19 или новее, а запущен ${process.versions.node}.\nУстановите свежий Node.js (https://nodejs.org) и повторите npm start.`);

const run = (cmd, args, what, fix) => {
  const r = spawnSync(cmd, args, { stdio: 'inherit' });
  if (r.error) stop(`${what}: не удалось запустить ${cmd} (${r.error.message}).\n${fix}`);
  if (r.status !== 0) stop(`${what}: ${cmd} ${args.join(' ')} завершился с кодом ${r.status ?? r.signal}; причина выше.\n${fix}`);
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
  run('npm', ['ci', '--no-audit', '--no-fund'], 'Не удалось установить зависимости', 'Проверьте доступ к реестру npm (или настройку npm config get registry) и повторите npm start.');
}

const dist = 'web/dist/index.html';
if (existsSync('web/index.html')) {
  const sources = Math.max(newest('web/src'), newest('domain'), statSync('web/index.html').mtimeMs);
  if (!existsSync(dist) || statSync(dist).mtimeMs < sources) {
    console.log('Собираю веб-клиент (npm run build)...');
    run('npm', ['run', 'build', '--silent'], 'Не удалось собрать веб-клиент', 'Если папка node_modules неполна, удалите её и повторите npm start (зависимости установятся заново).');
  }
}

const server = spawn(process.execPath, serverNodeArgs(), { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
