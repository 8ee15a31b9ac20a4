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
