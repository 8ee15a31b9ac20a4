import { describe, expect, it } from 'vitest';
import { RightValue, type RightsObject } from '../../../../domain/rights';
import { createSoftCa, issueSoftKey } from '../../../../domain/signing/soft-ca';
import { fromBase64, toBase64 } from '../../../../domain/signing/soft-signer';
import { signingMessages } from '../../../../domain/signing/messages';
import { verifyDetachedCms } from '../../../../infrastructure/signature/verify-cms';
import { noCrls, trustOf } from '../../../support/demo-signing';
import { createCryptoProSigner, type CadesPlugin } from '../../../../web/src/lib/signing/cryptopro-signer';
import { isFullySigned, markTitle, progressLine, signableKindOf } from '../../../../web/src/lib/signing/model';
import { commonNameOf, isValidAt, SigningError } from '../../../../web/src/lib/signing/port';
import type { SignDocument, SignerMark } from '../../../../web/src/lib/signing/signing-api';
import { createSoftSigner } from '../../../../web/src/lib/signing/soft-signer';

const validity = () => ({ notBefore: new Date(Date.now() - 3600_000), notAfter: new Date(Date.now() + 30 * 24 * 3600_000) });

const mark = (id: number, signed: boolean): SignerMark => ({
  id,
  name: `Подписант ${id}`,
  signed,
  signedAt: signed ? '2026-11-24T09:00:00.000Z' : null,
  owner: signed ? `Владелец ${id}` : null,
  serial: signed ? '0A' : null,
});

const doc = (over: Partial<SignDocument> = {}): SignDocument => ({
  docId: 'f1',
  requestId: 7,
  requestNumber: 7,
  fileName: 'act.docx',
  signersCount: 3,
  signers: { iac: mark(1, true), unit: mark(2, false), final: mark(3, false) },
  mySignerKinds: ['unit'],
  nextSignerKind: 'unit',
  ...over,
});

const allSigning: RightsObject = { RIGHT_SIGNING_DOCS_IAC: RightValue.FULL, RIGHT_SIGNING_DOCS_UNIT: RightValue.FULL, RIGHT_SIGNING_DOCS_FINAL: RightValue.FULL };

describe('who may sign now (the button the screens show)', () => {
  it('given the object signer’s turn, when the object signer with the right looks, then the object role', () => {
    expect(signableKindOf(doc(), 2, allSigning)).toBe('unit');
  });
  it('given the object signer’s turn, when the final signer looks, then nothing (final only after object)', () => {
    expect(signableKindOf(doc(), 3, allSigning)).toBeNull();
  });
  it('given the assigned signer without the signing right of the role, then nothing', () => {
    expect(signableKindOf(doc(), 2, { RIGHT_SIGNING_DOCS_IAC: RightValue.FULL })).toBeNull();
  });
  it('given every signature, then nobody signs and the document reads as fully signed', () => {
    const done = doc({ signers: { iac: mark(1, true), unit: mark(2, true), final: mark(3, true) }, nextSignerKind: null });
    expect(signableKindOf(done, 3, allSigning)).toBeNull();
    expect(isFullySigned(done)).toBe(true);
    expect(isFullySigned(doc())).toBe(false);
  });
  it('given a 2-signer document, a missing final signer does not hold it unsigned', () => {
    expect(isFullySigned(doc({ signersCount: 2, signers: { iac: mark(1, true), unit: mark(2, true), final: null }, nextSignerKind: null }))).toBe(true);
  });
  it('writes the hover text and the progress line', () => {
    expect(markTitle(mark(1, true), () => '24.11.2026 12:00')).toBe('Владелец 1, 24.11.2026 12:00');
    expect(progressLine(3, 3, 0)).toBe('Подписано 3 из 3');
    expect(progressLine(3, 4, 1)).toBe('Подписано 2 из 4, ошибок: 1');
  });
  it('encodes and decodes base64 as Node’s own codec does (the one helper of the page and the signer)', () => {
    const bytes = Uint8Array.from({ length: 70_000 }, (_, i) => (i * 7) % 256);
    expect(toBase64(bytes)).toBe(Buffer.from(bytes).toString('base64'));
    for (const n of [0, 1, 2, 3, 4, 5]) {
      const part = bytes.subarray(0, n);
      expect([...fromBase64(Buffer.from(part).toString('base64'))]).toEqual([...part]);
    }
    expect([...fromBase64(`${Buffer.from(bytes.subarray(0, 60)).toString('base64').replace(/(.{16})/g, '$1\r\n')}`)]).toEqual([...bytes.subarray(0, 60)]);
  });
  it('reads a certificate’s owner and validity', () => {
    expect(commonNameOf('CN="Иванов Иван", O=Суд, C=RU')).toBe('Иванов Иван');
    expect(commonNameOf('O=Суд, CN=Петров П.П., C=RU')).toBe('Петров П.П.');
    expect(isValidAt({ validFrom: '2026-01-01T00:00:00Z', validTo: '2026-12-31T00:00:00Z' }, new Date('2027-01-02'))).toBe(false);
  });
});

