import type { RequestLookups } from '../../domain/request/commands';
import type { RequestReferences, UserReference } from '../../domain/request/references';
import { combineRights, hasFull } from '../../domain/rights/rights';
import { recipientCandidates, type RecipientCandidate } from '../../domain/request/recipients';
import type { RequestState } from '../../domain/request/state';
import { scopeIncludes, unitScope } from '../../domain/rights/scope';
import type { LookupUnit } from './lookup-port';
import type { WriteContext } from '../context';

type Lookups = Pick<WriteContext, 'lookups'>;

const positiveIds = (values: readonly unknown[]): number[] => [
  ...new Set(values.map(Number).filter((n) => Number.isInteger(n) && n > 0 && n <= 2_147_483_647)),
];

/**
 * What a request decision needs from outside its stream, through the lookup port: the chosen
 * tool's warranty and set, the chosen program's type and subsystem, the region's own service centre.
 */
export const requestLookups = async (
  { lookups }: Lookups,
  request: { tool_id?: unknown; program_id?: unknown; region_id?: unknown },
): Promise<RequestLookups> => {
  // Out-of-range ids find nothing (the decider then refuses them) instead of failing the query.
  const toolId = positiveIds([request.tool_id])[0] ?? null;
  const programId = positiveIds([request.program_id])[0] ?? null;
  const regionId = positiveIds([request.region_id])[0] ?? null;
  const [tool, program, centre] = await Promise.all([
    toolId ? lookups.toolForRequest(toolId) : null,
    programId ? lookups.program(programId) : null,
    regionId ? lookups.regionalServiceCentre(regionId) : null,
  ]);
  return { tool, program, regional_service_centre_id: centre };
};

export type UnitInfo = Pick<LookupUnit, 'id' | 'region_id' | 'organization_id' | 'has_hot_line_account'>;

export const unitInfo = async ({ lookups }: Lookups, unitId: number | null): Promise<UnitInfo | null> => {
  if (!unitId || positiveIds([unitId]).length === 0) return null;
  const unit = (await lookups.networkUnits([unitId])).get(unitId);
  return unit && !unit.deleted ? unit : null;
};

/** The region's engineers, for regions that assign new requests automatically. */
export const regionEngineers = ({ lookups }: Lookups, regionId: number): Promise<number[]> => lookups.regionEngineers(regionId);

export const regionSettings = ({ lookups }: Lookups, regionId: number) => lookups.regionSettings(regionId);

/** Active accounts among `ids`, with what the executor and contact rules need. */
export const userReferences = ({ lookups }: Lookups, ids: readonly unknown[]): Promise<UserReference[]> => {
  const wanted = positiveIds(ids);
  return wanted.length ? lookups.userReferences(wanted) : Promise.resolve([]);
};

const catalogItemExists = async ({ lookups }: Lookups, catalog: string, raw: unknown): Promise<boolean | undefined> => {
  const [id] = positiveIds([raw]);
  return id === undefined ? undefined : lookups.catalogItemExists(catalog, id);
};

/**
 * Every id a request names, as the read models know it, for the decider's reference checks
 * (domain/request/references.ts): the unit with its organisation's host, the tools, the contact and
 * executors, the catalogue items.
 */
export const requestReferences = async (
  r: Lookups,
  request: { unit_id?: unknown; tool_id?: unknown; contact_id?: unknown; subsystem_id?: unknown; service_repair_id?: unknown },
  more: { toolIds?: readonly unknown[]; userIds?: readonly unknown[] } = {},
): Promise<RequestReferences> => {
  const [unitId] = positiveIds([request.unit_id]);
  const toolIds = positiveIds([request.tool_id, ...(more.toolIds ?? [])]);
  const userIds = positiveIds([request.contact_id, ...(more.userIds ?? [])]);
  const [unit, tools, users, subsystem, centre] = await Promise.all([
    unitInfo(r, unitId ?? null),
    toolIds.length ? r.lookups.toolReferences(toolIds) : [],
    userIds.length ? r.lookups.cachedUserReferences(userIds) : [],
    catalogItemExists(r, 'programs_subsystems', request.subsystem_id),
    catalogItemExists(r, 'services_repairs', request.service_repair_id),
  ]);
  const host = unit ? await r.lookups.hostOf(unit.organization_id) : null;
  return {
    unit: unit ? { id: unit.id, region_id: unit.region_id, organization_id: unit.organization_id, host_organization_id: host } : null,
    tools,
    users,
    catalog: { subsystem_id: subsystem ?? false, service_repair_id: centre ?? false },
  };
};

/** The lookups of a register or save with the references of every id the request names. */
export const requestLookupsWithReferences = async (
  r: Lookups,
  request: Parameters<typeof requestLookups>[1] & Parameters<typeof requestReferences>[1],
  more: Parameters<typeof requestReferences>[2] = {},
): Promise<RequestLookups & { references: RequestReferences }> => {
  const [lookups, references] = await Promise.all([requestLookups(r, request), requestReferences(r, request, more)]);
  references.catalog.program_id = lookups.program != null;
  return { ...lookups, references };
};

/**
 * Of `ids`, the active users who may read requests of `unit` (RIGHT_REQUEST_READ: ALL, or OWN
 * with the unit among their units or their host organisation's): only they may be notified.
 */
export const usersWhoMaySee = async (r: Lookups, ids: readonly unknown[], unitId: number | null): Promise<Set<number>> => {
  const wanted = positiveIds(ids);
  const unit = await unitInfo(r, unitId);
  if (wanted.length === 0 || !unit) return new Set();
  const allowed = new Set<number>();
  for (const reader of await r.lookups.readers(wanted)) {
    const rights = combineRights(reader.rights.map((rightsObject) => ({ access_level: 0, rightsObject })));
    const hostUnitIds = reader.is_host && reader.organization_id === unit.organization_id ? [unit.id] : [];
    const scope = unitScope({ rights, unitIds: [...reader.units], hostUnitIds }, 'RIGHT_REQUEST_READ');
    if (scopeIncludes(scope, unit.id)) allowed.add(reader.id);
  }
  return allowed;
};

/**
 * Whom a chat message on the request may notify (domain/request/recipients.ts): its executors,
 * contact and author, and the branch staff of its region who edit the branch's requests
 * (RIGHT_REQUEST_EDIT), of whom only those who may see the request; never the writer.
 */
export const notifyRecipients = async (
  r: Lookups,
  state: Pick<RequestState, 'engineers' | 'contact_kind' | 'contact_id' | 'registered_by' | 'unit_id'>,
  writerId: number | null,
): Promise<RecipientCandidate[]> => {
  const unit = await unitInfo(r, state.unit_id);
  const staff = unit ? await r.lookups.regionStaff(unit.region_id) : [];
  const branchStaff = staff
    .map((s) => ({ id: s.id, rights: combineRights(s.rights.map((rightsObject) => ({ access_level: 0, rightsObject }))) }))
    .filter((s) => hasFull(s.rights, 'RIGHT_REQUEST_EDIT'))
    .map((s) => ({ id: s.id, engineer: hasFull(s.rights, 'RIGHT_REQUEST_ENGINEER') }));
  const candidates = recipientCandidates(state, branchStaff, writerId);
  const allowed = await usersWhoMaySee(r, candidates.map((c) => c.id), state.unit_id);
  return candidates.filter((c) => allowed.has(c.id));
};
