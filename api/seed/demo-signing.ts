import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'slonik';
import { addTrustedRoot, readTrustedRoots } from '../../commands/signing/signing';
import { createSoftCa, issueSoftKey, type SoftCa } from '../../domain/signing/soft-ca';
import { fromBase64, sha1Thumbprint } from '../../domain/signing/soft-signer';
import type { CommandContext } from '../../domain/shared/events';
import type { AppContext } from '../context';

const SIGNING_RIGHTS = ['RIGHT_SIGNING_DOCS_IAC', 'RIGHT_SIGNING_DOCS_UNIT', 'RIGHT_SIGNING_DOCS_FINAL'];

/**
 * The demo installation's electronic signing (issue 13): one demo GOST CA, kept in
 * DATA_DIR/demo-signing (made once, reused on every later seed), trusted as a root, and a key file
 * `{login}.key.json` per demo user holding a signing right, for the software signer in the browser.
 * Runs after the demo users' read model has caught up (seedDemoData waits for it).
 */
export const seedDemoSigning = async (ctx: AppContext, context: CommandContext): Promise<void> => {
  const dir = path.join(ctx.config.dataDir, 'demo-signing');
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const caFile = path.join(dir, 'demo-ca.private.json');
  const now = new Date(context.now);
  const validity = { notBefore: new Date(now.getTime() - 24 * 3600_000), notAfter: new Date(now.getTime() + 5 * 365 * 24 * 3600_000) };
  let ca: SoftCa;
  try {
    ca = JSON.parse(await readFile(caFile, 'utf8')) as SoftCa;
  } catch {
    ca = await createSoftCa('Демонстрационный УЦ Службы ИТ-поддержки судов', { notBefore: validity.notBefore, notAfter: new Date(now.getTime() + 10 * 365 * 24 * 3600_000) });
    await writeFile(caFile, JSON.stringify(ca), { mode: 0o600 });
  }
  const caDer = fromBase64(ca.certificate);
  await writeFile(path.join(dir, 'demo-ca.cer'), caDer);
  const thumbprint = sha1Thumbprint(caDer);
  if (!(await readTrustedRoots(ctx)).some((r) => r.thumbprint === thumbprint)) await addTrustedRoot(ctx, caDer, context);

  const signers = (await ctx.pool.any(sql.unsafe`
    SELECT u.login, u.fio FROM rm_users u
    WHERE NOT u.deleted AND EXISTS (
      SELECT 1 FROM rm_roles r WHERE r.id = ANY(u.users_roles) AND NOT r.deleted
        AND EXISTS (SELECT 1 FROM jsonb_each_text(r.rights_object) x WHERE x.key = ANY(${sql.array(SIGNING_RIGHTS, 'text')}) AND (x.value::int & 2) = 2))
    ORDER BY u.login`)) as unknown as Array<{ login: string; fio: string }>;
  for (const s of signers) {
    const file = path.join(dir, `${s.login}.key.json`);
    const existing = await readFile(file, 'utf8').catch(() => null);
    if (existing) continue;
    const key = await issueSoftKey(ca, s.fio, validity);
    await writeFile(file, JSON.stringify(key, null, 2), { mode: 0o600 });
  }
};
