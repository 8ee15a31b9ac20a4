import { OwnerType, ToolState } from '../../domain/tool/states';
import type { CommandContext } from '../../domain/shared/events';
import { registerTool, registerToolsSet } from '../../commands/tool/tools';
import { latest } from '../../commands/context';
import type { Position } from '../../infrastructure/eventstore/port';
import type { AppContext } from '../context';
import type { DemoUser, DemoWorld } from './demo-world';

/** Kinds of the new equipment a branch receives: printers and MFUs alone, workstations in sets. */
const singleKinds = [4, 6, 8];
const setKinds = [2, 3];

/**
 * New equipment delivered to the demo branch's courts and awaiting commissioning (state 5), as the
 * engineer registers it in the equipment registry: two single tools per court unit and, in every
 * other unit, a judge's workstation set. The commissioning dialog and commissioning requests use them.
 */
export const registerWaitingTools = async (
  ctx: AppContext,
  world: DemoWorld,
  engineer: DemoUser,
  at: (daysAgo: number) => CommandContext,
  setTypeId: number | null,
): Promise<Position | null> => {
  let last: Position | null = null;
  let serial = 1;
  const today = at(0).now.slice(0, 10);
  const tool = async (unitId: number, kind: number, context: CommandContext) => {
    const model = world.models.get(kind)!;
    const r = await registerTool(ctx, {
      unit_id: unitId, tool_kind_id: kind, manufacturer_id: model.manufacturer_id, model_id: model.model_id, model: model.model,
      serial_number: `DEMO-N${String(serial).padStart(4, '0')}`, inventar_number: `ИН-Н-${String(serial++).padStart(4, '0')}`,
      owner_type_id: OwnerType.BASE, cost_remain: 0, exchange_stock: false, work_in_dt: null, guaranty_dt: `${Number(today.slice(0, 4)) + 3}${today.slice(4)}`,
      state: ToolState.WAITING, buh_name: `${model.model} (поставка ${today.slice(0, 4)} г.)`, tool_softwares: [],
    }, engineer.actor, context);
    last = latest(last, r.position);
    return r.id;
  };
  for (const [index, unit] of world.units.entries()) {
    // Delivered before the weeks the demo shows, so every commissioning request comes after its tools.
    const context = at(50 - index);
    for (const kind of [singleKinds[index % singleKinds.length]!, singleKinds[(index + 1) % singleKinds.length]!]) {
      const id = await tool(unit.id, kind, context);
      unit.tools.push({ id, kind, state: ToolState.WAITING, setId: null });
    }
    if (setTypeId && index % 2 === 0) {
      const parts = [];
      for (const kind of setKinds) parts.push({ id: await tool(unit.id, kind, context), kind });
      const set = await registerToolsSet(ctx, {
        unit_id: unit.id, inventar_number: `К-НОВ-${unit.id}`, type_id: setTypeId, owner_type_id: OwnerType.BASE,
        buh_name: 'Автоматизированное рабочее место судьи (новая поставка)', work_in_dt: null,
      }, parts.map((p) => p.id), engineer.actor, context);
      last = latest(last, set.position);
      for (const p of parts) unit.tools.push({ id: p.id, kind: p.kind, state: ToolState.WAITING, setId: set.id });
    }
  }
  return last;
};
