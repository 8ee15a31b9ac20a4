import { readFileSync } from 'node:fs';
import path from 'node:path';
import { bundleScript } from '../../support/bundle-script';

const version = (JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../../package.json'), 'utf8')) as { version: string }).version;

/** Bundles main.tsx (the request dialog alone) into one script served on the app's origin. */
export const buildRequestDialogHost = (): Promise<string> => bundleScript(path.join(import.meta.dirname, 'main.tsx'), version);
