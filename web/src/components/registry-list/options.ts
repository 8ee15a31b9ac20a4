import type { Option, UnitOption } from './types';

/** The title of an option by id; '' when unknown (not loaded yet). */
export const titleOf = (options: readonly Option[], id: number | null | undefined): string =>
  id == null ? '' : (options.find((o) => o.id === id)?.title ?? '');

/** A numeric enumeration's titles as choices, in id order. */
export const optionsOf = (titles: Readonly<Record<number, string>>): Option[] =>
  Object.entries(titles)
    .map(([id, title]) => ({ id: Number(id), title }))
    .sort((a, b) => a.id - b.id);

/** The units of a region (all when none is chosen). */
export const unitsOfRegion = (units: readonly UnitOption[], regionId: number | null): readonly UnitOption[] =>
  regionId === null ? units : units.filter((u) => u.region_id === regionId);

/** The chosen units that lie in a newly chosen region (objects of another region would empty the list without saying why). */
export const keepUnitsOfRegion = (chosen: readonly number[], units: readonly UnitOption[], regionId: number | null): number[] =>
  regionId === null ? [...chosen] : chosen.filter((id) => units.find((u) => u.id === id)?.region_id === regionId);

/** Chosen items named in a chip: up to `max` names, then 'и ещё N' (the domain's, so exports name them alike). */
export { namesOf } from '@domain/tool/describe-filter';
