import type { RequestCommand } from '../../domain/request/commands';
import { invalid } from '../../domain/shared/errors';
import { PG_INT_MAX, primitiveMessages } from '../../domain/shared/primitives';
import type { WriteContext } from '../context';
import type { RequestCaller } from './caller';
import { userReferences } from './lookups';

/** Account ids as the dialog sends them (numbers or `{ id }` / `{ user_id }` rows), each once. */
export const ids = (raw: unknown): number[] => {
  if (!Array.isArray(raw)) return [];
  const list = raw.map((x) => Number(typeof x === 'object' && x ? ((x as { id?: unknown; user_id?: unknown }).user_id ?? (x as { id?: unknown }).id) : x)).filter((n) => Number.isInteger(n) && n > 0);
  // Past PostgreSQL integer no account exists: refused (400) rather than looked up.
  if (list.some((n) => n > PG_INT_MAX)) throw invalid(primitiveMessages.id);
  return [...new Set(list)];
};

/** An executors command with the chosen users as found; the decider checks region and role. */
export const assignCommand = async (w: Pick<WriteContext, 'lookups'>, caller: RequestCaller, wanted: number[]): Promise<RequestCommand> => ({
  type: 'AssignEngineers',
  actor: caller.actor,
  engineer_ids: wanted,
  executors: await userReferences(w, wanted),
});
