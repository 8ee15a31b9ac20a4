import { ServiceType } from '@domain/catalog/definitions';
import type { RequestLookups } from '@domain/request/commands';
import type { ToolInfo } from '../api/types';

/** A catalogue item as the references feature caches it. */
export type ReferenceItem = { readonly id: number } & Readonly<Record<string, unknown>>;

/** The chosen tool; a tool picked in the search also names its set kind. */
export type ChosenTool = ToolInfo & { readonly tool_set_name_id?: number | null };

export interface LookupSources {
  readonly programs: readonly ReferenceItem[];
  readonly servicesRepairs: readonly ReferenceItem[];
  readonly toolSetNames: readonly ReferenceItem[];
}

const num = (v: unknown): number | null => (typeof v === 'number' ? v : v == null || v === '' ? null : Number(v));

/**
 * What the field reactions need to know besides the form (RequestLookups), from the cached
 * catalogues: the chosen tool's warranty and set system, the program's type and subsystem, the
 * region's own service centre (service_type 1). The server looks up the same.
 */
export const lookupsOf = (
  values: { readonly tool_info: ChosenTool | null; readonly program_id: number | null; readonly region_id: number | null },
  sources: LookupSources,
): RequestLookups => {
  const tool = values.tool_info;
  const setName = tool?.tool_set_name_id != null ? sources.toolSetNames.find((s) => s.id === tool.tool_set_name_id) : undefined;
  const program = values.program_id != null ? sources.programs.find((p) => p.id === values.program_id) : undefined;
  const centre =
    values.region_id != null
      ? sources.servicesRepairs.find((s) => num(s.region_id) === values.region_id && num(s.service_type) === ServiceType.REGIONAL)
      : undefined;
  return {
    tool: tool ? { id: tool.id, guaranty_dt: tool.guaranty_dt, set_system_ts_id: num(setName?.system_ts_id) } : null,
    program: program ? { id: program.id, type: num(program.type) ?? 0, gas_sub_system_id: num(program.gas_sub_system_id) } : null,
    regional_service_centre_id: centre?.id ?? null,
  };
};
