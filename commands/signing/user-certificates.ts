import type { Actor } from '../../domain/shared/actor';
import type { CommandContext } from '../../domain/shared/events';
import { invalid } from '../../domain/shared/errors';
import { combineAccessLevel } from '../../domain/rights/rights';
import { toBase64 } from '../../domain/signing/soft-signer';
import {
  userCertificateMessages as m,
  userCertificatesDecider,
  userCertificatesStreamId,
  type CertificateAccount,
  type CertificateCandidate,
  type StoredCertificate,
  type UserCertificatesState,
} from '../../domain/signing/user-certificates';
import { userDecider, userStreamId } from '../../domain/user/decider';
import { CertificateParseError, isCaCertificate, parseCertificate, summaryOf, type CertificateFacts } from '../../infrastructure/signature/certificate';
import { certificatesOfFile, PkiFileError } from '../../infrastructure/signature/pki-files';
import { readAggregate } from '../aggregate';
import type { WriteContext } from '../context';
import { handleCommand } from '../handle-command';
import { organizationRefs } from '../organization/organization-refs';
import { roleRefs } from '../role/role-refs';
import { certificateHolder } from './certificate-holders';

export const readUserCertificates = async (w: Pick<WriteContext, 'store'>, userId: number): Promise<UserCertificatesState> =>
  (await readAggregate(w.store, userCertificatesDecider, userCertificatesStreamId(userId))).state;

/** The account as its user and role streams hold it now. */
export const certificateAccount = async (w: Pick<WriteContext, 'store'>, userId: number): Promise<CertificateAccount> => {
  const { state } = await readAggregate(w.store, userDecider, userStreamId(userId));
  const user = state.user;
  const [organization] = user?.organization_id ? await organizationRefs(w.store, [user.organization_id]) : [];
  return {
    id: userId,
    status: state.status,
    organization_id: user?.organization_id ?? null,
    hotline_worker: user?.hotline_worker === true,
    accessLevel: combineAccessLevel(await roleRefs(w.store, user?.users_roles ?? [])),
    organization: organization ?? null,
  };
};

export const storedOf = (c: CertificateFacts): StoredCertificate => ({ ...summaryOf(c), certificate: toBase64(c.der) });

/** One certificate of a .cer/.crt upload (DER or PEM). Throws a Russian 400. */
export const personalCertificateOf = (bytes: Uint8Array): CertificateFacts => {
  let ders: Uint8Array[];
  try {
    ders = certificatesOfFile(bytes);
  } catch (error) {
    if (error instanceof PkiFileError) throw invalid(m.badCertificate);
    throw error;
  }
  if (ders.length !== 1) throw invalid(m.oneCertificate);
  try {
    return parseCertificate(ders[0]!);
  } catch (error) {
    if (error instanceof CertificateParseError) throw invalid(m.badCertificate);
    throw error;
  }
};

export const candidateOf = async (w: Pick<WriteContext, 'store' | 'pool'>, c: CertificateFacts): Promise<CertificateCandidate> => ({
  certificate: storedOf(c),
  ca: isCaCertificate(c) || (c.keyUsage?.includes('keyCertSign') ?? false),
  forSigning: c.keyUsage === null || c.keyUsage.includes('digitalSignature') || c.keyUsage.includes('nonRepudiation'),
  heldBy: await certificateHolder(w, c.thumbprint),
});

export const registerCertificate = async (w: WriteContext, userId: number, bytes: Uint8Array, actor: Actor, ctx: CommandContext) => {
  const account = await certificateAccount(w, userId);
  const facts = personalCertificateOf(bytes);
  const candidate = await candidateOf(w, facts);
  return handleCommand(w.store, userCertificatesDecider, userCertificatesStreamId(userId), { type: 'Register', account, actor, candidate }, ctx);
};

export const confirmCertificate = async (w: WriteContext, userId: number, thumbprint: string, actor: Actor, ctx: CommandContext) => {
  const account = await certificateAccount(w, userId);
  const heldBy = await certificateHolder(w, thumbprint);
  return handleCommand(w.store, userCertificatesDecider, userCertificatesStreamId(userId), { type: 'Confirm', account, actor, thumbprint, heldBy }, ctx);
};

export const rejectCertificate = async (w: WriteContext, userId: number, thumbprint: string, actor: Actor, ctx: CommandContext) =>
  handleCommand(w.store, userCertificatesDecider, userCertificatesStreamId(userId), { type: 'Reject', account: await certificateAccount(w, userId), actor, thumbprint }, ctx);

export const unregisterCertificate = async (w: WriteContext, userId: number, thumbprint: string, actor: Actor, ctx: CommandContext) =>
  handleCommand(w.store, userCertificatesDecider, userCertificatesStreamId(userId), { type: 'Unregister', account: await certificateAccount(w, userId), actor, thumbprint }, ctx);

/** A first signature's certificate, proposed for the administrator to confirm (idempotent). */
export const proposeCertificate = (w: WriteContext, userId: number, c: CertificateFacts, docId: string | null, subjectMatches: boolean, ctx: CommandContext) =>
  handleCommand(w.store, userCertificatesDecider, userCertificatesStreamId(userId), { type: 'Propose', userId, certificate: storedOf(c), docId, subjectMatches }, ctx);
