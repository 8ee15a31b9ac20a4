import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSigning } from '../../../commands/signing/signing';
import type { SoftKey } from '../../../domain/signing/soft-signer';
import { startTestApp, type ApiClient, type TestApp } from '../../support/app';
import { makeKeyFile, makeTestPki, registerKey, signBytes, trustCa } from '../../support/demo-signing';
import { demoFacts, electronicRepairAct } from '../requests/helpers';

/**
 * A person's certificates: a first signature with a certificate registered to nobody is not kept but
 * proposed on the account's card, the administrator confirms (or rejects) it, and the next signature
 * is accepted. And the stamped copy, checked as a reader sees it: converted by LibreOffice, each
 * signer's stamp in their signature place, whole words, within the printable width, on one page.
 */
let app: TestApp;
let admin: ApiClient;
let signer: ApiClient;
let regional: ApiClient;
let pki: Awaited<ReturnType<typeof makeTestPki>>;
const ids: Record<string, number> = {};
const fio: Record<string, string> = {};
const DOC = Buffer.from('СО-7: акт технического состояния. Монитор Samsung S24, серийный номер ZZ1234.');
let docSeq = 0;

beforeAll(async () => {
  app = await startTestApp();
  const pool = app.server.ctx.pool;
  const regionalLogin = String(await pool.oneFirst(sql.unsafe`SELECT login FROM rm_users WHERE login LIKE 'signer\\_%' ORDER BY login LIMIT 1`));
  [admin, signer, regional] = await Promise.all([app.signIn('admin'), app.signIn('signer'), app.signIn(regionalLogin)]);
  for (const r of (await pool.any(sql.unsafe`SELECT id, login, fio FROM rm_users WHERE login = ANY(${sql.array(['admin', 'signer', 'signer_unit', regionalLogin], 'text')})`)) as unknown as Array<{ id: number; login: string; fio: string }>) {
    const key = r.login === regionalLogin ? 'regional' : r.login;
    ids[key] = r.id;
    fio[key] = r.fio;
  }
  pki = await makeTestPki('УЦ проверки сертификатов');
  await trustCa(admin, pki.root);
  await trustCa(admin, pki.issuing);
}, 120_000);
afterAll(async () => {
  await app?.close();
});

const documentToSign = async (): Promise<string> => {
  const ctx = app.server.ctx;
  const blob = await ctx.files.putBuffer(DOC);
  const docId = String(700_000_000 + (process.pid % 1000) * 1000 + ++docSeq);
  const requestId = Number(await ctx.pool.oneFirst(sql.unsafe`SELECT min(id) FROM rm_requests`));
  await startSigning(
    ctx,
    { doc_id: docId, request_id: requestId, request_number: 'cert', file_name: 'act.docx', checksum: blob.checksum, signers_count: 2, signers: { iac: ids.signer!, unit: ids.regional!, final: null } },
    { userId: null, now: new Date().toISOString(), correlationId: 'test', causationId: null },
  );
  await app.settled();
  return docId;
};

const sign = async (client: ApiClient, docId: string, kind: 'iac' | 'unit', who: string, key: SoftKey, bytes = DOC) =>
  client.multipart('POST', '/api/signs', { docId, signerKind: kind, signerId: ids[who], certificate: key.certificate }, [{ field: 'file', name: 'act.sig', content: await signBytes(key, bytes) }]);

interface Card {
  registered: Array<{ thumbprint: string; owner: string; source: string }>;
  proposed: Array<{ thumbprint: string; owner: string; subject_matches: boolean; doc_id: string }>;
}
const cardOf = async (who: string) => (await admin.get(`/api/users/${ids[who]}/certificates`)).json() as Card;

