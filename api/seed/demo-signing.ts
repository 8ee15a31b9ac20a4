import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'slonik';
import { addTrustedCas, addTrustedCrl, readTrustedCas } from '../../commands/signing/trusted-cas';
import { proposeCertificate, readUserCertificates, registerCertificate } from '../../commands/signing/user-certificates';
import { parseCertificate } from '../../infrastructure/signature/certificate';
import { allRights } from '../../domain/rights/rights';
import { AccessLevel } from '../../domain/rights/values';
import type { Actor } from '../../domain/shared/actor';
import type { CommandContext } from '../../domain/shared/events';
import { createSoftCa, createSoftCrl, createSoftIssuingCa, issueSoftKey, type SoftCa } from '../../domain/signing/soft-ca';
import { certificateInfo, fromBase64, parseSoftKey, sha1Thumbprint, type SoftKey } from '../../domain/signing/soft-signer';
import type { AppContext } from '../context';

const SIGNING_RIGHTS = ['RIGHT_SIGNING_DOCS_IAC', 'RIGHT_SIGNING_DOCS_UNIT', 'RIGHT_SIGNING_DOCS_FINAL'];
const DAY = 24 * 3600_000;
const YEAR = 365 * DAY;

/** A CA kept in DATA_DIR/demo-signing (made once, reused by every later seed), its certificate beside it. */
const keptCa = async (dir: string, name: string, make: () => Promise<SoftCa>): Promise<SoftCa> => {
  const file = path.join(dir, `${name}.private.json`);
  let ca: SoftCa;
  try {
    ca = JSON.parse(await readFile(file, 'utf8')) as SoftCa;
  } catch {
    ca = await make();
    await writeFile(file, JSON.stringify(ca), { mode: 0o600 });
  }
  await writeFile(path.join(dir, `${name}.cer`), fromBase64(ca.certificate));
  return ca;
};

const keptKey = async (file: string, issuer: string): Promise<SoftKey | null> => {
  try {
    const key = parseSoftKey(await readFile(file, 'utf8'));
    // A key of an earlier demo CA (or one with the old key-agreement OID) is issued anew.
    return certificateInfo(fromBase64(key.certificate)).issuer === issuer ? key : null;
  } catch {
    return null;
  }
};

/**
 * The demo installation's electronic signing, built as a qualified CA is: a root CA and an issuing CA
 * under it (both kept in DATA_DIR/demo-signing, made once), both in the trusted store (the root as
 * the anchor, the issuing CA because signatures carry the end certificate only, as CryptoPro sends
 * them), an empty CRL of each uploaded, and a key file `{login}.key.json` per demo user holding a
 * signing right, its certificate registered to that account. Runs after the demo users' read model
 * has caught up (seedDemoData waits for it).
 */
export const seedDemoSigning = async (ctx: AppContext, context: CommandContext): Promise<void> => {
  const dir = path.join(ctx.config.dataDir, 'demo-signing');
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const now = new Date(context.now);
  const from = new Date(now.getTime() - DAY);
  const root = await keptCa(dir, 'demo-root', () => createSoftCa('Демонстрационный корневой УЦ Службы ИТ-поддержки судов', { notBefore: from, notAfter: new Date(now.getTime() + 15 * YEAR) }));
  const issuing = await keptCa(dir, 'demo-issuing-ca', () =>
    createSoftIssuingCa(root, 'Демонстрационный УЦ Службы ИТ-поддержки судов', { notBefore: from, notAfter: new Date(now.getTime() + 10 * YEAR) }),
  );
  const trusted = await readTrustedCas(ctx);
  for (const ca of [root, issuing]) {
    const der = fromBase64(ca.certificate);
    if (!trusted.cas.some((c) => c.thumbprint === sha1Thumbprint(der))) await addTrustedCas(ctx, der, context);
  }
  for (const [name, ca] of [['demo-root', root], ['demo-issuing-ca', issuing]] as const) {
    const file = path.join(dir, `${name}.crl`);
    const crl = await readFile(file).catch(() => null) ?? Buffer.from(await createSoftCrl(ca, [], from, new Date(now.getTime() + YEAR)));
    await writeFile(file, crl);
    if (!trusted.crls.some((c) => c.id === sha1Thumbprint(crl))) await addTrustedCrl(ctx, ctx.files, crl, context);
  }

  const signers = (await ctx.pool.any(sql.unsafe`
    SELECT u.id, u.login, u.fio, u.surname, u.name, u.patronymic FROM rm_users u
    WHERE NOT u.deleted AND EXISTS (
      SELECT 1 FROM rm_roles r WHERE r.id = ANY(u.users_roles) AND NOT r.deleted
        AND EXISTS (SELECT 1 FROM jsonb_each_text(r.rights_object) x WHERE x.key = ANY(${sql.array(SIGNING_RIGHTS, 'text')}) AND (x.value::int & 2) = 2))
    ORDER BY u.login`)) as unknown as Array<{ id: number; login: string; fio: string; surname: string | null; name: string; patronymic: string | null }>;
  const system: Actor = { userId: 0, rights: allRights(), accessLevel: AccessLevel.FULL };
  const issuer = certificateInfo(fromBase64(issuing.certificate)).subject;
  for (const s of signers) {
    const file = path.join(dir, `${s.login}.key.json`);
    let key = await keptKey(file, issuer);
    if (!key) {
      key = await issueSoftKey(issuing, { fio: s.fio, surname: s.surname, givenNames: [s.name, s.patronymic].filter(Boolean).join(' ') }, { notBefore: from, notAfter: new Date(now.getTime() + 2 * YEAR) });
      await writeFile(file, JSON.stringify(key, null, 2), { mode: 0o600 });
    }
    const der = fromBase64(key.certificate);
    const registered = await readUserCertificates(ctx, Number(s.id));
    if (!registered.registered.some((c) => c.thumbprint === sha1Thumbprint(der))) await registerCertificate(ctx, Number(s.id), der, system, context);
  }
  await seedProposal(ctx, dir, issuing, issuer, context, { notBefore: from, notAfter: new Date(now.getTime() + 2 * YEAR) });
};

/**
 * The object signer's renewed key, proposed by a first signature and waiting for the administrator on the
 * card (its `.renewed.key.json` beside the registered one), so the demo shows the confirmation too.
 */
const seedProposal = async (ctx: AppContext, dir: string, issuing: SoftCa, issuer: string, context: CommandContext, validity: { notBefore: Date; notAfter: Date }) => {
  const user = (await ctx.pool.maybeOne(sql.unsafe`SELECT id, fio, surname, name, patronymic FROM rm_users WHERE login = 'signer_unit' AND NOT deleted`)) as {
    id: number;
    fio: string;
    surname: string | null;
    name: string;
    patronymic: string | null;
  } | null;
  if (!user) return;
  const file = path.join(dir, 'signer_unit.renewed.key.json');
  let key = await keptKey(file, issuer);
  if (!key) {
    key = await issueSoftKey(issuing, { fio: user.fio, surname: user.surname, givenNames: [user.name, user.patronymic].filter(Boolean).join(' ') }, validity);
    await writeFile(file, JSON.stringify(key, null, 2), { mode: 0o600 });
  }
  await proposeCertificate(ctx, Number(user.id), parseCertificate(fromBase64(key.certificate)), null, true, context);
};

