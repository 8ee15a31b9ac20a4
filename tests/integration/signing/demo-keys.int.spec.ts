import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSigning } from '../../../commands/signing/signing';
import { readTrustedCas } from '../../../commands/signing/trusted-cas';
import { kindOf } from '../../../domain/signing/trusted-cas';
import { parseSoftKey } from '../../../domain/signing/soft-signer';
import { seedDemoSigning } from '../../../api/seed/demo-signing';
import { startTestApp, type ApiClient, type TestApp } from '../../support/app';
import { OpenSslPki } from '../../support/openssl-pki';

/**
 * The demo stand's keys are keys real tools read: the seed's key files load in OpenSSL's GOST engine,
 * OpenSSL signs with them, the product accepts that signature from the account the key is
 * registered to, and OpenSSL verifies it against the trusted store (the demo root and issuing CA).
 */
let app: TestApp;
let signer: ApiClient;

beforeAll(async () => {
  app = await startTestApp();
  signer = await app.signIn('signer');
  // The clone's own DATA_DIR: the seed makes its root, issuing CA and key files there.
  await seedDemoSigning(app.server.ctx, { userId: null, now: new Date().toISOString(), correlationId: 'demo-keys', causationId: null });
}, 120_000);
afterAll(async () => {
  await app?.close();
});

describe('the demo keys', () => {
  it('load in OpenSSL with the GOST engine, sign there, and the signature is accepted and verifies against the trusted store', async () => {
    const dir = path.join(app.server.ctx.config.dataDir, 'demo-signing');
    const key = parseSoftKey(readFileSync(path.join(dir, 'signer.key.json'), 'utf8'));
    const work = mkdtempSync(path.join(tmpdir(), 'demo-key-'));
    writeFileSync(path.join(work, 'key.der'), Buffer.from(key.privateKey, 'base64'));
    writeFileSync(path.join(work, 'cert.der'), Buffer.from(key.certificate, 'base64'));
    const ssl = (...args: string[]) => execFileSync('openssl', args, { cwd: work, stdio: ['ignore', 'pipe', 'pipe'] }).toString();
    // The signature key OID, which OpenSSL loads (the key-agreement one it refused).
    expect(ssl('asn1parse', '-inform', 'DER', '-in', 'key.der')).toMatch(/OBJECT\s+:GOST R 34\.10-2012 with 256 bit modulus/);
    ssl('pkey', '-engine', 'gost', '-inform', 'DER', '-in', 'key.der', '-out', 'key.pem');
    ssl('x509', '-inform', 'DER', '-in', 'cert.der', '-out', 'cert.pem');
    const text = ssl('x509', '-in', 'cert.pem', '-noout', '-text', '-engine', 'gost');
    expect(text).toMatch(/CA:FALSE/);
    expect(text).toMatch(/Digital Signature, Non Repudiation/);

    // A document to sign, signed by OpenSSL with the demo key (the CMS carries the end certificate only).
    const ctx = app.server.ctx;
    const content = Buffer.from('Акт, подписанный демонстрационным ключом в OpenSSL');
    const blob = await ctx.files.putBuffer(content);
    const userId = Number(await ctx.pool.oneFirst(sql.unsafe`SELECT id FROM rm_users WHERE login = 'signer'`));
    const docId = String(600_000_000 + (process.pid % 1000) * 1000 + 1);
    const requestId = Number(await ctx.pool.oneFirst(sql.unsafe`SELECT min(id) FROM rm_requests`));
    await startSigning(
      ctx,
      { doc_id: docId, request_id: requestId, request_number: 'demo', file_name: 'demo.docx', checksum: blob.checksum, signers_count: 2, signers: { iac: userId, unit: userId, final: null } },
      { userId: null, now: new Date().toISOString(), correlationId: 'test', causationId: null },
    );
    await app.settled();
    writeFileSync(path.join(work, 'doc'), content);
    ssl('cms', '-sign', '-engine', 'gost', '-binary', '-md', 'md_gost12_256', '-in', 'doc', '-signer', 'cert.pem', '-inkey', 'key.pem', '-outform', 'DER', '-out', 'doc.sig');
    const signature = readFileSync(path.join(work, 'doc.sig'));
    const r = await signer.multipart('POST', '/api/signs', { docId, signerKind: 'iac', signerId: userId, certificate: key.certificate }, [{ field: 'file', name: 'doc.sig', content: signature }]);
    expect(r.statusCode, r.body).toBe(200);
    const details = (await signer.get(`/api/sign_document/${docId}/signatures/iac`)).json();
    expect(details).toMatchObject({ demo: true, revocation: { status: 'good' }, verifiedNow: { ok: true } });
    expect(details.chain.map((c: { owner: string }) => c.owner)).toEqual([key.owner, 'Демонстрационный УЦ Службы ИТ-поддержки судов', 'Демонстрационный корневой УЦ Службы ИТ-поддержки судов']);

    const state = await readTrustedCas(ctx);
    const der = (b64: string) => Buffer.from(b64, 'base64');
    OpenSslPki.verify(signature, content, state.cas.filter((c) => kindOf(c) === 'root').map((c) => der(c.certificate)), state.cas.filter((c) => kindOf(c) === 'intermediate').map((c) => der(c.certificate)));
  }, 120_000);
});
