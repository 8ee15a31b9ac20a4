import { ensurePrograms, machinePrograms } from '../../scripts/test-setup.mjs';

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

/** Installs chromium when it is missing and we are root; otherwise stops saying how to get it (scripts/test-setup.mjs). */
export const ensureChromium = (): void => ensurePrograms(machinePrograms.filter((p) => p.packages.includes('chromium')));
