import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSigning } from '../../../commands/signing/signing';
import { fromBase64 } from '../../../domain/signing/soft-signer';
import type { SoftKey } from '../../../domain/signing/soft-signer';
import type { SignFileView } from '../../../projections/signing/queries';
import PizZip from 'pizzip';
import { startTestApp, type ApiClient, type TestApp } from '../../support/app';
import { demoFacts, electronicRepairAct } from '../requests/helpers';
import { makeKeyFile, makeTestCa, registerKey, signBytes, trustCa } from '../../support/demo-signing';

let app: TestApp;
let admin: ApiClient;
let signer: ApiClient;
let regional: ApiClient;
let court: ApiClient;
const ids: Record<string, number> = {};
const keys: Record<string, SoftKey> = {};
let foreignKey: SoftKey;
let caPem = '';
const tempDirs: string[] = [];
const DOC = Buffer.from('СО-8: акт о выполнении ремонта. Принтер HP LaserJet, серийный номер CN12345.');
let docSeq = 0;

// [2] becomes the second region's branch signer; `signer_unit` is the Басманный court's object signer (requests.md 6).
const users = ['admin', 'signer', 'signer_2', 'signer_unit'];

beforeAll(async () => {
  app = await startTestApp();
  const pool = app.server.ctx.pool;
  // The regional signer of the second demo region: a second holder of the signing role.
  const regionalLogin = String(await pool.oneFirst(sql.unsafe`SELECT login FROM rm_users WHERE login LIKE 'signer\\_%' ORDER BY login LIMIT 1`));
  users[2] = regionalLogin;
  [admin, signer, regional, court] = await Promise.all([app.signIn('admin'), app.signIn('signer'), app.signIn(regionalLogin), app.signIn('court')]);
  const rows = (await pool.any(sql.unsafe`SELECT id, login, fio FROM rm_users WHERE login = ANY(${sql.array(users, 'text')})`)) as unknown as Array<{ id: number; login: string; fio: string }>;
  const ca = await makeTestCa();
  await trustCa(admin, ca);
  for (const r of rows) {
    ids[r.login] = r.id;
    keys[r.login] = (await makeKeyFile(ca, r.fio)).key;
    await registerKey(admin, r.id, keys[r.login]!);
  }
  // A CA nobody trusts, with a key in the signer's own name.
  foreignKey = (await makeKeyFile(await makeTestCa('Чужой УЦ'), rows.find((r) => r.login === 'signer')!.fio)).key;
  const dir = mkdtempSync(path.join(tmpdir(), 'sign-'));
  tempDirs.push(dir);
  writeFileSync(path.join(dir, 'ca.cer'), fromBase64(ca.certificate));
  caPem = path.join(dir, 'ca.pem');
  execFileSync('openssl', ['x509', '-inform', 'DER', '-in', path.join(dir, 'ca.cer'), '-out', caPem]);
});
afterAll(async () => {
  await app?.close();
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

/** A stored document with electronic signing (what 13A's act generation starts through the reaction). */
const documentToSign = async (signersCount: 2 | 3): Promise<string> => {
  const ctx = app.server.ctx;
  const blob = await ctx.files.putBuffer(DOC);
  const docId = String(900_000_000 + process.pid % 1000 * 1000 + ++docSeq);
  const requestId = Number(await ctx.pool.oneFirst(sql.unsafe`SELECT min(id) FROM rm_requests`));
  await startSigning(
    ctx,
    {
      doc_id: docId,
      request_id: requestId,
      request_number: 'test',
      file_name: '77RS0001_actCO8_1_2026.docx',
      checksum: blob.checksum,
      signers_count: signersCount,
      signers: { iac: ids.signer!, unit: ids[users[2]!]!, final: signersCount === 3 ? ids.admin! : null },
    },
    { userId: null, now: new Date().toISOString(), correlationId: 'test', causationId: null },
  );
  await app.settled();
  return docId;
};

const sign = (client: ApiClient, docId: string, kind: string, login: string, key: SoftKey, signature: Buffer) =>
  client.multipart('POST', '/api/signs', { docId, signerKind: kind, signerId: ids[login], certificate: key.certificate }, [{ field: 'file', name: 'act.sig', content: signature }]);

describe('electronic signing on the server', () => {
  it('3 signers sign in order; the final signer cannot sign before the object signer; OpenSSL verifies our signature', async () => {
    const docId = await documentToSign(3);
    const sigIac = await signBytes(keys.signer!, DOC);

    // The independent check: OpenSSL with Debian's GOST engine verifies what the software signer made.
    const dir = mkdtempSync(path.join(tmpdir(), 'sign-'));
    tempDirs.push(dir);
    writeFileSync(path.join(dir, 'doc'), DOC);
    writeFileSync(path.join(dir, 'doc.sig'), sigIac);
    const out = execFileSync('openssl', ['cms', '-verify', '-binary', '-inform', 'DER', '-engine', 'gost', '-content', path.join(dir, 'doc'), '-in', path.join(dir, 'doc.sig'), '-CAfile', caPem, '-out', '/dev/null'], { stdio: 'pipe' });
    expect(out).toBeDefined();

    // Listed for the signer, waiting for the branch signature.
    const listed = (await signer.get('/api/files_for_signers?page=1&unsignedOnly=true')).json() as { files: SignFileView[] };
    expect(listed.files.find((f) => f.docId === docId)).toMatchObject({ mySignerKinds: ['iac'], nextSignerKind: 'iac', signersCount: 3 });

    // Nobody signs out of turn: the final signer before anyone (409), the court user has no right (403).
    const early = await sign(admin, docId, 'final', 'admin', keys.admin!, await signBytes(keys.admin!, DOC));
    expect(early.statusCode, early.body).toBe(409);
    expect(early.json().message).toBe('Документ ещё не подписан: сначала подписывает подписант от филиала');
    expect((await sign(court, docId, 'iac', 'signer', keys.signer!, sigIac)).statusCode).toBe(403);
    // Someone else's role is not theirs to sign.
    expect((await sign(regional, docId, 'iac', users[2]!, keys[users[2]!]!, sigIac)).statusCode).toBe(403);

    const first = await sign(signer, docId, 'iac', 'signer', keys.signer!, sigIac);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ message: 'Документ подписан', document: { nextSignerKind: 'unit', signers: { iac: { signed: true } } } });
    expect((await sign(signer, docId, 'iac', 'signer', keys.signer!, sigIac)).statusCode).toBe(409);

    const final = await sign(admin, docId, 'final', 'admin', keys.admin!, await signBytes(keys.admin!, DOC));
    expect(final.statusCode).toBe(409);
    expect(final.json().message).toBe('Документ ещё не подписан: сначала подписывает подписант от объекта');

    const second = await sign(regional, docId, 'unit', users[2]!, keys[users[2]!]!, await signBytes(keys[users[2]!]!, DOC));
    expect(second.statusCode, second.body).toBe(200);
    const third = await sign(admin, docId, 'final', 'admin', keys.admin!, await signBytes(keys.admin!, DOC));
    expect(third.statusCode, third.body).toBe(200);
    const done = third.json().document as SignFileView;
    expect(done.nextSignerKind).toBeNull();
    expect(done.signers.final).toMatchObject({ id: ids.admin, signed: true, owner: expect.any(String), serial: expect.stringMatching(/^[0-9A-F]+$/) });

    // The archive holds the document and three .sig files; the original downloads as stored.
    const original = await signer.get(`/api/sign_document/${docId}/original`);
    expect(original.statusCode).toBe(200);
    expect(original.rawPayload.equals(DOC)).toBe(true);
    const archive = await signer.get(`/api/sign_document/${docId}/archive`);
    expect(archive.statusCode).toBe(200);
    const names = archive.rawPayload.toString('latin1');
    for (const kind of ['iac', 'unit', 'final']) expect(names).toContain(`77RS0001_actCO8_1_2026.docx.${kind}.sig`);
    // A stored signature, taken from the event, verifies with OpenSSL as well.
    const stored = await app.server.ctx.pool.oneFirst(sql.unsafe`SELECT signatures->'unit'->>'signature_file_id' FROM rm_sign_documents WHERE doc_id = ${docId}`);
    writeFileSync(path.join(dir, 'unit.sig'), await new Promise<Buffer>((resolve, reject) => {
      const chunks: Buffer[] = [];
      app.server.ctx.files.open(String(stored)).on('data', (c: Buffer) => chunks.push(c)).on('end', () => resolve(Buffer.concat(chunks))).on('error', reject);
    }));
    execFileSync('openssl', ['cms', '-verify', '-binary', '-inform', 'DER', '-engine', 'gost', '-content', path.join(dir, 'doc'), '-in', path.join(dir, 'unit.sig'), '-CAfile', caPem, '-out', '/dev/null'], { stdio: 'pipe' });
  });

  it('a tampered document, a foreign certificate and another certificate than the chosen one are refused; nothing is stored', async () => {
    const docId = await documentToSign(2);
    const tampered = await sign(signer, docId, 'iac', 'signer', keys.signer!, await signBytes(keys.signer!, Buffer.from('другой документ')));
    expect(tampered.statusCode).toBe(400);
    expect(tampered.json().message).toBe('Не удалось проверить подпись: подписан другой документ (хэш не совпадает)');
    const foreign = await sign(signer, docId, 'iac', 'signer', foreignKey, await signBytes(foreignKey, DOC));
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe('Не удалось проверить подпись: сертификат не выдан доверенным удостоверяющим центром');
    const otherCert = await signer.multipart('POST', '/api/signs', { docId, signerKind: 'iac', signerId: ids.signer, certificate: keys.admin!.certificate }, [
      { field: 'file', name: 'act.sig', content: await signBytes(keys.signer!, DOC) },
    ]);
    expect(otherCert.statusCode).toBe(400);
    expect(otherCert.json().message).toBe('Не удалось проверить подпись: подпись сделана не выбранным сертификатом');
    const garbage = await sign(signer, docId, 'iac', 'signer', keys.signer!, Buffer.from('not a signature'));
    expect(garbage.json().message).toBe('Не удалось проверить подпись: файл не является подписью CMS');
    const row = (await signer.get(`/api/files_for_signers?page=1`)).json().files.find((f: SignFileView) => f.docId === docId) as SignFileView;
    expect(row.signers.iac?.signed).toBe(false);

    // The 2-signer order: branch, then object, and then it is done (no final signer).
    expect((await sign(signer, docId, 'iac', 'signer', keys.signer!, await signBytes(keys.signer!, DOC))).statusCode).toBe(200);
    const last = await sign(regional, docId, 'unit', users[2]!, keys[users[2]!]!, await signBytes(keys[users[2]!]!, DOC));
    expect(last.statusCode, last.body).toBe(200);
    expect(last.json().document).toMatchObject({ signersCount: 2, nextSignerKind: null, signers: { final: null } });
    // A reader outside the request's scope is not told the document exists.
    expect((await court.get(`/api/sign_document/${docId}/original`)).statusCode).toBe(404);
  });

  it('an act generated with electronic signers is signed through the reaction-started stream; the stamped copy shows the stamps', async () => {
    const engineer = await app.signIn('engineer');
    const facts = await demoFacts(app);
    const { requestId, document } = await electronicRepairAct(court, engineer, facts, { hotlineNumber: '2026-000778', signers: { iac: ids.admin!, unit: ids.signer_unit! } });
    // The reaction starts the signing stream after the act's event; then the read model follows.
    let forRequest: SignFileView[] = [];
    for (let i = 0; i < 50 && forRequest.length === 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      await app.settled();
      forRequest = (await engineer.get(`/api/request_sign_documents/${requestId}`)).json().files as SignFileView[];
    }
    expect(forRequest).toEqual([expect.objectContaining({ docId: document.file_id, signersCount: 2, nextSignerKind: 'iac', mySignerKinds: [] })]);
    const bytes = Buffer.concat(await app.server.ctx.files.open(document.checksum).toArray());
    // Out of order first, then in order.
    const unitSigner = await app.signIn('signer_unit');
    expect((await sign(unitSigner, document.file_id, 'unit', 'signer_unit', keys.signer_unit!, await signBytes(keys.signer_unit!, bytes))).statusCode).toBe(409);
    expect((await sign(admin, document.file_id, 'iac', 'admin', keys.admin!, await signBytes(keys.admin!, bytes))).statusCode).toBe(200);
    expect((await sign(unitSigner, document.file_id, 'unit', 'signer_unit', keys.signer_unit!, await signBytes(keys.signer_unit!, bytes))).statusCode).toBe(200);
    const stamped = await engineer.get(`/api/sign_document/${document.file_id}/stamped`);
    expect(stamped.statusCode, stamped.body).toBe(200);
    const text = (new PizZip(stamped.rawPayload).file('word/document.xml')?.asText() ?? '').replace(/<[^>]+>/g, '');
    expect(text.split('Документ подписан электронной подписью')).toHaveLength(3);
    // A hand-made document (no template) has no stamped copy.
    const manual = await documentToSign(2);
    expect((await signer.get(`/api/sign_document/${manual}/stamped`)).statusCode).toBe(409);
  });
  it('RSA and ECDSA signatures made by OpenSSL under a trusted root are verified and stored', async () => {
    // A CA and a leaf of each algorithm, made by OpenSSL itself (an independent signer), the leaf in the signer's name.
    const dir = mkdtempSync(path.join(tmpdir(), 'sign-rsa-ec-'));
    tempDirs.push(dir);
    const ssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
    const fios = (await app.server.ctx.pool.any(sql.unsafe`SELECT login, fio FROM rm_users WHERE login = ANY(${sql.array(users, 'text')})`)) as unknown as Array<{ login: string; fio: string }>;
    const fioOf = (login: string) => fios.find((r) => r.login === login)!.fio;
    writeFileSync(path.join(dir, 'doc'), DOC);
    writeFileSync(path.join(dir, 'other'), Buffer.from('другой документ'));
    const leafOf = async (alg: 'rsa' | 'ec', login: string) => {
      const newKey = alg === 'rsa' ? ['-newkey', 'rsa:2048'] : ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1'];
      ssl('req', '-x509', ...newKey, '-nodes', '-keyout', `${alg}-ca.key`, '-out', `${alg}-ca.pem`, '-days', '30', '-subj', `/CN=Test ${alg} CA`,
        '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign,cRLSign');
      ssl('req', ...newKey, '-nodes', '-keyout', `${alg}.key`, '-out', `${alg}.csr`, '-subj', `/CN=${fioOf(login)}`, '-utf8');
      ssl('x509', '-req', '-in', `${alg}.csr`, '-CA', `${alg}-ca.pem`, '-CAkey', `${alg}-ca.key`, '-CAcreateserial', '-out', `${alg}.pem`, '-days', '10');
      for (const [content, out] of [['doc', `${alg}.sig`], ['other', `${alg}-other.sig`]])
        ssl('cms', '-sign', '-binary', '-md', 'sha256', '-in', content!, '-signer', `${alg}.pem`, '-inkey', `${alg}.key`, '-outform', 'DER', '-out', out!);
      const der = (name: string) => execFileSync('openssl', ['x509', '-in', name, '-outform', 'DER'], { cwd: dir }).toString('base64');
      const root = await admin.multipart('POST', '/api/trusted_cas', { certificate: der(`${alg}-ca.pem`) });
      expect(root.statusCode, root.body).toBe(200);
      await registerKey(admin, ids[login]!, { certificate: der(`${alg}.pem`) });
      return { certificate: der(`${alg}.pem`), signature: readFileSync(path.join(dir, `${alg}.sig`)), other: readFileSync(path.join(dir, `${alg}-other.sig`)) };
    };
    const docId = await documentToSign(2);
    const rsa = await leafOf('rsa', 'signer');
    const ec = await leafOf('ec', users[2]!);
    // Another document's bytes under the same RSA key are refused first.
    const wrong = await signer.multipart('POST', '/api/signs', { docId, signerKind: 'iac', signerId: ids.signer, certificate: rsa.certificate }, [{ field: 'file', name: 'act.sig', content: rsa.other }]);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Не удалось проверить подпись: подписан другой документ (хэш не совпадает)');
    const byRsa = await signer.multipart('POST', '/api/signs', { docId, signerKind: 'iac', signerId: ids.signer, certificate: rsa.certificate }, [{ field: 'file', name: 'act.sig', content: rsa.signature }]);
    expect(byRsa.statusCode, byRsa.body).toBe(200);
    const byEc = await regional.multipart('POST', '/api/signs', { docId, signerKind: 'unit', signerId: ids[users[2]!], certificate: ec.certificate }, [{ field: 'file', name: 'act.sig', content: ec.signature }]);
    expect(byEc.statusCode, byEc.body).toBe(200);
    expect(byEc.json().document).toMatchObject({ signersCount: 2, nextSignerKind: null });
    expect(byEc.json().document.signers.iac.signed).toBe(true);
    expect(byEc.json().document.signers.unit.signed).toBe(true);
  });
});
