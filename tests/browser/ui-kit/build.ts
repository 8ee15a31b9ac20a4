import path from 'node:path';
import { bundleScript } from '../../support/bundle-script';

/** Bundles main.tsx (the component gallery) into one script a blank page can run. */
export const buildUiKit = (): Promise<string> => bundleScript(path.join(import.meta.dirname, 'main.tsx'), 'ui-kit');
