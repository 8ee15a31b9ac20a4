import type { CatalogName } from '@domain/catalog/definitions';
import { findCatalog } from '@domain/catalog/definitions';
import { paths } from '@/config/paths';
import type { RightRule } from '@/lib/rights';

/** One route of the generic reference screen: its address, catalogue and the rule to open it. */
export interface CatalogPage {
  readonly path: string;
  readonly name: CatalogName;
  /** The definition's read right (administration.md 6: FULL, or READ or FULL). */
  readonly access: RightRule;
}

/**
 * The addresses of the references the generic screen serves (administration.md 2.1, equipment.md 2).
 * Tool models have their own dialog with tabs (equipment.md), so they are not here.
 */
const catalogPaths: Readonly<Partial<Record<CatalogName, string>>> = {
  posts: paths.posts,
  regions: paths.regions,
  organization_kind: paths.organizationKinds,
  manufacturer: paths.manufacturers,
  programs: paths.programs,
  programs_subsystems: paths.programsSubsystems,
  services_repairs: paths.servicesRepairs,
  common_disrepairs: paths.commonDisrepairs,
  problems_categories: paths.problemsCategories,
  tool_kind: paths.toolsKinds,
  tools_sets_names: paths.toolsSetsNames,
  tools_traits: paths.toolsKindsTraits,
};

export const catalogPages: readonly CatalogPage[] = Object.entries(catalogPaths).map(([name, path]) => {
  const definition = findCatalog(name)!;
  return { path: path!, name: name as CatalogName, access: definition.readRight };
});

const byPath = new Map(catalogPages.map((p) => [p.path, p.name]));

/** The catalogue whose screen lives at a path, if any. */
export const catalogAt = (path: string): CatalogName | undefined => byPath.get(path);
