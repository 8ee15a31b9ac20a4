import { setup, transition, type SnapshotFrom } from 'xstate';
import type { SignerKind } from './events';

/**
 * The order of signatures on one document (docs/decisions.md, decisions 72–86 signing): branch → object →
 * final; a 2-signer document is done after the object signer. Used purely like the tool machine: a
 * snapshot is resolved from the folded state and one `transition` answers whether a signature is
 * allowed now. Events are the truth; snapshots are never stored.
 */
export type SigningStateName = 'waitingIac' | 'waitingUnit' | 'waitingFinal' | 'signed' | 'cancelled';

type MachineEvent = { type: 'sign'; kind: SignerKind; signersCount: 2 | 3 } | { type: 'cancel' };

const cancel = { cancel: 'cancelled' } as const;

export const signingMachine = setup({
  types: { events: {} as MachineEvent },
  guards: {
    isKind: ({ event }, kind: SignerKind) => event.type === 'sign' && event.kind === kind,
    isLastUnit: ({ event }) => event.type === 'sign' && event.kind === 'unit' && event.signersCount === 2,
  },
}).createMachine({
  id: 'signing',
  initial: 'waitingIac',
  states: {
    waitingIac: { on: { sign: { target: 'waitingUnit', guard: { type: 'isKind', params: 'iac' } }, ...cancel } },
    waitingUnit: {
      on: {
        sign: [
          { target: 'signed', guard: 'isLastUnit' },
          { target: 'waitingFinal', guard: { type: 'isKind', params: 'unit' } },
        ],
        ...cancel,
      },
    },
    waitingFinal: { on: { sign: { target: 'signed', guard: { type: 'isKind', params: 'final' } }, ...cancel } },
    /** All signatures present; removing the document still cancels it (the signatures go with it). */
    signed: { on: cancel },
    cancelled: { type: 'final' },
  },
});

const snapshotAt = (state: SigningStateName): SnapshotFrom<typeof signingMachine> =>
  signingMachine.resolveState({ value: state, context: undefined as never });

/** Where a signature of `kind` leads from `state`, or null when the order forbids it now. */
export const signTransition = (state: SigningStateName, kind: SignerKind, signersCount: 2 | 3): SigningStateName | null => {
  const [next] = transition(signingMachine, snapshotAt(state), { type: 'sign', kind, signersCount });
  return next.value === state ? null : (next.value as SigningStateName);
};

export const cancelTransition = (state: SigningStateName): SigningStateName | null => {
  const [next] = transition(signingMachine, snapshotAt(state), { type: 'cancel' });
  return next.value === state ? null : (next.value as SigningStateName);
};

/** The kind whose signature the document waits for in `state` (null when done or cancelled). */
export const nextKindOf = (state: SigningStateName): SignerKind | null =>
  state === 'waitingIac' ? 'iac' : state === 'waitingUnit' ? 'unit' : state === 'waitingFinal' ? 'final' : null;
