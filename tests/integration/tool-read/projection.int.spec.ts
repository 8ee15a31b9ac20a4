import { afterAll, beforeAll, describe, it } from 'vitest';
import { toolsProjection } from '../../../projections/tool/list/projection';
import { toolHistoryProjection } from '../../../projections/tool/history/projection';
import type { ToolFields } from '../../../domain/tool/events';
import { createTestDatabase, type TestDatabase } from '../../support/database';
import { on, projectionSpec } from '../../support/projection-spec';

/** The tools read model as specifications: given these events, then these rows (tests/support/projection-spec.ts). */

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.drop();
});

// A tool as events written by earlier versions carry it: no lists.
const oldTool = (over: Record<string, unknown> = {}) => ({
  unit_id: 10, tools_set_id: null, tool_kind_id: 2, manufacturer_id: 3, model_id: null, model: 'Модель', serial_number: 'SN1', inventar_number: 'ИН-1',
  owner_type_id: 2, cost_remain: 12.5, exchange_stock: false, work_in_dt: null, guaranty_dt: null, work_out_dt: null, state: 1, buh_name: null,
  description: null, tool_softwares: [], ...over,
});
const place = { date_time: '2026-01-10', unit_id: 11, room: '101', man_post: null, man_fio: 'Иванов И. И.' };
const set = { unit_id: 10, inventar_number: 'К-1', type_id: 1, owner_type_id: 2, buh_name: 'Комплект АРМ', work_in_dt: null };

describe('tools projection', () => {
  const spec = () => projectionSpec(db.pool, toolsProjection);
  const rows = `SELECT id, tools_set_id, state, revision, deleted, traits, tool_places, files, age_dt::text FROM rm_tools ORDER BY id`;

  it('old events get empty lists; the revision is the stream revision; a missing date ages from 1 Jan 2000', async () => {
    await spec()
      .given([
        ...on('tool-1', { type: 'ToolRegistered', data: { id: 1, tool: oldTool() } }, { type: 'ToolStateChanged', data: { id: 1, state: 2, previous: 1, reason: null } }),
        ...on('tool-2', { type: 'ToolRegistered', data: { id: 2, tool: { ...oldTool({ work_in_dt: '2020-05-01' }), traits: [{ tool_trait_id: 1, trait_value_id: 2 }], tool_places: [place], tool_movings: [], files: [] } as ToolFields } }),
      ])
      .then(rows, [
        { id: 1, tools_set_id: null, state: 2, revision: 1, deleted: false, traits: [], tool_places: [], files: [], age_dt: '2000-01-01' },
        { id: 2, tools_set_id: null, state: 1, revision: 0, deleted: false, traits: [{ tool_trait_id: 1, trait_value_id: 2 }], tool_places: [place], files: [], age_dt: '2020-05-01' },
      ]);
  });

  it('membership follows the set stream: registered, updated (added, removed), deleted; a tool update keeps it', async () => {
    await spec()
      .given([
        ...on('tool-1', { type: 'ToolRegistered', data: { id: 1, tool: oldTool() } }),
        ...on('tool-2', { type: 'ToolRegistered', data: { id: 2, tool: oldTool({ serial_number: 'SN2' }) } }),
        ...on('tool-3', { type: 'ToolRegistered', data: { id: 3, tool: oldTool({ serial_number: 'SN3', tools_set_id: 7 }) } }),
        ...on('tools_set-7', { type: 'ToolsSetRegistered', data: { id: 7, set, tool_ids: [1, 3] } }),
        // A stale tool save naming no set does not take the tool out of it.
        ...on('tool-1', { type: 'ToolUpdated', data: { id: 1, tool: oldTool({ description: 'Зал' }), changes: [{ field: 'description', old: null, new: 'Зал' }] } }),
        ...on('tools_set-7', { type: 'ToolsSetUpdated', data: { id: 7, set, tool_ids: [1, 2], removed_tool_ids: [3], changes: [] } }),
        ...on('tool-3', { type: 'ToolDeleted', data: { id: 3 } }),
      ])
      .then(`SELECT id, tools_set_id, revision, deleted FROM rm_tools ORDER BY id`, [
        { id: 1, tools_set_id: 7, revision: 1, deleted: false },
        { id: 2, tools_set_id: 7, revision: 0, deleted: false },
        { id: 3, tools_set_id: null, revision: 1, deleted: true },
      ]);
    await spec()
      .given([
        ...on('tool-1', { type: 'ToolRegistered', data: { id: 1, tool: oldTool() } }),
        ...on('tools_set-7', { type: 'ToolsSetRegistered', data: { id: 7, set, tool_ids: [1] } }, { type: 'ToolsSetDeleted', data: { id: 7, tool_ids: [1] } }),
      ])
      .then(`SELECT t.id, t.tools_set_id, (SELECT count(*)::int FROM rm_tools_sets) AS sets FROM rm_tools t`, [{ id: 1, tools_set_id: null, sets: 0 }]);
  });

  it('the set row keeps its fields, tools and stream revision', async () => {
    await spec()
      .given([
        ...on('tools_set-7', { type: 'ToolsSetRegistered', data: { id: 7, set, tool_ids: [1] } }, {
          type: 'ToolsSetUpdated', data: { id: 7, set: { ...set, inventar_number: 'К-2' }, tool_ids: [1, 2], removed_tool_ids: [], changes: [] },
        }),
      ])
      .then(`SELECT id, inventar_number, tool_ids, revision FROM rm_tools_sets`, [{ id: 7, inventar_number: 'К-2', tool_ids: [1, 2], revision: 1 }]);
  });
});

describe('tool history projection', () => {
  it('one row per changed field, list fields as whole values', async () => {
    await projectionSpec(db.pool, toolHistoryProjection)
      .given([
        ...on('tool-1', { type: 'ToolRegistered', data: { id: 1, tool: oldTool() } }, {
          type: 'ToolUpdated',
          data: { id: 1, tool: oldTool(), changes: [{ field: 'tool_places', old: [], new: [place] }, { field: 'model', old: 'Модель', new: 'Модель 2' }] },
        }),
      ])
      .then(`SELECT history_type, object_attr, value_old, value_new FROM rm_tool_history ORDER BY position, idx`, [
        { history_type: 'registered', object_attr: null, value_old: null, value_new: null },
        { history_type: 'attribute', object_attr: 'tool_places', value_old: [], value_new: [place] },
        { history_type: 'attribute', object_attr: 'model', value_old: 'Модель', value_new: 'Модель 2' },
      ]);
  });
});
