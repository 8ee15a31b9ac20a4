import type { UserCertificatesState } from '../../domain/signing/user-certificates';
import { userDecider, userStreamId } from '../../domain/user/decider';
import { indexMembers } from '../../infrastructure/write-index';
import { readAggregate, type WriteIndex } from '../aggregate';
import type { WriteContext } from '../context';

/**
 * Which account each signing certificate is registered to: the user_certificates stream listed
 * under every thumbprint it holds registered, moved in the append's own transaction, so "one
 * certificate, one account" and "whose certificate is this" never read a lagging read model.
 */
export const certificateHoldersIndex: WriteIndex<UserCertificatesState> = {
  name: 'certificate-holders',
  keysOf: (state) => state.registered.map((c) => c.thumbprint),
};

const accountName = async (w: Pick<WriteContext, 'store'>, userId: number): Promise<string> => {
  const { state } = await readAggregate(w.store, userDecider, userStreamId(userId));
  return state.user ? [state.user.surname, state.user.name, state.user.patronymic].filter(Boolean).join(' ') : `№ ${userId}`;
};

/** The account the certificate is registered to (from the index), with its name; null when nobody's. */
export const certificateHolder = async (w: Pick<WriteContext, 'store' | 'pool'>, thumbprint: string): Promise<{ id: number; name: string } | null> => {
  const [member] = await indexMembers(w.pool, certificateHoldersIndex.name, thumbprint);
  if (!member) return null;
  const id = Number(member.slice(member.indexOf('-') + 1));
  return { id, name: await accountName(w, id) };
};
