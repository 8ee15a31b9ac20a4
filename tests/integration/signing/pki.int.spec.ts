import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { readdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import * as pkijs from 'pkijs';
import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSigning } from '../../../commands/signing/signing';
import { readTrustedCas } from '../../../commands/signing/trusted-cas';
import { kindOf } from '../../../domain/signing/trusted-cas';
import type { SignatureFacts } from '../../../domain/signing/events';
import { startTestApp, type ApiClient, type TestApp } from '../../support/app';
import { OpenSslPki, type Person } from '../../support/openssl-pki';

/**
 * The chain a court's signature is checked against, built by OpenSSL's GOST engine as a qualified CA
 * is (root → issuing CA → two people), the CRLs served by a small HTTP server and fetched by the
 * product (CRL_FETCH=1). The administrator trusts the root (with the issuing CA, one .p7b) through
 * the 'Доверенные УЦ' call and registers each person's certificate on their card; signatures carry
 * the end certificate only, as CryptoPro sends them.
 */
let app: TestApp;
let admin: ApiClient;
let signer: ApiClient;
let regional: ApiClient;
let pki: OpenSslPki;
let crlServer: Server;
const served: Record<string, Buffer> = {};
const ids: Record<string, number> = {};
let sidorov: Person;
let belova: Person;
const DOC = Buffer.from('СО-8: акт о выполнении ремонта. Сканер Canon DR-C240, серийный номер CN98765.');
let docSeq = 0;

const fetches: string[] = [];

