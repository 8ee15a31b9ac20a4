import { describe, expect, it } from 'vitest';
import { createSoftCa, issueSoftKey } from '../../../../domain/signing/soft-ca';
import { certificateInfo, fromBase64, parseSoftKey, serialHex, signDetachedSoft, toBase64 } from '../../../../domain/signing/soft-signer';
import { verifyDetachedCms } from '../../../../infrastructure/signature/verify-cms';
import { noCrls, trustOf } from '../../../support/demo-signing';

const validity = { notBefore: new Date('2026-01-01T00:00:00Z'), notAfter: new Date('2030-01-01T00:00:00Z') };

describe('the software signer', () => {
  it('base64 round-trips any bytes', () => {
    for (const n of [0, 1, 2, 3, 4, 5, 255]) {
      const bytes = Uint8Array.from({ length: n }, (_, i) => (i * 37) & 255);
      expect(fromBase64(toBase64(bytes))).toEqual(bytes);
      expect(toBase64(bytes)).toBe(Buffer.from(bytes).toString('base64'));
    }
  });

  it('a key file parses back; a foreign file is refused in Russian', async () => {
    const ca = await createSoftCa('Тестовый УЦ', validity);
    const key = await issueSoftKey(ca, 'Сидоров Николай Петрович', validity);
    expect(parseSoftKey(JSON.stringify(key))).toEqual(key);
    expect(() => parseSoftKey('{"format":"other"}')).toThrow('Файл не является ключом подписи (ожидается .key.json)');
    expect(() => parseSoftKey('not json')).toThrow('Файл ключа не является JSON');
    const info = certificateInfo(fromBase64(key.certificate));
    expect(info).toMatchObject({ subject: 'CN=Сидоров Николай Петрович, C=RU', validFrom: validity.notBefore.toISOString(), validTo: validity.notAfter.toISOString() });
    expect(info.thumbprint).toMatch(/^[0-9A-F]{40}$/);
    expect(info.issuer).toContain('CN=Тестовый УЦ');
  });

  it('names a serial as whole bytes, as the verifier does, whatever its leading nibble', () => {
    expect(serialHex(0x4a37045)).toBe('04A37045');
    expect(serialHex(0x14a37045)).toBe('14A37045');
    expect(serialHex('0x00ff')).toBe('FF');
    expect(serialHex('abc')).toBe('0ABC');
  });

  it('signs detached bytes that the server verifies, and names the owner, serial and signing time', async () => {
    const ca = await createSoftCa('Тестовый УЦ', validity);
    const key = await issueSoftKey(ca, 'Сидоров Николай Петрович', validity);
    const bytes = new TextEncoder().encode('акт');
    const signature = await signDetachedSoft(key, bytes);
    const v = await verifyDetachedCms({ signature, content: bytes, chosenCertificate: fromBase64(key.certificate), trust: trustOf(ca), crls: noCrls, now: new Date() });
    const info = certificateInfo(fromBase64(key.certificate));
    expect(v.signer).toMatchObject({ owner: 'Сидоров Николай Петрович', serial: info.serial, thumbprint: info.thumbprint, keyKind: 'gost256', signTool: expect.stringMatching(/^Демонстрационная подпись/) });
    expect(v.revocation.status).toBe('not_checked');
    expect(v.chain.map((c) => c.owner)).toEqual(['Сидоров Николай Петрович', 'Тестовый УЦ']);
    expect(Math.abs(v.signedAt.getTime() - Date.now())).toBeLessThan(60_000);
    // A changed signature value is refused.
    const broken = signature.slice();
    broken[broken.length - 5] = broken.at(-5)! ^ 1;
    await expect(verifyDetachedCms({ signature: broken, content: bytes, chosenCertificate: null, trust: trustOf(ca), crls: noCrls, now: new Date() })).rejects.toThrow(
      'Не удалось проверить подпись: подпись не соответствует сертификату',
    );
  });
});
