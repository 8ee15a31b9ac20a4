import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'slonik';
import { emptyRequestFields, evolveRequest, initialRequestState, requestStreamId, sameValue, type RequestEvent } from '../../../domain/request';
import { registeredState } from '../../../projections/request/list/fast-literal';
import { sparesSetDecider, sparesSetStreamId } from '../../../domain/spares/decider';
import { inboxStreamId, notificationsStreamId } from '../../../domain/notification';
import { toolStreamId } from '../../../domain/tool/decider';
import { handleCommand } from '../../../commands/handle-command';
import { changeToolState } from '../../../commands/tool/tools';
import { silentLogger } from '../../../infrastructure/logger';
import type { Position } from '../../../infrastructure/eventstore/port';
import type { AppContext } from '../../../api/context';
import { allProjections } from '../../../projections/registry';
import { ProjectionRunner } from '../../../processors/runner';
import { startTestApp, type TestApp } from '../../support/app';
import { tableChecksums } from '../../support/database';
import { YEAR, append, at, contextAt, doc, fileRef, seedRequest, settle, system, worldOf, type World } from './support';

// tools and audit: their rebuild writes differently from their live batches (deferred indexes, one JSON parameter).
const ours = ['requests', 'request-comments', 'request-files', 'notifications', 'tool-history', 'tools', 'audit'];

let app: TestApp;
let ctx: AppContext;
let w: World;

beforeAll(async () => {
  app = await startTestApp();
  ctx = app.server.ctx;
  w = await worldOf(ctx);
});

afterAll(async () => {
  await app?.close();
});