beforeAll(async () => {
  crlServer = createServer((req, res) => {
    const name = (req.url ?? '').replace(/^\//, '');
    fetches.push(name);
    const body = served[name];
    if (!body) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/pkix-crl' }).end(body);
  });
  await new Promise<void>((resolve) => crlServer.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(crlServer.address() as AddressInfo).port}`;
  pki = new OpenSslPki('Тестовый аккредитованный УЦ', base).build();
  sidorov = pki.person('sidorov', { surname: 'Сидоров', given: 'Николай Петрович', snils: '11223344595' });
  belova = pki.person('belova', { surname: 'Белова', given: 'Екатерина Андреевна' });
  served['root.crl'] = pki.crl('root');

  app = await startTestApp({ env: { CRL_FETCH: '1', CRL_FETCH_TIMEOUT_MS: '5000' } });
  const pool = app.server.ctx.pool;
  const regionalLogin = String(await pool.oneFirst(sql.unsafe`SELECT login FROM rm_users WHERE login LIKE 'signer\\_%' ORDER BY login LIMIT 1`));
  [admin, signer, regional] = await Promise.all([app.signIn('admin'), app.signIn('signer'), app.signIn(regionalLogin)]);
  for (const r of (await pool.any(sql.unsafe`SELECT id, login FROM rm_users WHERE login = ANY(${sql.array(['signer', regionalLogin], 'text')})`)) as unknown as Array<{ id: number; login: string }>)
    ids[r.login === 'signer' ? 'signer' : 'regional'] = r.id;
}, 120_000);
afterAll(async () => {
  await app?.close();
  await new Promise((resolve) => crlServer?.close(resolve));
  pki?.dispose();
});

const documentToSign = async (): Promise<string> => {
  const ctx = app.server.ctx;
  const blob = await ctx.files.putBuffer(DOC);
  const docId = String(800_000_000 + (process.pid % 1000) * 1000 + ++docSeq);
  const requestId = Number(await ctx.pool.oneFirst(sql.unsafe`SELECT min(id) FROM rm_requests`));
  await startSigning(
    ctx,
    { doc_id: docId, request_id: requestId, request_number: 'pki', file_name: '77RS0001_actCO8_pki.docx', checksum: blob.checksum, signers_count: 2, signers: { iac: ids.signer!, unit: ids.regional!, final: null } },
    { userId: null, now: new Date().toISOString(), correlationId: 'test', causationId: null },
  );
  await app.settled();
  return docId;
};

const sign = (client: ApiClient, docId: string, kind: 'iac' | 'unit', who: 'signer' | 'regional', p: Pick<Person, 'certificate'>, signature: Buffer) =>
  client.multipart('POST', '/api/signs', { docId, signerKind: kind, signerId: ids[who], certificate: p.certificate }, [{ field: 'file', name: 'act.sig', content: signature }]);

const tmpFiles = () => readdirSync(path.join(app.server.ctx.files.root, 'tmp'), { withFileTypes: true }).filter((f) => f.isFile()).length;

const stored = async (docId: string) =>
  (await app.server.ctx.pool.oneFirst(sql.unsafe`SELECT signatures FROM rm_sign_documents WHERE doc_id = ${docId}`)) as Record<string, { facts: SignatureFacts; signature_file_id: string }>;

describe('a three-level GOST PKI made by OpenSSL, CRLs served over HTTP', () => {
  it('the root is trusted through the screen’s call; the right person’s signature is accepted, the other person’s certificate and a revoked one are refused', async () => {
    // A malformed bundle and a personal certificate are refused as CAs; nothing is stored.
    const before = (await admin.get('/api/trusted_cas')).json() as { cas: unknown[] };
    const broken = await admin.multipart('POST', '/api/trusted_cas', {}, [{ field: 'file', name: 'chain.p7b', content: pki.p7b(pki.pem('root')).subarray(0, 40) }]);
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toBe('Файл не является сертификатом X.509 или набором сертификатов PKCS#7 (.cer, .crt, .p7b)');
    const personal = await admin.multipart('POST', '/api/trusted_cas', {}, [{ field: 'file', name: 'sidorov.cer', content: sidorov.der }]);
    expect(personal.statusCode).toBe(400);
    expect(personal.json().message).toBe('Сертификат «Сидоров Николай Петрович» не является сертификатом удостоверяющего центра: доверенными могут быть только УЦ');
    expect(((await admin.get('/api/trusted_cas')).json() as { cas: unknown[] }).cas).toHaveLength(before.cas.length);
    expect(tmpFiles()).toBe(0);

    // The root and its issuing CA in one .p7b, as a CA publishes its chain.
    const trusted = await admin.multipart('POST', '/api/trusted_cas', {}, [{ field: 'file', name: 'chain.p7b', content: pki.p7b(pki.pem('root'), pki.pem('issuing')) }]);
    expect(trusted.statusCode, trusted.body).toBe(200);
    expect(trusted.json().message).toBe('Добавлено сертификатов: 2');
    const list = (await admin.get('/api/trusted_cas')).json() as { cas: Array<{ owner: string; kind: string; valid_to: string }> };
    expect(list.cas.filter((c) => c.owner.startsWith('Тестовый аккредитованный УЦ')).map((c) => [c.owner, c.kind])).toEqual([
      ['Тестовый аккредитованный УЦ: корневой УЦ', 'root'],
      ['Тестовый аккредитованный УЦ: выдающий УЦ', 'intermediate'],
    ]);
    expect((await admin.multipart('POST', '/api/trusted_cas', {}, [{ field: 'file', name: 'root.cer', content: pki.der(pki.pem('root')) }])).statusCode).toBe(409);

    // Each person's certificate on their own card; one certificate cannot be registered twice.
    for (const [who, p] of [['signer', sidorov], ['regional', belova]] as const) {
      const r = await admin.multipart('POST', `/api/users/${ids[who]}/certificates`, {}, [{ field: 'file', name: `${p.name}.cer`, content: p.der }]);
      expect(r.statusCode, r.body).toBe(200);
    }
    const twice = await admin.multipart('POST', `/api/users/${ids.regional}/certificates`, { certificate: sidorov.certificate });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toMatch(/^Сертификат уже зарегистрирован за другим работником: /);
    const card = (await admin.get(`/api/users/${ids.signer}/certificates`)).json() as { registered: Array<{ owner: string; snils: string; issuer: string; serial: string; thumbprint: string }> };
    const thumbprint = createHash('sha1').update(sidorov.der).digest('hex').toUpperCase();
    expect(card.registered.find((c) => c.thumbprint === thumbprint)).toMatchObject({ snils: '11223344595', issuer: expect.stringContaining('выдающий УЦ') });

    const docId = await documentToSign();
    const cms = pki.sign(sidorov, DOC);
    // The CMS carries the signer's certificate only.
    const carried = new pkijs.SignedData({ schema: pkijs.ContentInfo.fromBER(new Uint8Array(cms)).content }).certificates ?? [];
    expect(carried).toHaveLength(1);

    // The branch signer with the other person's certificate and key: refused, naming whose it is.
    const foreign = await sign(signer, docId, 'iac', 'signer', belova, pki.sign(belova, DOC));
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().message).toMatch(/^Сертификат «Белова Екатерина Андреевна» зарегистрирован за другим работником \(.+\): подписать им от своего имени нельзя$/);
    expect((await stored(docId)).iac).toBeUndefined();
    expect(tmpFiles()).toBe(0);

    // The issuing CA's list is due again in a few seconds: the fetcher keeps it until then, and fetches anew after.
    served['issuing.crl'] = pki.crl('issuing', 5);
    const listedAt = Date.now();
    const accepted = await sign(signer, docId, 'iac', 'signer', sidorov, cms);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const facts = (await stored(docId)).iac!.facts;
    expect(facts.chain?.map((c) => c.owner)).toEqual(['Сидоров Николай Петрович', 'Тестовый аккредитованный УЦ: выдающий УЦ', 'Тестовый аккредитованный УЦ: корневой УЦ']);
    expect(facts).toMatchObject({ revocation: 'good', snils: '11223344595', demo: false, owner: 'Сидоров Николай Петрович' });
    expect(fetches).toEqual(expect.arrayContaining(['issuing.crl', 'root.crl']));

    // Белова's certificate is revoked; the issuing CA's next list says so once the last one is due.
    pki.revoke(belova);
    served['issuing.crl'] = pki.crl('issuing');
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, listedAt + 5_500 - Date.now())));
    const revoked = await sign(regional, docId, 'unit', 'regional', belova, pki.sign(belova, DOC));
    expect(revoked.statusCode, revoked.body).toBe(400);
    expect(revoked.json().message).toMatch(/^Не удалось проверить подпись: сертификат «Белова Екатерина Андреевна» отозван \d\d\.\d\d\.\d{4}$/);
    expect((await stored(docId)).unit).toBeUndefined();
    expect(tmpFiles()).toBe(0);

    // Details: the chain as verified, the revocation recorded, and the verification now.
    const details = (await signer.get(`/api/sign_document/${docId}/signatures/iac`)).json();
    expect(details).toMatchObject({ signer: { id: ids.signer }, revocation: { status: 'good', title: 'не отозван' }, verifiedNow: { ok: true, message: 'Подпись верна' } });

    // Removing the issuing CA: the signature keeps its chain; a check now no longer builds it.
    const issuing = (await readTrustedCas(app.server.ctx)).cas.find((c) => c.owner === 'Тестовый аккредитованный УЦ: выдающий УЦ')!;
    const removed = await admin.delete(`/api/trusted_cas/${issuing.thumbprint}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().message).toMatch(/^Удалено\. Подписи, проверенные ранее, остаются в силе: цепочка каждой сохранена при проверке/);
    const after = (await signer.get(`/api/sign_document/${docId}/signatures/iac`)).json();
    expect(after.chain.map((c: { owner: string }) => c.owner)).toEqual(facts.chain!.map((c) => c.owner));
    expect(after.verifiedNow).toMatchObject({ ok: false, message: 'Не удалось проверить подпись: сертификат не выдан доверенным удостоверяющим центром' });
    expect((await admin.multipart('POST', '/api/trusted_cas', {}, [{ field: 'file', name: 'issuing.cer', content: pki.der(pki.pem('issuing')) }])).statusCode).toBe(200);
  }, 120_000);

  it('refuses a CA certificate as a signer, an expired or not yet valid certificate, an untrusted root and a malformed file; nothing is stored', async () => {
    const docId = await documentToSign();
    const ids0 = (await readTrustedCas(app.server.ctx)).cas.length;
    // The issuing CA signing with its own key and certificate.
    const asCa = await sign(signer, docId, 'iac', 'signer', { certificate: pki.der(pki.pem('issuing')).toString('base64') }, pki.sign({ certPem: pki.pem('issuing'), keyPem: path.join(pki.dir, 'issuing.key') }, DOC));
    expect(asCa.statusCode).toBe(400);
    expect(asCa.json().message).toBe('Не удалось проверить подпись: сертификат удостоверяющего центра не может быть сертификатом подписанта');
    // A CA certificate is not registered to a person.
    const caOnCard = await admin.multipart('POST', `/api/users/${ids.signer}/certificates`, {}, [{ field: 'file', name: 'ca.cer', content: pki.der(pki.pem('issuing')) }]);
    expect(caOnCard.statusCode).toBe(400);

    // Expired and not yet valid: not registered, and not accepted.
    const expired = pki.person('expired', { surname: 'Сидоров', given: 'Николай Петрович' }, { start: new Date('2020-01-01'), end: new Date('2021-01-01'), cdp: false });
    const reg = await admin.multipart('POST', `/api/users/${ids.signer}/certificates`, { certificate: expired.certificate });
    expect(reg.statusCode).toBe(400);
    expect(reg.json().message).toBe('Срок действия сертификата истёк 01.01.2021');
    const future = pki.person('future', { surname: 'Сидоров', given: 'Николай Петрович' }, { start: new Date(Date.now() + 30 * 24 * 3600_000), cdp: false });
    expect((await admin.multipart('POST', `/api/users/${ids.signer}/certificates`, { certificate: future.certificate })).json().message).toMatch(/^Сертификат ещё не действует: он действителен с /);
    const old = await sign(signer, docId, 'iac', 'signer', expired, pki.sign(expired, DOC));
    expect(old.statusCode).toBe(400);
    expect(old.json().message).toBe('Не удалось проверить подпись: сертификат «Сидоров Николай Петрович» не действовал в момент подписания (действителен с 01.01.2020 по 01.01.2021)');

    // A chain to a root nobody trusts.
    const other = new OpenSslPki('Чужой УЦ', 'http://127.0.0.1:9').build();
    const stranger = other.person('stranger', { surname: 'Сидоров', given: 'Николай Петрович' }, { cdp: false });
    const untrusted = await sign(signer, docId, 'iac', 'signer', stranger, other.sign(stranger, DOC));
    other.dispose();
    expect(untrusted.statusCode).toBe(400);
    expect(untrusted.json().message).toBe('Не удалось проверить подпись: сертификат не выдан доверенным удостоверяющим центром');

    // Malformed certificate files on the card and in the store.
    const garbage = Buffer.from('-----BEGIN CERTIFICATE-----\nbm90IGEgY2VydGlmaWNhdGU=\n-----END CERTIFICATE-----\n');
    expect((await admin.multipart('POST', `/api/users/${ids.signer}/certificates`, {}, [{ field: 'file', name: 'x.cer', content: garbage }])).json().message).toBe(
      'Файл не является сертификатом X.509 (.cer, .crt в кодировке DER или PEM)',
    );
    expect((await admin.multipart('POST', '/api/trusted_cas', {}, [{ field: 'file', name: 'x.p7b', content: garbage }])).statusCode).toBe(400);
    expect((await admin.multipart('POST', '/api/trusted_crls', {}, [{ field: 'file', name: 'x.crl', content: garbage }])).statusCode).toBe(400);

    expect((await stored(docId)).iac).toBeUndefined();
    expect((await readTrustedCas(app.server.ctx)).cas.length).toBe(ids0);
    expect(tmpFiles()).toBe(0);
  }, 120_000);

  it('an uploaded CRL revokes as a served one does, and every stored signature verifies with OpenSSL against the trusted store', async () => {
    // A third person, revoked in a list the administrator uploads (no distribution point to fetch).
    const third = pki.person('third', { surname: 'Сидоров', given: 'Николай Петрович' }, { cdp: false });
    expect((await admin.multipart('POST', `/api/users/${ids.signer}/certificates`, { certificate: third.certificate })).statusCode).toBe(200);
    const docId = await documentToSign();
    pki.revoke(third);
    const crl = await admin.multipart('POST', '/api/trusted_crls', {}, [{ field: 'file', name: 'issuing.crl', content: pki.crl('issuing') }]);
    expect(crl.statusCode, crl.body).toBe(200);
    expect(crl.json().message).toMatch(/^Список отзыва «Тестовый аккредитованный УЦ: выдающий УЦ» загружен, отозванных сертификатов: \d+$/);
    const refused = await sign(signer, docId, 'iac', 'signer', third, pki.sign(third, DOC));
    expect(refused.json().message).toMatch(/^Не удалось проверить подпись: сертификат «Сидоров Николай Петрович» отозван /);

    // Every signature this database holds verifies with OpenSSL against the roots and intermediate CAs of the store.
    const state = await readTrustedCas(app.server.ctx);
    const derOf = (b64: string) => Buffer.from(b64, 'base64');
    const roots = state.cas.filter((c) => kindOf(c) === 'root').map((c) => derOf(c.certificate));
    const intermediates = state.cas.filter((c) => kindOf(c) === 'intermediate').map((c) => derOf(c.certificate));
    const rows = (await app.server.ctx.pool.any(sql.unsafe`SELECT checksum, signatures FROM rm_sign_documents WHERE signatures <> '{}'::jsonb`)) as unknown as Array<{
      checksum: string;
      signatures: Record<string, { signature_file_id: string }>;
    }>;
    const files = app.server.ctx.files;
    let verified = 0;
    for (const row of rows) {
      const content = Buffer.concat(await files.open(row.checksum).toArray());
      for (const s of Object.values(row.signatures)) {
        OpenSslPki.verify(Buffer.concat(await files.open(s.signature_file_id).toArray()), content, roots, intermediates);
        verified++;
      }
    }
    expect(verified).toBeGreaterThan(0);
  }, 120_000);
});
