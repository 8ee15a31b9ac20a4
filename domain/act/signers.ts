import type { SignerRole } from './data';
import { rolesOf } from './data';

/** A user who may sign an act as one of its signers (requests.md 6). */
export interface ActCandidate {
  readonly id: number;
  readonly name: string;
  readonly post: string;
}
export type SignerCandidates = Readonly<Record<SignerRole, readonly ActCandidate[]>>;
export type ChosenSigners = Readonly<Partial<Record<SignerRole, number | null>>>;

export const signerMessages = {
  required: 'Укажите подписанта',
  twice: 'Один и тот же сотрудник не может быть выбран подписантом дважды',
  notCandidate: 'Сотрудник не может подписывать документы в этой роли по заявке',
} as const;

/**
 * Field errors of the chosen signers (by role), or null when they are fine: each required role is
 * filled, by a candidate of that role, and nobody is chosen twice.
 */
export const signerErrors = (count: 2 | 3, chosen: ChosenSigners, candidates: SignerCandidates): Partial<Record<SignerRole, string>> | null => {
  const errors: Partial<Record<SignerRole, string>> = {};
  const seen = new Map<number, SignerRole>();
  for (const role of rolesOf(count)) {
    const id = chosen[role];
    if (id == null) {
      errors[role] = signerMessages.required;
      continue;
    }
    if (seen.has(id)) errors[role] = signerMessages.twice;
    else if (!candidates[role].some((c) => c.id === id)) errors[role] = signerMessages.notCandidate;
    seen.set(id, role);
  }
  return Object.keys(errors).length ? errors : null;
};

/** The client preselects a role's only candidate (requests.md 6). */
export const preselected = (candidates: SignerCandidates, count: 2 | 3): Partial<Record<SignerRole, number>> =>
  Object.fromEntries(rolesOf(count).flatMap((role) => (candidates[role].length === 1 ? [[role, candidates[role][0]!.id]] : []))) as Partial<
    Record<SignerRole, number>
  >;

/** A user of the unit's region with what the signing rules look at (read side's answer). */
export interface SignerUser {
  readonly id: number;
  readonly name: string;
  readonly post: string;
  readonly organizationId: number;
  /** The user's organisation is a branch (its kind is_filial). */
  readonly inBranch: boolean;
  readonly rights: readonly Readonly<Record<string, number | undefined>>[];
}

const FULL = 2;
const holds = (u: SignerUser, key: string) => u.rights.some((r) => ((r[key] ?? 0) & FULL) !== 0);

/**
 * Candidates per role (requests.md 6) among the active users of the unit's region: branch (IAC)
 * signers work in the region's branch; object (unit) signers work in the request's organisation
 * (the court itself: a branch employee serving the unit is not one, whatever his rights);
 * final signers anywhere in the region.
 */
export const signerCandidates = (users: readonly SignerUser[], unit: { organizationId: number }): SignerCandidates => {
  const pick = (ok: (u: SignerUser) => boolean) =>
    users.filter(ok).map((u) => ({ id: u.id, name: u.name, post: u.post })).sort((a, b) => a.name.localeCompare(b.name, 'ru') || a.id - b.id);
  return {
    iac: pick((u) => u.inBranch && holds(u, 'RIGHT_SIGNING_DOCS_IAC')),
    unit: pick((u) => holds(u, 'RIGHT_SIGNING_DOCS_UNIT') && u.organizationId === unit.organizationId),
    final: pick((u) => holds(u, 'RIGHT_SIGNING_DOCS_FINAL')),
  };
};
