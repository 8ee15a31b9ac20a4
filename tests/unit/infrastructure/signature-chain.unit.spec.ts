import { beforeAll, describe, expect, it } from 'vitest';
import { createSoftCa, createSoftCrl, createSoftIssuingCa, issueSoftKey, type SoftCa } from '../../../domain/signing/soft-ca';
import { fromBase64, signDetachedSoft, type SoftKey } from '../../../domain/signing/soft-signer';
import { parseCertificate } from '../../../infrastructure/signature/certificate';
import { parseCrl } from '../../../infrastructure/signature/crl';
import { certificatesOfFile, PkiFileError } from '../../../infrastructure/signature/pki-files';
import type { CrlSource } from '../../../infrastructure/signature/revocation';
import { verifyDetachedCms } from '../../../infrastructure/signature/verify-cms';
import { noCrls, trustOf } from '../../support/demo-signing';

/**
 * The chain and revocation checks over a software PKI (root → issuing CA → person): the signature
 * carries the person's certificate only, the issuing CA comes from the trust store.
 */
const DAY = 24 * 3600_000;
const now = new Date();
const validity = { notBefore: new Date(now.getTime() - DAY), notAfter: new Date(now.getTime() + 365 * DAY) };
let root: SoftCa;
let issuing: SoftCa;
let person: SoftKey;
const bytes = new TextEncoder().encode('акт о выполнении ремонта');

beforeAll(async () => {
  root = await createSoftCa('Корневой УЦ', validity);
  issuing = await createSoftIssuingCa(root, 'Выдающий УЦ', validity);
  person = await issueSoftKey(issuing, { fio: 'Сидоров Николай Петрович', surname: 'Сидоров', givenNames: 'Николай Петрович' }, validity);
}, 30_000);

const verify = async (key: SoftKey, trust = trustOf(root, issuing), crls: CrlSource = noCrls) =>
  verifyDetachedCms({ signature: await signDetachedSoft(key, bytes), content: bytes, chosenCertificate: fromBase64(key.certificate), trust, crls, now });

const crlSource = (...lists: Uint8Array[]): CrlSource => {
  const parsed = lists.map(parseCrl);
  return { uploaded: (key) => Promise.resolve(parsed.filter((c) => c.issuerKey === key)), fetch: () => Promise.resolve(null) };
};

describe('the path to a trusted root', () => {
  it('is built through the store’s intermediate CA up to the root; names and extensions are read', async () => {
    const v = await verify(person);
    expect(v.chain.map((c) => c.owner)).toEqual(['Сидоров Николай Петрович', 'Выдающий УЦ', 'Корневой УЦ']);
    expect(v.signer).toMatchObject({ surname: 'Сидоров', given_name: 'Николай Петрович', ca: false, keyUsage: ['digitalSignature', 'nonRepudiation'] });
    expect(parseCertificate(fromBase64(issuing.certificate))).toMatchObject({ ca: true, pathLen: 0, keyUsage: ['keyCertSign', 'cRLSign'] });
  });
  it('is refused without the intermediate CA, with the root only as an intermediate, or past the issuer’s path length', async () => {
    const untrusted = 'Не удалось проверить подпись: сертификат не выдан доверенным удостоверяющим центром';
    await expect(verify(person, trustOf(root))).rejects.toThrow(untrusted);
    await expect(verify(person, { roots: [], intermediates: trustOf(root, issuing).intermediates })).rejects.toThrow(untrusted);
    // An issuing CA with path length 0 may not have issued a CA (the library lets one be made; the check refuses the path).
    const sub = await createSoftIssuingCa(issuing, 'Подчинённый УЦ', validity);
    const below = await issueSoftKey(sub, 'Петров Пётр Петрович', validity);
    await expect(verify(below, trustOf(root, issuing, sub))).rejects.toThrow(
      'удостоверяющий центр «Выдающий УЦ» не вправе выдавать сертификаты подчинённым центрам (ограничение длины цепочки)',
    );
  });
  it('a certificate expired when the signature arrives is refused, whatever signing time it claims; checked again later it stands', async () => {
    const later = new Date(validity.notAfter.getTime() + DAY);
    const signature = await signDetachedSoft(person, bytes);
    const input = { signature, content: bytes, chosenCertificate: null, trust: trustOf(root, issuing), crls: noCrls, now: later };
    await expect(verifyDetachedCms(input)).rejects.toThrow(/сертификат «Сидоров Николай Петрович» не действовал в момент подписания/);
    expect((await verifyDetachedCms({ ...input, receiving: false })).signer.owner).toBe('Сидоров Николай Петрович');
  });
  it('a CA certificate is not a signer’s', async () => {
    const asKey: SoftKey = { ...person, certificate: issuing.certificate, privateKey: issuing.privateKey, owner: 'Выдающий УЦ' };
    await expect(verify(asKey)).rejects.toThrow('сертификат удостоверяющего центра не может быть сертификатом подписанта');
  });
  it('current CRLs of every CA on the path make it good; a listed serial is revoked; none leaves it unknown', async () => {
    const next = new Date(now.getTime() + 7 * DAY);
    const from = new Date(now.getTime() - 60_000);
    const serial = parseCertificate(fromBase64(person.certificate)).serial;
    const good = await verify(person, undefined, crlSource(await createSoftCrl(root, [], from, next), await createSoftCrl(issuing, [], from, next)));
    expect(good.revocation.status).toBe('good');
    const half = await verify(person, undefined, crlSource(await createSoftCrl(issuing, [], from, next)));
    expect(half.revocation).toMatchObject({ status: 'not_checked', detail: expect.stringContaining('нет действующего списка отзыва «Корневой УЦ»') });
    await expect(verify(person, undefined, crlSource(await createSoftCrl(issuing, [serial], from, next, from)))).rejects.toThrow(/сертификат «Сидоров Николай Петрович» отозван/);
    // A list signed by another CA of the same name does not count.
    const impostor = await createSoftCa('Выдающий УЦ', validity);
    const forged = await verify(person, undefined, crlSource(await createSoftCrl(root, [], from, next), await createSoftCrl(impostor, [serial], from, next, from)));
    expect(forged.revocation.status).toBe('not_checked');
  }, 30_000);
});

describe('certificate files', () => {
  it('reads DER, PEM with several blocks, and base64 text; refuses what is not a certificate', () => {
    const der = fromBase64(root.certificate);
    const pem = (b64: string) => `-----BEGIN CERTIFICATE-----\n${b64.replace(/.{64}/g, '$&\n')}\n-----END CERTIFICATE-----\n`;
    expect(certificatesOfFile(der)).toHaveLength(1);
    expect(certificatesOfFile(new TextEncoder().encode(pem(root.certificate) + pem(issuing.certificate)))).toHaveLength(2);
    expect(certificatesOfFile(new TextEncoder().encode(root.certificate))).toHaveLength(1);
    expect(() => certificatesOfFile(new TextEncoder().encode('просто текст'))).toThrow(PkiFileError);
    expect(() => certificatesOfFile(der.subarray(0, 50))).toThrow(PkiFileError);
  });
});
