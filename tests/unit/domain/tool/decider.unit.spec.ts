import { describe, expect, it } from 'vitest';
import { toolDecider, toolsSetDecider, type ToolCommand, type ToolsSetCommand } from '../../../../domain/tool/decider';
import type { ToolEvent, ToolFile } from '../../../../domain/tool/events';
import { ToolState } from '../../../../domain/tool/states';
import type { Actor } from '../../../../domain/shared/actor';
import { AccessLevel } from '../../../../domain/rights/values';
import { given, historyOf } from '../../../support/given-when-then';

const writer: Actor = { userId: 7, rights: { RIGHT_TOOLS_WRITE: 2, RIGHT_TOOLS_READ: 4 }, accessLevel: AccessLevel.OWN };
const placer: Actor = { userId: 8, rights: { RIGHT_TOOLS_PLACE_EDIT: 2, RIGHT_TOOLS_READ: 4 }, accessLevel: AccessLevel.OWN };
const reader: Actor = { userId: 9, rights: { RIGHT_TOOLS_READ: 4 }, accessLevel: AccessLevel.OWN };

const card = (over: Record<string, unknown> = {}) => ({
  unit_id: 10, tool_kind_id: 4, manufacturer_id: 3, model_id: 5, model: 'LaserJet 400', serial_number: 'SN-1', inventar_number: 'ИН-1',
  owner_type_id: 2, cost_remain: '100.50', exchange_stock: false, work_in_dt: '2024-01-10', guaranty_dt: null, work_out_dt: null,
  state: ToolState.IN_WORK, buh_name: 'Принтер', description: null, tool_softwares: [], ...over,
});
const file = (id: string, section: ToolFile['section']): ToolFile => ({ file_id: id, file_name: `${id}.png`, mimetype: 'image/png', size: 10, checksum: 'a'.repeat(64), section });

const register = (over: Record<string, unknown> = {}, files: ToolFile[] = []): ToolCommand => ({ type: 'RegisterTool', id: 1, input: card(over), actor: writer, files, fromCard: true });
const update = (over: Record<string, unknown> = {}, extra: Partial<Extract<ToolCommand, { type: 'UpdateTool' }>> = {}): ToolCommand => ({
  type: 'UpdateTool', id: 1, input: card(over), actor: writer, ...extra,
});
const history = (...commands: ToolCommand[]): ToolEvent[] => historyOf(toolDecider, commands);

describe('registration', () => {
  it('registers the card with its lists defaulted and the uploads as files', () => {
    given(toolDecider).when(register({}, ), ).then((events) => {
      expect(events).toHaveLength(1);
      const e = events[0]!;
      expect(e.type).toBe('ToolRegistered');
      if (e.type !== 'ToolRegistered') return;
      expect(e.data.tool).toMatchObject({ cost_remain: 100.5, traits: [], tool_places: [], tool_movings: [], files: [] });
    });
  });
  it('a reader cannot register', () => {
    given(toolDecider).when({ type: 'RegisterTool', id: 1, input: card(), actor: reader }).thenThrows('Недостаточно прав для изменения оборудования', 'forbidden');
  });
  it('the card registers only waiting, in work or broken tools; an import registers any state', () => {
    given(toolDecider).when(register({ state: ToolState.UTILIZED })).thenThrows(/Новое оборудование/, 'invalid');
    given(toolDecider).when({ type: 'RegisterTool', id: 1, input: card({ state: ToolState.WAITING_RECLAIM }), actor: writer }).then((e) => expect(e).toHaveLength(1));
  });
});

