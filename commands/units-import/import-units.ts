import { organizationDecider, organizationStreamId } from '../../domain/organization/decider';
import type { Actor } from '../../domain/shared/actor';
import type { CommandContext } from '../../domain/shared/events';
import type { PlannedOrganization, UnitsImportPlan } from '../../domain/units-import/plan';
import type { Position } from '../../infrastructure/eventstore/port';
import { readAggregate } from '../aggregate';
import { latest, type WriteContext } from '../context';
import { saveOrganization } from '../organization/organizations';

export interface UnitsImportResult {
  readonly created: number;
  readonly updated: number;
  readonly unchanged: number;
  /** Rows the write path refused after planning (a concurrent change), with the reason. */
  readonly failed: ReadonlyArray<{ line: number; text: string; reason: string }>;
  readonly position: Position | null;
}

/** Organisations are separate streams: a few saves at a time keep a paste of thousands short without starving other users. */
const CONCURRENCY = 4;

const runPool = async <T>(items: readonly T[], work: (item: T) => Promise<void>) => {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(CONCURRENCY, items.length) }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
};

/**
 * Carries out a units-import plan through the organisation area's own write path
 * (`saveOrganization`, which decides on each organisation's stream): a new organisation gets one
 * building with its code, an existing one keeps its buildings as its stream holds them. Hosts
 * first, so the courts of a region whose office is new in this paste can name it.
 */
export const importUnits = async (w: WriteContext, plan: UnitsImportPlan, actor: Actor, ctx: CommandContext): Promise<UnitsImportResult> => {
  let created = 0;
  let updated = 0;
  let unchanged = 0;
  let position: Position | null = null;
  const failed: Array<{ line: number; text: string; reason: string }> = [];
  const createdIds = new Map<string, number>();

  const save = async (item: PlannedOrganization) => {
    try {
      const host_id = item.fields.host_id ?? (item.hostVncode ? (createdIds.get(item.hostVncode) ?? null) : null);
      if (!item.fields.is_host && host_id === null) throw new Error(`Балансодержатель ${item.hostVncode ?? ''} не создан`);
      const fields = { ...item.fields, host_id, vncode: item.vncode };
      if (item.existingId === null) {
        const r = await saveOrganization(w, null, fields, [{ name: fields.name, fullname: fields.fullname, address: fields.address, vncode: item.vncode }], actor, ctx);
        createdIds.set(item.vncode, r.id);
        created += 1;
        position = latest(position, r.position);
        return;
      }
      // The rest of the organisation (phone, mail, hot line...) and its buildings as its stream has them now.
      const { state } = await readAggregate(w.store, organizationDecider, organizationStreamId(item.existingId));
      const r = await saveOrganization(w, item.existingId, { ...(state.organization ?? {}), ...fields }, state.units, actor, ctx);
      if (r.position) updated += 1;
      else unchanged += 1;
      position = latest(position, r.position);
    } catch (e) {
      failed.push({ line: item.line, text: item.vncode, reason: e instanceof Error ? e.message : String(e) });
    }
  };
  await runPool(plan.items.filter((i) => i.fields.is_host), save);
  await runPool(plan.items.filter((i) => !i.fields.is_host), save);
  failed.sort((a, b) => a.line - b.line);
  return { created, updated, unchanged, failed, position };
};