describe('a person’s certificates', () => {
  it('a first signature with an unregistered certificate is refused and proposed; confirmed, the next one is accepted; a rejected proposal goes', async () => {
    const docId = await documentToSign();
    const own = (await makeKeyFile(pki.issuing, fio.signer!)).key;
    const first = await sign(signer, docId, 'iac', 'signer', own);
    expect(first.statusCode).toBe(409);
    expect(first.json().message).toBe(
      `Сертификат «${fio.signer}» не зарегистрирован за вашей учётной записью. Он передан администратору на подтверждение; после подтверждения подпишите документ ещё раз`,
    );
    // Asked again: still one proposal.
    expect((await sign(signer, docId, 'iac', 'signer', own)).statusCode).toBe(409);
    const card = await cardOf('signer');
    const proposal = card.proposed.filter((p) => p.owner === fio.signer);
    expect(proposal).toEqual([expect.objectContaining({ subject_matches: true, doc_id: docId })]);
    // The signer may see the own card but not confirm.
    expect((await signer.get(`/api/users/${ids.signer}/certificates`)).statusCode).toBe(200);
    expect((await signer.post(`/api/users/${ids.signer}/certificates/${proposal[0]!.thumbprint}/confirm`, {})).statusCode).toBe(403);
    expect((await regional.get(`/api/users/${ids.signer}/certificates`)).statusCode).toBe(403);

    const confirmed = await admin.post(`/api/users/${ids.signer}/certificates/${proposal[0]!.thumbprint}/confirm`, {});
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().registered.find((c: { thumbprint: string }) => c.thumbprint === proposal[0]!.thumbprint)).toMatchObject({ source: 'signature' });
    expect((await sign(signer, docId, 'iac', 'signer', own)).statusCode).toBe(200);

    // Someone else's name in the subject: proposed as not matching; rejected, it leaves the card.
    const odd = (await makeKeyFile(pki.issuing, 'Посторонний Пётр Петрович')).key;
    expect((await sign(regional, docId, 'unit', 'regional', odd)).statusCode).toBe(409);
    const theirs = (await cardOf('regional')).proposed.find((p) => p.owner === 'Посторонний Пётр Петрович')!;
    expect(theirs.subject_matches).toBe(false);
    expect((await admin.delete(`/api/users/${ids.regional}/certificate_proposals/${theirs.thumbprint}`)).json().message).toBe('Запрос на регистрацию отклонён');
    expect((await cardOf('regional')).proposed.some((p) => p.thumbprint === theirs.thumbprint)).toBe(false);

    // Unregistered, the certificate signs no more; the signature made with it stays.
    const removed = await admin.delete(`/api/users/${ids.signer}/certificates/${proposal[0]!.thumbprint}`);
    expect(removed.json().message).toBe('Регистрация сертификата снята. Подписи, сделанные им ранее, остаются в силе');
    const row = (await signer.get(`/api/sign_document/${docId}/signatures/iac`)).json();
    expect(row).toMatchObject({ signer: { id: ids.signer }, demo: true, verifiedNow: { ok: true } });
  }, 120_000);

  it('the stamped copy, converted by LibreOffice: one stamp per signer in the signer table, whole words, within the page, on one page', async () => {
    const engineer = await app.signIn('engineer');
    const facts = await demoFacts(app);
    const { document } = await electronicRepairAct(await app.signIn('court'), engineer, facts, { hotlineNumber: '2026-000779', signers: { iac: ids.admin!, unit: ids.signer_unit! } });
    for (let i = 0; i < 50 && !(await app.server.ctx.pool.maybeOneFirst(sql.unsafe`SELECT 1 FROM rm_sign_documents WHERE doc_id = ${document.file_id}`)); i++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      await app.settled();
    }
    const bytes = Buffer.concat(await app.server.ctx.files.open(document.checksum).toArray());
    const keys: Record<string, SoftKey> = {};
    for (const who of ['admin', 'signer_unit']) {
      keys[who] = (await makeKeyFile(pki.issuing, fio[who]!)).key;
      await registerKey(admin, ids[who]!, keys[who]!);
    }
    expect((await sign(admin, document.file_id, 'iac', 'admin', keys.admin!, bytes)).statusCode).toBe(200);
    // The object signer works in the court (requests.md 6): the demo's `signer_unit`.
    expect((await sign(await app.signIn('signer_unit'), document.file_id, 'unit', 'signer_unit', keys.signer_unit!, bytes)).statusCode).toBe(200);
    const stamped = await engineer.get(`/api/sign_document/${document.file_id}/stamped`);
    expect(stamped.statusCode, stamped.body).toBe(200);

    const dir = mkdtempSync(path.join(tmpdir(), 'stamped-'));
    writeFileSync(path.join(dir, 'copy.docx'), stamped.rawPayload);
    execFileSync('soffice', ['--headless', `-env:UserInstallation=file://${dir}/profile`, '--convert-to', 'pdf', '--outdir', dir, path.join(dir, 'copy.docx')], { stdio: 'pipe', timeout: 120_000 });
    const pdf = path.join(dir, 'copy.pdf');
    const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [pdf]).toString())![1]);
    const pageTexts = Array.from({ length: pages }, (_, i) => execFileSync('pdftotext', ['-f', String(i + 1), '-l', String(i + 1), '-layout', pdf, '-']).toString());
    // Both stamps, on the page of the signer table's heading.
    const tablePage = pageTexts.find((t) => t.includes('Подписи сторон:'))!;
    expect(tablePage.split('Документ подписан электронной подписью')).toHaveLength(3);
    expect(tablePage.match(/^\s+Демонстрационная подпись\s*$/gm)).toHaveLength(2);
    for (const who of ['admin', 'signer_unit']) {
      // Every word of the name whole on some line (no 'Сидор|ов' breaks), and the serial too.
      for (const word of fio[who]!.split(/\s+/)) expect(tablePage).toMatch(new RegExp(`(^|\\s)${word}(\\s|$)`, 'm'));
      expect(tablePage).toContain(keysSerial(keys[who]!));
    }
    expect(tablePage).toMatch(/Подписан: \d\d\.\d\d\.\d{4} \d\d:\d\d \(МСК[+−]?\d*\)/);
    // Nothing beyond the printable width: every word ends left of the right margin (A4, 15 mm).
    const bbox = execFileSync('pdftotext', ['-bbox', pdf, '-']).toString();
    const page = /<page width="([\d.]+)"/.exec(bbox)!;
    const xMax = Math.max(...[...bbox.matchAll(/xMax="([\d.]+)"/g)].map((m) => Number(m[1])));
    expect(xMax).toBeLessThanOrEqual(Number(page[1]) - (850 / 20) + 1);
    expect(readFileSync(pdf).length).toBeGreaterThan(0);
    rmSync(dir, { recursive: true, force: true });
  }, 240_000);
});

/** The serial as the stamp prints it. */
const keysSerial = (key: SoftKey): string => {
  const der = Buffer.from(key.certificate, 'base64');
  return execFileSync('openssl', ['x509', '-inform', 'DER', '-noout', '-serial'], { input: der }).toString().trim().replace(/^serial=/, '').replace(/^(00)+(?=.)/, '');
};