describe('request read models are pure functions of the log', () => {
  it("the projection's registration state is the decider's", () => {
    const data = {
      request: { ...emptyRequestFields(), id: 7, number: 12, request_date_add: at('02-01'), request_status_id: 2, request_kind_id: 2, unit_id: 3, request_text: 'Текст', troubles_display: true },
      engineers: [4], works: [{ title: 'Работа', cost: 5 }], spares_pbs: [], tools_commissioning: [], students_list: [{ name: 'А', post: 'Б' }], attachments: [fileRef('x')],
      registered_by: 9,
    };
    const expected = evolveRequest(initialRequestState(), { type: 'RequestRegistered', data });
    const actual = registeredState(data);
    expect(Object.keys(actual).sort()).toEqual(Object.keys(expected).sort());
    expect(sameValue(actual, expected)).toBe(true);
  });

  it('a rebuild (one big batch, or one event per batch) gives the very same tables as the live runner', async () => {
    const positions: Array<Position | null> = [];
    const now = (d: string) => contextAt(at(d), w.users.engineer);
    const setId = await ctx.ids.next('spares_set');
    positions.push(
      (await handleCommand(ctx.store, sparesSetDecider, sparesSetStreamId(setId), {
        type: 'RegisterSparesSet', actor: system, id: setId, region_id: w.moscowRegion, title: 'ЗИП', contract: 'К',
        items: [{ id: 1, code: 11, title: 'Диск', cost: 99.99, amount: 10 }],
      }, now('01-02'))).position,
    );
    positions.push((await handleCommand(ctx.store, sparesSetDecider, sparesSetStreamId(setId), { type: 'AddSparesSetItem', actor: system, item: { id: 2, code: 12, title: 'Память', cost: 10.1, amount: 4 } }, now('01-02'))).position);

    const tools = (await ctx.pool.anyFirst(sql.unsafe`SELECT id FROM rm_tools WHERE unit_id = ${w.courtUnits[0]!} ORDER BY id LIMIT 3`)).map(Number);
    const requestIds: number[] = [];
    for (let i = 0; i < 24; i++) {
      const s = await seedRequest(ctx, {
        unit_id: i % 2 ? w.courtUnits[0]! : w.moscowUnit,
        region_id: w.moscowRegion,
        request_kind_id: [1, 2, 3, 4][i % 4],
        request_status_id: i % 6 === 0 ? 9 : 2,
        request_performer_kind: i % 6 === 0 ? 'SENIOR' : 'FILIAL',
        tool_id: i % 4 === 1 ? tools[i % 3]! : null,
        request_date_add: at(`02-${String(1 + i).padStart(2, '0')}`, i % 5 ? YEAR : YEAR - 1),
      }, {
        userId: w.users.court,
        lists: { engineers: i % 3 ? [w.users.engineer] : [], attachments: i % 2 ? [fileRef(`a${i}`)] : [], works: [{ title: 'Работа', cost: 10.05 * i }] },
      });
      requestIds.push(s.id);
      positions.push(s.position);
    }
    let k = 0;
    for (const id of requestIds) {
      const n = k++;
      const events: RequestEvent[] = [
        { type: 'RequestFieldsChanged', data: { changes: [{ field: 'request_text', old: null, new: `Текст ${n}` }, { field: 'date_out_d', old: null, new: `${YEAR}-01-1${n % 10}` }] } },
        { type: 'RequestEngineersAssigned', data: { engineers: [w.users.engineer2], previous: [], request_status_id: 2, previous_status_id: 2 } },
        { type: 'RequestTakenForPerform', data: { request_status_id: 3, previous_status_id: 2, request_text_expl: null, request_performer_kind: 'FILIAL', engineers: [w.users.engineer2], taken_by: w.users.engineer2 } },
        { type: 'RequestDocumentAttached', data: { document: doc(n % 2 ? 'CO_3' : 'CO_8', n % 3 ? 'electron' : 'paper', `d${n}`) } },
        { type: 'RequestWorksChanged', data: { works: [{ title: 'Другая работа', cost: 1 + n }], previous: [] } },
      ];
      if (n % 4 === 0) events.push({ type: 'RequestDateChanged', data: { request_date_add: at('03-15', YEAR - 1), previous: null } });
      if (n % 5 === 0) events.push({ type: 'RequestDocumentRemoved', data: { file_id: `d${n}`, file_name: `d${n}.docx`, act_kind: null } });
      if (n % 2) events.push({ type: 'RequestAttachmentRemoved', data: { file_id: `a${n}`, file_name: `a${n}.pdf` } });
      if (n % 7 === 3) events.push({ type: 'RequestDeleted', data: { deleted_by: 1 } });
      else
        events.push({
          type: 'RequestCommentAdded',
          data: { comment_id: 1, request_number: id, comment: 'Вопрос', files: n % 2 ? [fileRef(`c${n}`)] : [], user_id: w.users.court, fio: null, date_time_d: at('03-01'), notify_user_ids: [w.users.engineer, w.users.chief] },
        });
      // A second message: the search's chat words grow in log order, batch by batch or at once.
      if (n % 3 === 0 && n % 7 !== 3)
        events.push({
          type: 'RequestCommentAdded',
          data: { comment_id: 2, request_number: id, comment: `Ответ ${n}`, files: [], user_id: w.users.engineer, fio: null, date_time_d: at('03-02'), notify_user_ids: [] },
        });
      // Split the events over several appends so live batches and rebuild batches differ.
      positions.push(await append(ctx, requestStreamId(id), events.slice(0, 2), { userId: w.users.engineer, now: at('03-01') }));
      positions.push(await append(ctx, requestStreamId(id), events.slice(2), { userId: w.users.engineer, now: at('03-02') }));
      if (n % 3 === 0) {
        positions.push((await handleCommand(ctx.store, sparesSetDecider, sparesSetStreamId(setId), { type: 'AllocateSparesToRequest', request_id: id, items: [{ item_id: 1, amount: 1 }, { item_id: 2, amount: 1 }] }, now('03-03'))).position);
        if (n % 2 === 0) positions.push((await handleCommand(ctx.store, sparesSetDecider, sparesSetStreamId(setId), { type: 'AllocateSparesToRequest', request_id: id, items: [] }, now('03-04'))).position);
      }
      // Reads between notifications of the same request: a read must not touch later ones.
      if (n % 4 === 1) {
        positions.push(await append(ctx, inboxStreamId(w.users.engineer), [{ type: 'RequestNotificationsRead', data: { user_id: w.users.engineer, request_id: id } }]));
        const nid = await ctx.ids.next('notifications');
        positions.push(await append(ctx, notificationsStreamId(nid), [
          { type: 'NotificationsCreated', data: { id: nid, notification_type: 'message', request_id: id, user_ids: [w.users.engineer], info: 'Снова', date_time: at('03-05') } },
        ], { expected: 'no_stream' }));
        if (n % 8 === 1)
          positions.push(await append(ctx, inboxStreamId(w.users.engineer), [{ type: 'NotificationRead', data: { user_id: w.users.engineer, notification_id: `n${nid}-${w.users.engineer}` } }]));
      }
    }
    for (const t of tools) positions.push((await changeToolState(ctx, t, 2, { request_id: requestIds[1]!, request_number: 1 }, now('03-06'))).position);
    const stream = await ctx.store.readStream(toolStreamId(tools[0]!));
    const tool = (stream[0]!.data as { tool: Record<string, unknown> }).tool;
    positions.push(await append(ctx, toolStreamId(tools[0]!), [{ type: 'ToolUpdated', data: { id: tools[0], tool, changes: [{ field: 'description', old: null, new: 'Примечание' }] } }]));
    await settle(ctx, ...positions);

    const tables = allProjections().filter((p) => ours.includes(p.name)).flatMap((p) => p.tables);
    const live = await tableChecksums(ctx.pool, tables);
    const indexesOf = async () =>
      (await ctx.pool.anyFirst(sql.unsafe`
        SELECT indexdef FROM pg_indexes WHERE schemaname = current_schema() AND tablename = ANY(${sql.array(tables, 'text')}) ORDER BY indexname`)) as string[];
    const liveIndexes = await indexesOf();
    expect(liveIndexes.some((d) => d.includes('rm_requests_kind_date'))).toBe(true);
    const counts = await ctx.pool.oneFirst(sql.unsafe`SELECT sum(jsonb_array_length(changes)) FROM rm_request_history`);
    expect(Number(counts)).toBeGreaterThan(200);
    expect(Number(await ctx.pool.oneFirst(sql.unsafe`SELECT count(*) FROM rm_notifications WHERE state = 2`))).toBeGreaterThan(0);
    expect(Number(await ctx.pool.oneFirst(sql.unsafe`SELECT count(*) FROM rm_request_spares`))).toBeGreaterThan(0);

    await ctx.runner.stop();
    for (const batchSize of [1000, 1, 7]) {
      const runner = new ProjectionRunner(ctx.pool, ctx.store, allProjections(), [], silentLogger, { batchSize });
      await runner.prepare();
      await runner.rebuild(ours);
      expect(await tableChecksums(ctx.pool, tables), `batch size ${batchSize}`).toEqual(live);
      // The indexes a rebuild defers to its end are all there again.
      expect(await indexesOf(), `batch size ${batchSize}`).toEqual(liveIndexes);
    }
    ctx.runner.start();
    // Three rebuilds of seven read models, one of them event by event: slow on a busy machine.
  }, 180_000);
});
