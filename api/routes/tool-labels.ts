import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { RightValue } from '../../domain/rights/values';
import { scopeIncludes } from '../../domain/rights/scope';
import { invalid, notFound } from '../../domain/shared/errors';
import { parseOrThrow } from '../../domain/shared/validation';
import { parseToolFilter } from '../../domain/tool/list-filter';
import { LABELS_MAX, labelMessages, labelRequestSchema, toolCardUrl, type LabelContent, type LabelRequest } from '../../domain/tool/labels';
import type { ToolRow } from '../../domain/tool/contracts';
import { countTools, toolBatches, toolsByIds } from '../../projections/tool/list/queries';
import { labelsPdf } from '../labels/label-pdf';
import type { AppContext } from '../context';
import { scopeOf } from '../auth/current-user';
import { attachmentDisposition } from '../http/download';
import { filterOf, requireRight } from '../http/guard';
import { toolNotFound, visibleToolUnits } from './tool-queries';
import { documented } from '../http/route-registry';

const contentOf = (publicUrl: string, r: ToolRow): LabelContent => ({
  id: r.id,
  url: toolCardUrl(publicUrl, r.id),
  inventar_number: r.inventar_number,
  serial_number: r.serial_number,
  kind: r.tool_kind,
  model: r.model,
  unit: r.unit_name ?? r.organization_name,
});

/**
 * Equipment labels (docs/decisions.md 191): POST /api/tool_labels
 * { layout, ids } or { layout, filter } and GET /api/tool_labels/{layout}?ids=1,2 or ?filter={json}
 * -> a PDF. The equipment list's filter and scope, the card's visibility: a tool outside the
 * caller's scope is refused (404) and nothing is produced; the count is checked before the file starts.
 */
export const toolLabelRoutes = (app: FastifyInstance, ctx: AppContext) => {
  const send = async (request: FastifyRequest, reply: FastifyReply, raw: unknown) => {
    const user = requireRight(request, 'RIGHT_TOOLS_READ', RightValue.OWN, RightValue.ALL);
    const asked: LabelRequest = parseOrThrow(labelRequestSchema, raw);
    const rows: AsyncIterable<ToolRow[]> = await (async () => {
      if (asked.ids) {
        const found = await toolsByIds(ctx.pool, asked.ids);
        const scope = scopeOf(user, 'RIGHT_TOOLS_READ');
        const byId = new Map(found.map((r) => [r.id, r]));
        for (const id of asked.ids) {
          const r = byId.get(id);
          if (!r || r.unit_id === null || !scopeIncludes(scope, r.unit_id)) throw notFound(`${toolNotFound} (№ ${id})`);
        }
        const ordered = asked.ids.map((id) => byId.get(id)!);
        return (async function* () {
          yield ordered;
        })();
      }
      const filter = parseToolFilter(asked.filter ?? {});
      const units = await visibleToolUnits(ctx, user, filter);
      const today = new Date().toISOString().slice(0, 10);
      const count = await countTools(ctx.pool, { units, filter, today });
      if (count === 0) throw invalid(labelMessages.nothing);
      if (count > LABELS_MAX) throw invalid(labelMessages.tooMany);
      return toolBatches(ctx.pool, { units, filter, today }, 500);
    })();
    const publicUrl = ctx.config.publicUrl;
    const labels = (async function* () {
      for await (const batch of rows) yield batch.map((r) => contentOf(publicUrl, r));
    })();
    const name = `Этикетки оборудования ${new Date().toISOString().slice(0, 10)}.pdf`;
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', attachmentDisposition(name, 'tool-labels.pdf'))
      .header('cache-control', 'no-store')
      .send(labelsPdf(asked.layout, labels));
  };

  app.post('/api/tool_labels', documented({ body: labelRequestSchema }), (request, reply) => send(request, reply, request.body ?? {}));
  app.get('/api/tool_labels/:layout', (request, reply) => {
    const q = (request.query ?? {}) as Record<string, unknown>;
    const ids = typeof q.ids === 'string' && q.ids !== '' ? q.ids.split(',') : q.ids;
    const filter = q.filter !== undefined ? filterOf(request) : undefined;
    return send(request, reply, { layout: (request.params as { layout: string }).layout, ids, filter });
  });
};
