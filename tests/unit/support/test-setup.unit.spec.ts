import { describe, expect, it } from 'vitest';
import { SetupMissing, ensurePrograms, machinePrograms } from '../../../scripts/test-setup.mjs';

describe('npm test sets itself up (scripts/test-setup.mjs)', () => {
  const missing = (name: string, packages: string[]) => ({ ru: `${name} (рус.)`, en: name, present: () => false, packages });

  it('when not root, stops at once with one Russian/English line naming what is missing and the command that installs it', () => {
    let error: unknown;
    try {
      ensurePrograms([missing('chromium', ['chromium']), missing('GOST engine', ['openssl', 'libengine-gost-openssl'])], false);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(SetupMissing);
    const line = (error as Error).message;
    expect(line).toBe('Тестам не хватает: chromium (рус.), GOST engine (рус.) / Tests need: chromium, GOST engine. Установите / install: sudo apt-get install -y chromium openssl libengine-gost-openssl');
    expect(line).not.toContain('\n');
  });

  it('asks nothing of what is present', () => {
    expect(() => ensurePrograms([{ ...missing('x', ['x']), present: () => true }], false)).not.toThrow();
  });

  it('knows the programs the tests call: chromium, the GOST engine, LibreOffice, poppler-utils', () => {
    expect(machinePrograms.flatMap((p) => p.packages)).toEqual(['chromium', 'openssl', 'libengine-gost-openssl', 'libreoffice-writer-nogui', 'libreoffice-calc-nogui', 'poppler-utils']);
    // This machine has them all (the test run itself depends on them).
    expect(() => ensurePrograms(machinePrograms, false)).not.toThrow();
  });
});
