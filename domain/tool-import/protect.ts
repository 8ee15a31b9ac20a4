import { isCompleted } from '../request/lifecycle';
import type { RequestState } from '../request/state';
import type { ToolFields } from '../tool/events';
import type { ImportPlan } from './plan';

/**
 * Tools the Excel import must not delete (issue 33): those a live request names. A request is live
 * while it is registered, not deleted, and either not completed (requests.md 4.1: every status but
 * PERFORMED, HOT_LINE_PERFORMED, CLOSED, CANCELED) or holding a signed act: an act sent for electronic
 * signature (its signing starts with the act) or a hand-uploaded act (the scan of a paper act signed
 * by hand). A generated paper act is a draft to print and does not count.
 */
export const requestHoldsSignedAct = (s: Pick<RequestState, 'documents'>): boolean =>
  s.documents.some((d) => d.act_kind !== null && (d.sign_type === 'electron' || d.added_manually === true));

/** The tools a request names (its tool and the commissioning list), when the request is live. */
export const protectedToolIdsOf = (s: RequestState): number[] => {
  if (!s.registered || s.deleted) return [];
  if (isCompleted(s.request_status_id) && !requestHoldsSignedAct(s)) return [];
  const ids = [s.tool_id, ...s.tools_commissioning.map((t) => t.tool_id)].filter((id): id is number => typeof id === 'number' && Number.isInteger(id) && id > 0);
  return [...new Set(ids)];
};

/** A live request as the confirmation lists it. */
export interface ProtectingRequest {
  readonly id: number;
  readonly number: number | null;
}

/** What happens to a protected tool: updated by a file row with its serial number, or kept as it is. */
export type ProtectedOutcome = 'updated' | 'not_found';

/** One protected tool, as the confirmation step and the result panel list it. */
export interface ProtectedTool {
  readonly id: number;
  readonly serial_number: string;
  readonly inventar_number: string | null;
  readonly model: string;
  readonly requests: readonly ProtectingRequest[];
  readonly outcome: ProtectedOutcome;
  /** The sheet row that updates the tool (outcome 'updated'). */
  readonly row: number | null;
}

/** The mark a protected tool without a row in the file gets in its note (equipment list and card show it). */
export const NOT_FOUND_MARK = 'не найдено при импорте';
export const notFoundNote = (note: string | null, date: string): string => {
  const rest = (note ?? '').replace(new RegExp(`^\\[${NOT_FOUND_MARK} [0-9.]+\\]\\s*`), '');
  const [y, m, d] = date.split('-');
  return `[${NOT_FOUND_MARK} ${d}.${m}.${y}] ${rest}`.trim().slice(0, 1000);
};

const serialKey = (s: string | null | undefined): string => (s ?? '').trim().toLowerCase();

/**
 * Pairs each protected tool with the first file row of the same serial number (trimmed, any case);
 * a row updates at most one tool (the lowest id first). Rows are taken from sets and singles alike.
 */
export const matchProtected = (
  tools: ReadonlyArray<{ id: number; tool: Pick<ToolFields, 'serial_number'> }>,
  plan: ImportPlan,
): Map<number, number> => {
  const rows = [...plan.sets.flatMap((s) => s.tools), ...plan.singles].sort((a, b) => a.row - b.row);
  const taken = new Set<number>();
  const byTool = new Map<number, number>();
  for (const { id, tool } of [...tools].sort((a, b) => a.id - b.id)) {
    const key = serialKey(tool.serial_number);
    if (!key) continue;
    const row = rows.find((r) => !taken.has(r.row) && serialKey(r.card.serial_number) === key);
    if (!row) continue;
    taken.add(row.row);
    byTool.set(id, row.row);
  }
  return byTool;
};

/**
 * What binds a confirmation to the list the user saw: the protected tools with their serial numbers
 * and requests, in id order. The server hashes it; any change (a new live request, a closed one, an
 * edited serial) gives another token and the import asks again.
 */
export const protectedSetText = (tools: ReadonlyArray<Pick<ProtectedTool, 'id' | 'serial_number' | 'requests'>>): string =>
  [...tools]
    .sort((a, b) => a.id - b.id)
    .map((t) => `${t.id}:${serialKey(t.serial_number)}:${t.requests.map((r) => r.id).sort((a, b) => a - b).join(',')}`)
    .join(';');

export const protectMessages = {
  confirm: 'В объекте есть оборудование, указанное в незавершённых заявках или подписанных актах. Проверьте список и подтвердите импорт: это оборудование не будет удалено',
  changed: 'Список оборудования под незавершёнными заявками изменился. Проверьте его и подтвердите импорт ещё раз',
} as const;
