import type { FastifyInstance } from 'fastify';
import { sql } from 'slonik';
import { RightValue } from '../../domain/rights/values';
import { invalid } from '../../domain/shared/errors';
import { objectBody } from '../../domain/shared/primitives';
import { planUnitsImport, unitsImportSchema, type ExistingOrganization, type ImportReferences } from '../../domain/units-import/plan';
import { importUnits } from '../../commands/units-import/import-units';
import type { AppContext } from '../context';
import { commandContext, requireRight } from '../http/guard';
import { actorOf } from '../auth/current-user';
import { documented } from '../http/route-registry';
import { parseOrThrow } from '../../domain/shared/validation';

/**
 * /units-import (administration.md 2.10, 5): POST /api/units_import { text, dryRun }. The dry run
 * answers the preview (counts and bad rows); the import then saves each organisation through the
 * organisation area's write path. RIGHT_REFERENCES FULL opens it (the menu's rule); every save is
 * also decided under RIGHT_ORGANIZATIONS FULL by the organisation decider.
 */
export const unitsImportRoutes = (app: FastifyInstance, ctx: AppContext) => {
  // Which organisation a VNCODE names, and which regions and kinds exist, are references (read models).
  const references = async (): Promise<ImportReferences> => {
    const [regions, kinds, organizations] = await Promise.all([
      ctx.pool.any(sql.unsafe`SELECT id, (data->>'code')::text AS code FROM rm_catalog_items WHERE catalog = 'regions' AND NOT deleted`),
      ctx.pool.anyFirst(sql.unsafe`SELECT id FROM rm_catalog_items WHERE catalog = 'organization_kind' AND NOT deleted`),
      ctx.pool.any(sql.unsafe`
        SELECT id, vncode, region_id, name, fullname, address, kind_id, is_host, host_id
        FROM rm_organizations WHERE NOT deleted AND vncode IS NOT NULL ORDER BY id`),
    ]);
    return {
      regions: new Map(regions.flatMap((r) => (r.code != null && /^\d+$/.test(String(r.code)) ? [[Number(r.code), Number(r.id)] as const] : []))),
      kinds: new Set(kinds.map(Number)),
      organizations: organizations.map((o) => ({ ...o, id: Number(o.id), region_id: Number(o.region_id) }) as unknown as ExistingOrganization),
    };
  };

  app.post('/api/units_import', documented({ body: unitsImportSchema }), async (request) => {
    const user = requireRight(request, 'RIGHT_REFERENCES', RightValue.FULL);
    const body = parseOrThrow(unitsImportSchema, objectBody(request.body));
    const plan = planUnitsImport(body.text, await references());
    const preview = { counts: plan.counts, bad: plan.bad };
    if (body.dryRun === true) return { ...preview, imported: false };
    if (plan.items.length === 0) throw invalid('Нет строк, которые можно импортировать');
    const r = await importUnits(ctx, plan, actorOf(user), commandContext(request));
    await ctx.consistency.afterCommand(user.id, r.position);
    return {
      imported: true,
      message: 'Импорт завершен',
      counts: { created: r.created, updated: r.updated, unchanged: r.unchanged, bad: plan.bad.length + r.failed.length },
      bad: [...plan.bad, ...r.failed].sort((a, b) => a.line - b.line),
    };
  });
};
