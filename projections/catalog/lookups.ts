import { sql, type DatabasePool } from 'slonik';
import { ProgramType, ServiceType } from '../../domain/catalog/definitions';
import { noCache, type ReadModelCache } from '../../infrastructure/read-model-cache';

/**
 * The catalogue read model's answers to the request lookup port (wired in api/write-lookups.ts).
 * Catalogues change rarely and every register and save asks: answers are cached per catalogue version.
 */
export const catalogLookups = (pool: DatabasePool, cache: ReadModelCache = noCache) => ({
  /** A program that is not deleted, with the internal type reading (1 special, 2 common; docs/decisions.md). */
  program: (id: number) =>
    cache.get(['catalog'], `lookup:program:${id}`, async () => {
      const program = await pool.maybeOne(sql.unsafe`
        SELECT id, (data->>'type')::int AS type, (data->>'gas_sub_system_id')::int AS gas_sub_system_id
        FROM rm_catalog_items WHERE catalog = 'programs' AND id = ${id} AND NOT deleted`);
      return program
        ? {
            id: Number(program.id),
            type: Number(program.type) === ProgramType.SPECIAL ? ProgramType.SPECIAL : ProgramType.COMMON,
            gas_sub_system_id: (program.gas_sub_system_id as number | null) ?? null,
          }
        : null;
    }),
  /** The region's own (regional) service centre, the first by id. */
  regionalServiceCentre: (regionId: number) =>
    cache.get(['catalog'], `lookup:service-centre:${regionId}`, async () => {
      const centre = await pool.maybeOneFirst(sql.unsafe`
        SELECT id FROM rm_catalog_items
        WHERE catalog = 'services_repairs' AND NOT deleted AND (data->>'region_id')::int = ${regionId}
          AND (data->>'service_type')::int = ${ServiceType.REGIONAL}
        ORDER BY id LIMIT 1`);
      return centre == null ? null : Number(centre);
    }),
  regionSettings: (regionId: number): Promise<{ auto_assign_engineer: boolean; immediate_email_to_engineer: boolean }> =>
    cache.get(['catalog'], `lookup:region-settings:${regionId}`, async () => {
      const data = (await pool.maybeOneFirst(sql.unsafe`
        SELECT data FROM rm_catalog_items WHERE catalog = 'regions' AND id = ${regionId}`)) as Record<string, unknown> | null;
      return { auto_assign_engineer: Boolean(data?.auto_assign_engineer), immediate_email_to_engineer: Boolean(data?.immediate_email_to_engineer) };
    }),
  catalogItemExists: (catalog: string, id: number): Promise<boolean> =>
    cache.get(['catalog'], `lookup:exists:${catalog}:${id}`, async () =>
      (await pool.maybeOneFirst(sql.unsafe`SELECT 1 FROM rm_catalog_items WHERE catalog = ${catalog} AND id = ${id} AND NOT deleted`)) != null,
    ),
});
