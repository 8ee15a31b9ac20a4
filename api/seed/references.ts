import type { Actor } from '../../domain/shared/actor';
import type { CommandContext } from '../../domain/shared/events';
import { findCatalog, ProgramType } from '../../domain/catalog/definitions';
import { createCatalogItem } from '../../commands/catalog/catalog';
import { latest } from '../../commands/context';
import type { Position } from '../../infrastructure/eventstore/port';
import type { AppContext } from '../context';
import {
  commonDisrepairsData,
  commonProgramsData,
  manufacturersData,
  organizationKindsData,
  postsData,
  regionsData,
  setNamesData,
  specialProgramsData,
  subsystemsData,
  toolKindsData,
  toolModelsData,
} from './reference-data';

export interface SeededReferences {
  /** Region id by its code (77, 78, ...). */
  readonly regionIds: ReadonlyMap<number, number>;
  readonly postIds: readonly number[];
  /** The position of the last reference written (wait for it before reading the read models). */
  readonly last: Position | null;
}

/**
 * The references every installation starts with, real or demo: regions, organisation kinds, posts,
 * subsystems, manufacturers, programs, equipment kinds and models, set names and typical faults.
 * Kinds keep the ids the spec refers to (administration.md 5, equipment.md 9).
 */
export const seedReferences = async (ctx: AppContext, actor: Actor, context: CommandContext): Promise<SeededReferences> => {
  let last: Position | null = null;
  const catalog = async (name: string, item: Record<string, unknown>, id?: number) => {
    if (id) await ctx.ids.ensureAbove(`catalog:${name}`, id);
    const r = await createCatalogItem(ctx, findCatalog(name)!, item, actor, context, id);
    last = latest(last, r.position);
    return r.id;
  };
  // Later references name earlier ones, which the write side may look up in the read models.
  const settle = async () => {
    if (last) await ctx.runner.waitFor(last, 30_000);
  };
  const regionIds = new Map<number, number>();
  for (const r of regionsData)
    regionIds.set(
      r.code,
      await catalog('regions', {
        title: r.title, code: r.code, filial_title: `Филиал ФГБУ ИАЦ Судебного департамента в ${r.city}`, filial_phone: r.phone,
        instrumental_case: r.instrumental, immediate_email_to_engineer: true, auto_assign_engineer: false,
      }),
    );
  for (const k of organizationKindsData) await catalog('organization_kind', { ...k }, k.id);
  const postIds = [];
  for (const title of postsData) postIds.push(await catalog('posts', { title }));
  const subsystemIds = [];
  for (const title of subsystemsData) subsystemIds.push(await catalog('programs_subsystems', { title }));
  const manufacturerIds = new Map<string, number>();
  for (const title of manufacturersData) manufacturerIds.set(title, await catalog('manufacturer', { title }));
  await settle();
  for (const p of specialProgramsData)
    await catalog('programs', {
      type: ProgramType.SPECIAL, title: p.title, version: p.version, designation: 'ГАС «Правосудие»',
      gas_sub_system_id: subsystemIds[p.subsystem], distribution_number: `ДИСТ-${p.version}`, programs_org_types: [6, 7],
      description: `Специальное программное обеспечение подсистемы «${subsystemsData[p.subsystem]}»`,
    });
  for (const p of commonProgramsData) await catalog('programs', { type: ProgramType.COMMON, title: p.title, version: p.version, programs_org_types: [3, 6, 7, 17] });
  for (const k of toolKindsData) await catalog('tool_kind', { title: k.title, soft_updatable: k.soft_updatable, traits: [] }, k.id);
  await settle();
  for (const [kind, manufacturer, model] of toolModelsData)
    await catalog('tool_model', { tool_kind_id: kind, manufacturer_id: manufacturerIds.get(manufacturer)!, model, is_verified: true });
  await settle();
  for (const s of setNamesData) await catalog('tools_sets_names', s);
  for (const [kind, description, kinds] of commonDisrepairsData)
    await catalog('common_disrepairs', { request_kind_id: kind, description, common_disrepair_tool_kinds: kinds });
  await settle();
  return { regionIds, postIds, last };
};