describe('card save', () => {
  it('records the changed fields only, and nothing when nothing changed', () => {
    const h = history(register());
    given(toolDecider, h).when(update({ description: 'Кабинет 5' })).then((events) => {
      expect(events[0]!.type).toBe('ToolUpdated');
      if (events[0]!.type === 'ToolUpdated') expect(events[0]!.data.changes).toEqual([{ field: 'description', old: null, new: 'Кабинет 5' }]);
    });
    given(toolDecider, h).when(update()).then([]);
  });

  it('a state change the machine refuses is a 400 at the state field', () => {
    const h = history(register({ state: ToolState.WAITING, inventar_number: null, work_in_dt: null }));
    given(toolDecider, h).when(update({ state: ToolState.WAITING_RECLAIM })).thenThrows('Переход из состояния «Ожидает ввода в эксплуатацию» в состояние «Ожидает списания» недоступен', 'invalid');
    given(toolDecider, h).when(update({ state: ToolState.IN_WORK })).then((e) => expect(e).toHaveLength(1));
  });

  it('a reclaimed tool keeps its General fields; only description, state, places, movings and documents change', () => {
    const h = history(
      register({}, [file('1', 'tool_docs'), file('2', 'tool_pictures')]),
      update({ state: ToolState.WAITING_RECLAIM }),
      update({ state: ToolState.RECLAIMED }),
    );
    given(toolDecider, h)
      .when(update({ serial_number: 'SN-CHANGED', description: 'Акт списания №5', state: ToolState.RECLAIMED }, { keptFileIds: [], newFiles: [file('3', 'tool_docs')] }))
      .then((events) => {
        const e = events[0]!;
        if (e.type !== 'ToolUpdated') throw new Error(e.type);
        expect(e.data.tool.serial_number).toBe('SN-1');
        expect(e.data.tool.description).toBe('Акт списания №5');
        // Pictures are not editable in RECLAIMED: an empty kept list removes only documents.
        expect(e.data.tool.files.map((f) => f.file_id)).toEqual(['2', '3']);
      });
    given(toolDecider, h).when(update({ state: ToolState.RECLAIMED }, { newFiles: [file('4', 'tool_pictures')] })).thenThrows('Недостаточно прав для изменения оборудования', 'forbidden');
  });

  it('a utilized tool takes only documents', () => {
    const h = history(register(), update({ state: ToolState.WAITING_RECLAIM }), update({ state: ToolState.RECLAIMED }), update({ state: ToolState.UTILIZED }));
    given(toolDecider, h).when(update({ state: ToolState.IN_WORK, description: 'x' })).then([]);
    given(toolDecider, h).when(update({ state: ToolState.UTILIZED }, { newFiles: [file('9', 'tool_docs')] })).then((e) => expect(e).toHaveLength(1));
  });

  it('the place right alone changes only the locations', () => {
    const h = history(register());
    const places = [{ date_time: '2026-03-01', unit_id: 11, room: 'Каб. 3', man_post: null, man_fio: null }];
    given(toolDecider, h)
      .when({ type: 'UpdateTool', id: 1, input: { ...card({ description: 'подмена' }), tool_places: places }, actor: placer, placesOnly: true })
      .then((events) => {
        if (events[0]!.type !== 'ToolUpdated') throw new Error('no update');
        expect(events[0]!.data.changes.map((c) => c.field)).toEqual(['tool_places']);
      });
    given(toolDecider, h).when({ type: 'UpdateTool', id: 1, input: card(), actor: reader }).thenThrows('Недостаточно прав для изменения оборудования', 'forbidden');
  });

  it('a save that does not send a list keeps it; the place-only save must send the locations', () => {
    const places = [{ date_time: '2026-03-01', unit_id: 11, room: 'Каб. 3', man_post: null, man_fio: null }];
    const h = history(register(), update({ tool_places: places }));
    // card() sends no lists: the locations stay.
    given(toolDecider, h).when(update({ description: 'Кабинет 5' })).then((events) => {
      if (events[0]!.type !== 'ToolUpdated') throw new Error('no update');
      expect(events[0]!.data.tool.tool_places).toEqual(places);
    });
    given(toolDecider, h).when({ type: 'UpdateTool', id: 1, input: {}, actor: placer, placesOnly: true }).thenThrows('Нет данных «tool_places» в запросе', 'invalid');
  });

  it('a deleted tool is not found', () => {
    const h = history(register(), { type: 'DeleteTool', id: 1, actor: writer });
    given(toolDecider, h).when(update()).thenThrows('Оборудование не найдено', 'not_found');
  });
});

describe('state changes by requests', () => {
  it('a repair target is taken through the machine; an unreachable one is refused', () => {
    const h = history(register({ state: ToolState.BROKEN }));
    given(toolDecider, h).when({ type: 'ChangeToolState', id: 1, state: ToolState.IN_WORK, reason: { request_id: 5, request_number: 12 } }).then([
      { type: 'ToolStateChanged', data: { id: 1, state: ToolState.IN_WORK, previous: ToolState.BROKEN, reason: { request_id: 5, request_number: 12 } } },
    ]);
    const waiting = history(register({ state: ToolState.WAITING, inventar_number: null, work_in_dt: null }));
    given(toolDecider, waiting).when({ type: 'ChangeToolState', id: 1, state: ToolState.WAITING_RECLAIM, reason: null }).thenThrows(/недоступен/, 'refused');
  });
  it('commissioning puts a waiting tool in work; a tool in work is refused', () => {
    const waiting = history(register({ state: ToolState.WAITING, inventar_number: null, work_in_dt: null }));
    given(toolDecider, waiting).when({ type: 'ApplyToolEvent', id: 1, event: 'commission', reason: null }).then((e) => expect(e[0]).toMatchObject({ type: 'ToolStateChanged', data: { state: ToolState.IN_WORK } }));
    given(toolDecider, history(register())).when({ type: 'ApplyToolEvent', id: 1, event: 'commission', reason: null }).thenThrows(/Действие недоступно/, 'refused');
  });
});

describe('sets', () => {
  const set = { unit_id: 10, inventar_number: 'К-1', type_id: 2, owner_type_id: 2, buh_name: 'Рабочее место судьи', work_in_dt: '2024-01-01' };
  const reg: ToolsSetCommand = { type: 'RegisterToolsSet', id: 3, input: set, toolIds: [1, 2, 3], actor: writer };
  it('a set needs tools', () => {
    given(toolsSetDecider).when({ ...reg, toolIds: [] }).thenThrows('Комплект должен содержать учетные единицы');
  });
  it('an update names the removed tools; a delete keeps the tools listed', () => {
    const h = historyOf(toolsSetDecider, [reg]);
    given(toolsSetDecider, h).when({ type: 'UpdateToolsSet', id: 3, input: set, toolIds: [1, 2], actor: writer }).then((events) => {
      expect(events[0]).toMatchObject({ type: 'ToolsSetUpdated', data: { tool_ids: [1, 2], removed_tool_ids: [3] } });
    });
    given(toolsSetDecider, h).when({ type: 'DeleteToolsSet', id: 3, actor: writer }).then([{ type: 'ToolsSetDeleted', data: { id: 3, tool_ids: [1, 2, 3] } }]);
  });
  it('the set messages of equipment.md 5', () => {
    given(toolsSetDecider).when({ ...reg, input: { ...set, buh_name: 'АРМ' } }).thenThrows('Наименование, от 5-ти до 1000 символов', 'invalid');
    given(toolsSetDecider).when({ ...reg, input: { ...set, inventar_number: ' ' } }).thenThrows('Нужно ввести', 'invalid');
  });
});
