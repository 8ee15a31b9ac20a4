import { OwnerType, ToolState } from '../../domain/tool/states';
import type { CommandContext } from '../../domain/shared/events';
import type { ToolFile } from '../../domain/tool/events';
import type { ToolCardFields } from '../../domain/tool/schemas';
import { toolMovingEvents } from '../../domain/tool/movings';
import { createTool, registerTool, registerToolsSet, updateTool } from '../../commands/tool/tools';
import { saveToolsSet } from '../../commands/tool/sets';
import { demoNoteDocx, demoScreenshotPng, DOCX_MIME, storeDemoFile } from './demo-files';
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
  const tool = async (unitId: number, kind: number, context: CommandContext, owner: number = OwnerType.BASE) => {
    const model = world.models.get(kind)!;
    const r = await registerTool(ctx, {
      unit_id: unitId, tool_kind_id: kind, manufacturer_id: model.manufacturer_id, model_id: model.model_id, model: model.model,
      serial_number: `DEMO-N${String(serial).padStart(4, '0')}`, inventar_number: `ИН-Н-${String(serial++).padStart(4, '0')}`,
      owner_type_id: owner, cost_remain: 0, exchange_stock: false, work_in_dt: null, guaranty_dt: `${Number(today.slice(0, 4)) + 3}${today.slice(4)}`,
      state: ToolState.WAITING, buh_name: `${model.model} (поставка ${today.slice(0, 4)} г.)`, tool_softwares: [],
    }, engineer.actor, context);
    last = latest(last, r.position);
    return r.id;
  };
  for (const [index, unit] of world.units.entries()) {
    // Delivered before the weeks the demo shows, so every commissioning request comes after its tools.
    const context = at(50 - index);
    for (const kind of [singleKinds[index % singleKinds.length]!, singleKinds[(index + 1) % singleKinds.length]!]) {
      // Every other building's delivery is centralised (the balance holder's), so enclosure 3 has both supply kinds.
      const id = await tool(unit.id, kind, context, index % 2 === 1 ? OwnerType.HOST : OwnerType.BASE);
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
  last = latest(last, await registerRegistryDemo(ctx, world, engineer, at, setTypeId));
  return last;
};

const EVERYWHERE = { all: true } as const;
const day = (c: CommandContext) => c.now.slice(0, 10);

/**
 * The equipment registry's own demo (decisions 41–47), as the branch engineer works in it through the card:
 * tools in every state of the lifecycle with a picture and a passport, moved between rooms and
 * objects, repaired, written off and utilized; sets of 2-4 tools. Dated weeks back so the history
 * tab reads as real work. Deterministic: no random numbers (the seed's generator stays untouched).
 */
export const registerRegistryDemo = async (
  ctx: AppContext,
  world: DemoWorld,
  engineer: DemoUser,
  at: (daysAgo: number) => CommandContext,
  setTypeId: number | null,
): Promise<Position | null> => {
  let last: Position | null = null;
  const units = world.units.slice(0, 6);
  if (units.length === 0) return null;
  let serial = 1;
  type Card = Omit<ToolCardFields, 'traits'> & { guaranty_months: number | null; id?: number | null };
  const cardOf = (unitId: number, kind: number, state: ToolState, c: CommandContext, extra: Partial<Card> = {}): Card => {
    const model = world.models.get(kind)!;
    const n = serial++;
    const waiting = state === ToolState.WAITING;
    return {
      unit_id: unitId, tool_kind_id: kind, manufacturer_id: model.manufacturer_id, model_id: model.model_id, model: model.model,
      serial_number: `REG-${String(n).padStart(4, '0')}`, inventar_number: waiting ? null : `ИН-Р-${String(n).padStart(4, '0')}`,
      owner_type_id: OwnerType.BASE, cost_remain: 12_000 + n * 350.5, exchange_stock: n % 5 === 0,
      work_in_dt: waiting ? null : `${Number(day(c).slice(0, 4)) - 1 - (n % 7)}-0${1 + (n % 9)}-1${n % 10}`,
      guaranty_months: waiting ? null : [12, 24, 36, 84][n % 4]!, guaranty_dt: null, work_out_dt: null, state,
      buh_name: `${model.model} (инв. учет филиала)`, description: null, tools_set_id: null, tool_softwares: [], tool_places: [], tool_movings: [], ...extra,
    };
  };
  const files = async (n: number, title: string): Promise<ToolFile[]> => [
    { ...(await storeDemoFile(ctx, `foto-${n}.png`, 'image/png', demoScreenshotPng(100 + n))), section: 'tool_pictures' },
    { ...(await storeDemoFile(ctx, `pasport-${n}.docx`, DOCX_MIME, await demoNoteDocx(`Паспорт оборудования: ${title}`, [`Серийный номер REG-${String(n).padStart(4, '0')}.`, 'Комплектность проверена при поступлении.']))), section: 'tool_docs' },
  ];

  // Single tools, one chain of card saves each: every state of the machine is reached.
  const plans: Array<{ kind: number; chain: ToolState[] }> = [
    { kind: 4, chain: [ToolState.WAITING] },
    { kind: 6, chain: [ToolState.WAITING, ToolState.IN_WORK] },
    { kind: 4, chain: [ToolState.IN_WORK, ToolState.BROKEN] },
    { kind: 5, chain: [ToolState.IN_WORK, ToolState.BROKEN, ToolState.IN_WORK] },
    { kind: 3, chain: [ToolState.IN_WORK, ToolState.WAITING_RECLAIM] },
    { kind: 8, chain: [ToolState.BROKEN, ToolState.WAITING_RECLAIM] },
    { kind: 4, chain: [ToolState.IN_WORK, ToolState.WAITING_RECLAIM, ToolState.RECLAIMED] },
    { kind: 6, chain: [ToolState.BROKEN, ToolState.WAITING_RECLAIM, ToolState.RECLAIMED] },
    { kind: 3, chain: [ToolState.IN_WORK, ToolState.WAITING_RECLAIM, ToolState.RECLAIMED, ToolState.UTILIZED] },
    { kind: 5, chain: [ToolState.IN_WORK, ToolState.BROKEN, ToolState.WAITING_RECLAIM, ToolState.RECLAIMED, ToolState.UTILIZED] },
    { kind: 2, chain: [ToolState.IN_WORK] },
    { kind: 7, chain: [ToolState.IN_WORK, ToolState.BROKEN, ToolState.IN_WORK] },
  ];
  for (const [i, plan] of plans.entries()) {
    const unit = units[i % units.length]!;
    if (!world.models.has(plan.kind)) continue;
    let daysAgo = 60 - i;
    let c = at(daysAgo);
    const soft = plan.kind === 2 || plan.kind === 7 ? world.commonPrograms.slice(0, 2) : [];
    let card = cardOf(unit.id, plan.kind, plan.chain[0]!, c, { tool_softwares: soft });
    const created = await createTool(ctx, { input: card, actor: engineer.actor, scope: EVERYWHERE, files: await files(serial - 1, card.model) }, c);
    last = latest(last, created.position);
    const save = async (next: Card) => {
      daysAgo -= 4;
      c = at(daysAgo);
      const r = await updateTool(ctx, { id: created.id, input: next, actor: engineer.actor, scope: EVERYWHERE }, c);
      last = latest(last, r.position);
      card = next;
    };
    // Placed in a room, then moved (a location entry and a movement entry each time).
    const room = (n: number) => ({ date_time: day(at(daysAgo - 1)), unit_id: unit.id, room: `Каб. ${100 + ((i * 7 + n) % 40)}`, man_post: 'Секретарь судебного заседания', man_fio: `Сотрудник ${i + 1}-${n}` });
    await save({ ...card, tool_places: [room(1)], tool_movings: [{ date_time: day(at(daysAgo - 1)), event_id: toolMovingEvents[0]!.id, comment: 'Поступило по накладной' }] });
    await save({
      ...card,
      tool_places: [...card.tool_places, room(2)],
      tool_movings: [...card.tool_movings, { date_time: day(at(daysAgo - 1)), event_id: toolMovingEvents[1]!.id, comment: 'Перенесено в зал заседаний' }],
      description: 'Установлено в зале судебных заседаний',
    });
    for (const state of plan.chain.slice(1)) {
      // A commissioning on the card also gives the inventory number and the date.
      const fill = card.inventar_number ? {} : { inventar_number: `ИН-Р-${String(serial++).padStart(4, '0')}`, work_in_dt: day(at(daysAgo - 4)), guaranty_months: 36 };
      await save({ ...card, ...fill, state, description: `Состояние: ${state === ToolState.RECLAIMED ? 'списано по акту' : state === ToolState.UTILIZED ? 'утилизировано' : 'изменено по результату осмотра'}` });
    }
    // Not offered to the request plans: the living demo's requests stay what they were.
  }

  // Sets of 2-4 tools, saved with their tools in one decision as the set dialog does.
  if (setTypeId !== null) {
    const setKinds = [[2, 3], [2, 3, 8], [2, 3, 4, 8], [18, 3], [2, 3, 6], [7, 8, 46]];
    for (const [i, kinds] of setKinds.entries()) {
      const unit = units[i % units.length]!;
      const available = kinds.filter((k) => world.models.has(k));
      if (available.length < 2) continue;
      const c = at(45 - i * 3);
      const tools = available.map((k) => cardOf(unit.id, k, ToolState.IN_WORK, c, { id: null, tool_softwares: k === 2 ? world.commonPrograms.slice(0, 1) : [] }));
      const r = await saveToolsSet(ctx, {
        id: null,
        toolsSet: { unit_id: unit.id, inventar_number: `К-Р-${unit.id}-${i + 1}`, type_id: setTypeId, owner_type_id: OwnerType.BASE, buh_name: `Комплект рабочего места № ${i + 1}`, work_in_dt: day(c) },
        tools, actor: engineer.actor, scope: EVERYWHERE,
      }, c);
      last = latest(last, r.position);
    }
  }
  return last;
};
