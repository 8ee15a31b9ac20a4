import { readFileSync } from 'node:fs';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { formatDate } from '../../domain/shared/dates';
import { renderDocx } from '../../infrastructure/docx-template';
import { attachmentDisposition } from '../http/download';
import { RightValue } from '../../domain/rights/values';
import { scopeIncludes } from '../../domain/rights/scope';
import { inventoryMessages } from '../../domain/inventory';
import { invalid, notFound } from '../../domain/shared/errors';
import { decideInventoryMove, finishInventory, scanInventory, startInventory, type InventoryCaller } from '../../commands/inventory/inventory';
import { inventoryItems, inventoryRound, inventoryRounds, unitNamesOf } from '../../projections/inventory/queries';
import type { AppContext } from '../context';
import { actorOf, scopeOf } from '../auth/current-user';
import { commandContext, filterId, idParam, requireRight } from '../http/guard';
import { documented } from '../http/route-registry';
import { inventoryFinishSchema, inventoryMoveSchema, inventoryScanSchema, inventoryStartSchema } from '../../domain/inventory';

/**
 * Inventory rounds (docs/decisions.md 192). Reads with RIGHT_TOOLS_READ
 * in its scope; writes with RIGHT_TOOLS_WRITE FULL within the same scope, as card saves.
 */
export const inventoryRoutes = (app: FastifyInstance, ctx: AppContext) => {
  const writer = (request: FastifyRequest): InventoryCaller => {
    const user = requireRight(request, 'RIGHT_TOOLS_WRITE', RightValue.FULL);
    return { actor: actorOf(user), scope: scopeOf(user, 'RIGHT_TOOLS_READ'), publicUrl: ctx.config.publicUrl };
  };
  const reader = (request: FastifyRequest) => scopeOf(requireRight(request, 'RIGHT_TOOLS_READ', RightValue.OWN, RightValue.ALL), 'RIGHT_TOOLS_READ');
  const roundId = (request: FastifyRequest) => idParam((request.params as { id: string }).id);
  const answer = async (request: FastifyRequest, id: number) => {
    const scope = reader(request);
    const round = await inventoryRound(ctx.pool, id);
    if (!round || !round.unit_ids.every((u) => scopeIncludes(scope, u))) throw notFound(inventoryMessages.notFound);
    return { round, items: await inventoryItems(ctx.pool, id, round.status === 'finished') };
  };

  app.get('/api/inventory', async (request) => {
    const scope = reader(request);
    const q = (request.query ?? {}) as Record<string, unknown>;
    const unitId = filterId(q.unit_id ?? q.unitId, 'unit_id');
    return { rounds: await inventoryRounds(ctx.pool, scope.all ? null : [...scope.unitIds], unitId) };
  });

  app.get('/api/inventory/:id', (request) => answer(request, roundId(request)));

  /** The statement (docx from templates/inventory/statement.docx): the lists of a finished round and its signers. */
  let template: Buffer | null = null;
  app.get('/api/inventory/:id/statement', async (request, reply) => {
    const { round, items } = await answer(request, roundId(request));
    if (round.status !== 'finished') throw invalid('Ведомость формируется после завершения инвентаризации');
    template ??= readFileSync(new URL('../../templates/inventory/statement.docx', import.meta.url));
    const names = new Map(round.unit_ids.map((u, i) => [u, round.unit_names[i] ?? String(u)]));
    const unitNames = await unitNamesOf(ctx.pool, items.flatMap((i) => [i.unit_id, i.at_unit_id]).filter((u): u is number => u !== null && !names.has(u)));
    const nameOf = (u: number | null) => (u === null ? '' : (names.get(u) ?? unitNames.get(u) ?? String(u)));
    const list = (result: string, place: (i: (typeof items)[number]) => string, extra: (i: (typeof items)[number]) => object = () => ({})) =>
      items
        .filter((i) => i.result === result)
        .map((i, n) => ({ n: n + 1, title: i.title, inventar_number: i.inventar_number ?? '', serial_number: i.serial_number ?? '', code: i.code ?? '', place: place(i), ...extra(i) }));
    const data = {
      number: round.id,
      units: round.unit_names.join(', '),
      started_at: formatDate(round.started_at.slice(0, 10)),
      started_by: round.started_by_name,
      finished_at: formatDate((round.finished_at ?? '').slice(0, 10)),
      expected: round.expected,
      found: list('found', (i) => nameOf(i.at_unit_id)),
      missing: list('missing', (i) => nameOf(i.unit_id)),
      elsewhere: list('elsewhere', (i) => nameOf(i.unit_id), (i) => ({
        decision: `${i.decision === 'moved' ? 'Перемещено на' : 'Оставлено на прежнем; найдено на'} ${nameOf(i.at_unit_id)} (числилось: ${nameOf(i.unit_id)})`,
      })),
      unknown: list('unknown', (i) => nameOf(i.at_unit_id)),
      signers: round.signers,
    };
    const counts = { found_count: data.found.length, missing_count: data.missing.length, elsewhere_count: data.elsewhere.length, unknown_count: data.unknown.length };
    const body = renderDocx(template, { ...data, ...counts });
    const name = `Инвентаризационная ведомость № ${round.id}.docx`;
    return reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document')
      .header('content-disposition', attachmentDisposition(name, `inventory-${round.id}.docx`))
      .send(body);
  });

  app.post('/api/inventory', documented({ body: inventoryStartSchema }), async (request) => {
    const caller = writer(request);
    const r = await startInventory(ctx, caller, request.body ?? {}, commandContext(request));
    await ctx.consistency.afterCommand(caller.actor.userId, r.position);
    return { id: r.id };
  });

  app.post('/api/inventory/:id/scan', documented({ body: inventoryScanSchema }), async (request) => {
    const caller = writer(request);
    const r = await scanInventory(ctx, caller, roundId(request), request.body ?? {}, commandContext(request));
    await ctx.consistency.afterCommand(caller.actor.userId, r.position);
    const event = r.event?.type === 'InventoryScanned' ? r.event.data : null;
    return {
      recorded: event !== null,
      result: event?.result ?? null,
      tool: r.target.kind === 'tool' ? r.target.tool : null,
    };
  });

  app.post('/api/inventory/:id/move', documented({ body: inventoryMoveSchema }), async (request) => {
    const caller = writer(request);
    const r = await decideInventoryMove(ctx, caller, roundId(request), request.body ?? {}, commandContext(request));
    await ctx.consistency.afterCommand(caller.actor.userId, r.position);
    return { id: r.id };
  });

  app.post('/api/inventory/:id/finish', documented({ body: inventoryFinishSchema }), async (request) => {
    const caller = writer(request);
    const r = await finishInventory(ctx, caller, roundId(request), request.body ?? {}, commandContext(request));
    await ctx.consistency.afterCommand(caller.actor.userId, r.position);
    return { id: r.id };
  });
};
