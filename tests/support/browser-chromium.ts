import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** Debian's chromium, launched the way the guide says. */
export const CHROMIUM = '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
] as const;

/** Installs chromium when it is missing and we are root; otherwise says how to get it. */
export const ensureChromium = (): void => {
  if (existsSync(CHROMIUM)) return;
  if (process.getuid?.() !== 0)
    throw new Error(`Browser tests need Debian chromium at ${CHROMIUM}. Install it: sudo apt-get install -y chromium`);
  console.log('[browser] installing chromium (apt-get install -y chromium)...');
  execSync('apt-get install -y chromium', { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  if (!existsSync(CHROMIUM)) throw new Error(`apt-get finished but ${CHROMIUM} is still missing`);
};
