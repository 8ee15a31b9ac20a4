import { ContactKind } from './enums';
import type { RequestState } from './state';

/** Why someone is offered under 'Уведомить' (requests.md 5, chat). */
export type RecipientRole = 'исполнитель' | 'контактное лицо' | 'автор заявки' | 'инженер филиала' | 'диспетчер филиала';

export interface RecipientCandidate {
  readonly id: number;
  readonly roles: readonly RecipientRole[];
}

/** An account of the branch of the request's region that edits the branch's requests. */
export interface BranchStaffMember {
  readonly id: number;
  /** Takes requests to work (RIGHT_REQUEST_ENGINEER); otherwise a dispatcher. */
  readonly engineer: boolean;
}

/**
 * Whom a chat message may notify: the executors, the registered contact, the author, and the
 * branch's engineers and dispatchers of the request's region (so a court user's message on a new
 * request, which has no executor yet, reaches someone); never the writer. Who of them may see the
 * request is the caller's check.
 */
export const recipientCandidates = (
  state: Pick<RequestState, 'engineers' | 'contact_kind' | 'contact_id' | 'registered_by'>,
  branchStaff: readonly BranchStaffMember[],
  writerId: number | null,
): RecipientCandidate[] => {
  const out = new Map<number, RecipientRole[]>();
  const add = (id: number | null | undefined, role: RecipientRole) => {
    if (id == null || id === writerId) return;
    const roles = out.get(id) ?? [];
    if (!roles.includes(role)) roles.push(role);
    out.set(id, roles);
  };
  for (const id of state.engineers) add(id, 'исполнитель');
  if (state.contact_kind === ContactKind.FROM_IAC) add(state.contact_id, 'контактное лицо');
  add(state.registered_by, 'автор заявки');
  for (const s of branchStaff) add(s.id, s.engineer ? 'инженер филиала' : 'диспетчер филиала');
  return [...out.entries()].map(([id, roles]) => ({ id, roles }));
};