describe('the software signer', () => {
  it('lists the key file’s certificate and makes a detached signature the server’s check accepts', async () => {
    const ca = await createSoftCa('Тестовый УЦ', validity());
    const key = await issueSoftKey(ca, 'Иванов Иван Иванович', validity());
    const signer = createSoftSigner(JSON.stringify(key));
    const [cert] = await signer.listCertificates();
    expect(cert).toMatchObject({ source: 'soft', owner: 'Иванов Иван Иванович', certificateBase64: key.certificate });
    expect(cert!.issuer).toContain('Тестовый УЦ');
    expect(cert!.thumbprint).toMatch(/^[0-9A-F]{40}$/);
    const bytes = new TextEncoder().encode('документ на подпись');
    const signature = await signer.signDetached(cert!, bytes);
    const facts = await verifyDetachedCms({
      signature,
      content: bytes,
      chosenCertificate: fromBase64(cert!.certificateBase64),
      trust: trustOf(ca),
      crls: noCrls,
      now: new Date(),
    });
    expect(facts.signer.owner).toBe('Иванов Иван Иванович');
    // A changed document does not verify against the same signature.
    await expect(
      verifyDetachedCms({ signature, content: new TextEncoder().encode('другой'), chosenCertificate: null, trust: trustOf(ca), crls: noCrls, now: new Date() }),
    ).rejects.toThrow();
  }, 30_000);
  it('refuses a file that is not a key with the Russian reason', () => {
    expect(() => createSoftSigner('{"format":"x"}')).toThrow(SigningError);
    expect(() => createSoftSigner('not json')).toThrow('Файл ключа не является JSON');
  });
});

/** A stand-in of the plug-in's async objects, recording what the signer asked for. */
const fakePlugin = (calls: string[]): CadesPlugin => {
  const cert = {
    SubjectName: Promise.resolve('CN=Сидоров С.С., O=Суд, C=RU'),
    IssuerName: Promise.resolve('CN=УЦ, C=RU'),
    ValidFromDate: Promise.resolve('2026-01-01T00:00:00Z'),
    ValidToDate: Promise.resolve('2027-01-01T00:00:00Z'),
    Thumbprint: Promise.resolve('AB12'),
    SerialNumber: Promise.resolve('01'),
    Export: () => Promise.resolve('MII\nBBB'),
  };
  const objects: Record<string, unknown> = {
    'CAdESCOM.Store': {
      Open: (...a: unknown[]) => Promise.resolve(void calls.push(`Open ${a.join(',')}`)),
      Close: () => Promise.resolve(),
      Certificates: Promise.resolve({ Count: Promise.resolve(1), Item: (i: number) => Promise.resolve(void calls.push(`Item ${i}`)).then(() => cert) }),
    },
    'CAdESCOM.CPSigner': { propset_Certificate: () => Promise.resolve(), propset_Options: (o: number) => Promise.resolve(void calls.push(`Options ${o}`)) },
    'CAdESCOM.CadesSignedData': {
      propset_ContentEncoding: (e: number) => Promise.resolve(void calls.push(`Encoding ${e}`)),
      propset_Content: (c: string) => Promise.resolve(void calls.push(`Content ${c}`)),
      SignCades: (_s: unknown, type: number, detached: boolean) => {
        calls.push(`SignCades ${type} ${detached}`);
        return type === 1 ? Promise.resolve(toBase64(new Uint8Array([48, 3, 2, 1, 5]))) : Promise.reject(new Error('bad type'));
      },
    },
  };
  return { CreateObjectAsync: ((name: string) => Promise.resolve(objects[name])) as CadesPlugin['CreateObjectAsync'], getLastError: () => 'Отказано' };
};

describe('the CryptoPro plug-in signer', () => {
  it('lists the personal store and signs CAdES-BES detached over the original bytes', async () => {
    const calls: string[] = [];
    const plugin = fakePlugin(calls);
    const signer = createCryptoProSigner(() => Promise.resolve({ plugin }));
    const [cert] = await signer.listCertificates();
    expect(cert).toMatchObject({ source: 'cryptopro', owner: 'Сидоров С.С.', thumbprint: 'AB12', serial: '01', certificateBase64: 'MIIBBB' });
    const signature = await signer.signDetached(cert!, new Uint8Array([1, 2, 3]));
    expect([...signature]).toEqual([48, 3, 2, 1, 5]);
    // Current user's 'My' store; binary content (base64 decoded by the plug-in); CADESCOM_CADES_BES, detached.
    expect(calls).toEqual(['Open 2,My,2', 'Item 1', 'Options 2', 'Encoding 1', `Content ${toBase64(new Uint8Array([1, 2, 3]))}`, 'SignCades 1 true']);
  });
  it('refuses a certificate it did not list with the spec’s message', async () => {
    const signer = createCryptoProSigner(() => Promise.resolve({ plugin: fakePlugin([]) }));
    await expect(
      signer.signDetached({ id: 'X', source: 'cryptopro', owner: '', subject: '', issuer: '', validFrom: '', validTo: '', thumbprint: 'X', serial: '', certificateBase64: '' }, new Uint8Array()),
    ).rejects.toThrow(signingMessages.certificateNotFound);
  });
  it('reports the plug-in’s own reason when signing fails', async () => {
    const plugin = fakePlugin([]);
    const broken: CadesPlugin = {
      ...plugin,
      CreateObjectAsync: ((name: string) =>
        name === 'CAdESCOM.CadesSignedData' ? Promise.reject(new Error('x')) : plugin.CreateObjectAsync(name as 'CAdESCOM.Store')) as CadesPlugin['CreateObjectAsync'],
    };
    const signer = createCryptoProSigner(() => Promise.resolve({ plugin: broken }));
    const [cert] = await signer.listCertificates();
    await expect(signer.signDetached(cert!, new Uint8Array([1]))).rejects.toThrow('Не удалось создать подпись: Отказано');
  });
});
