import type { Decider } from '../shared/decider';
import type { Actor } from '../shared/actor';
import type { DomainEvent } from '../shared/events';
import { forbidden, invalid, notFound, refused } from '../shared/errors';
import { diffFields, parseOrThrow, type FieldChange } from '../shared/validation';
import { hasFull } from '../rights/rights';
import { adminScopeOf, organizationInScope, scopeMessages, unitInScope } from '../rights/privilege';
import { organizationSchema, unitsSchema, type OrganizationInput } from './schemas';

export interface Unit {
  readonly id: number;
  readonly organization_id: number;
  readonly region_id: number;
  readonly name: string;
  readonly fullname: string | null;
  readonly address: string | null;
  readonly vncode: string | null;
}

export type OrganizationFields = OrganizationInput;

export type OrganizationEvent =
  | DomainEvent<'OrganizationCreated', { id: number; organization: OrganizationFields }>
  | DomainEvent<'OrganizationUpdated', { id: number; organization: OrganizationFields; changes: FieldChange[] }>
  | DomainEvent<'OrganizationDeleted', { id: number }>
  | DomainEvent<'UnitAdded', { organization_id: number; unit: Unit }>
  | DomainEvent<'UnitUpdated', { organization_id: number; unit: Unit; changes: FieldChange[] }>
  | DomainEvent<'UnitRemoved', { organization_id: number; unit_id: number }>
  | DomainEvent<'UnitMovedIn', { organization_id: number; unit: Unit; from_organization_id: number }>
  | DomainEvent<'UnitMovedOut', { organization_id: number; unit_id: number; to_organization_id: number }>;

/** What the handler looked up about the chosen host organisation. */
export interface HostLookup {
  readonly id: number;
  readonly region_id: number;
  readonly is_host: boolean;
}

/** Referenced catalogue items found to exist. */
export interface OrganizationRefs {
  readonly regions: readonly number[];
  readonly kinds: readonly number[];
}

/** Seals a hot line password; `matches` tells a stored sealed value of the same password (no new event). */
export interface PasswordSeal {
  seal(plain: string): string;
  matches(stored: string, plain: string): boolean;
}

export type OrganizationCommand =
  | {
      type: 'SaveOrganization';
      id: number;
      input: unknown;
      /** Buildings as submitted; new ones already carry ids allocated by the handler. */
      units: unknown;
      /** The ids the handler allocated for new buildings: any other id must be one of this organisation's. */
      newUnitIds: readonly number[];
      /** An edit (PUT) of an organisation that must exist already; a creation otherwise. */
      existing: boolean;
      host: HostLookup | null;
      /** The ids among the submitted region_id and kind_id that exist (looked up in their streams). */
      refs: OrganizationRefs;
      actor: Actor;
      /** Hot line passwords at rest (decisions 68–71): sealed by the handler's key; absent: stored as given. */
      secrets?: PasswordSeal;
    }
  | { type: 'DeleteOrganization'; id: number; actor: Actor }
  | { type: 'MoveUnitOut'; unitId: number; to: { id: number; region_id: number }; actor: Actor }
  | { type: 'ReceiveUnit'; organizationId: number; unit: Unit; actor: Actor };

export interface OrganizationState {
  readonly status: 'absent' | 'active' | 'deleted';
  readonly organization: OrganizationFields | null;
  readonly units: readonly Unit[];
}

export const organizationStreamId = (id: number) => `organization-${id}`;

const unitFields = ['name', 'fullname', 'address', 'vncode', 'region_id'] as const;

const ensureMayEdit = (actor: Actor) => {
  if (!hasFull(actor.rights, 'RIGHT_ORGANIZATIONS')) throw forbidden('Недостаточно прав для изменения организаций');
};

/** Below FULL an administrator manages only organisations (and buildings) within their scope. */
const ensureInScope = (actor: Actor, org: { id: number; region_id: number } | null) => {
  const scope = adminScopeOf(actor);
  if (!organizationInScope(scope, org)) throw forbidden(scopeMessages(scope).organization);
};

const checkRefs = (org: OrganizationFields, refs: OrganizationRefs) => {
  if (!refs.regions.includes(org.region_id)) throw invalid('Регион не найден', { region_id: 'Регион не найден' });
  if (org.kind_id != null && !refs.kinds.includes(org.kind_id))
    throw invalid('Вид организации не найден', { kind_id: 'Вид организации не найден' });
};

const current = (id: number, state: OrganizationState) =>
  state.organization ? { id, region_id: state.organization.region_id } : null;

const checkHost = (id: number, org: OrganizationFields, host: HostLookup | null) => {
  if (org.is_host || org.host_id === null) return;
  if (!host || host.id !== org.host_id) throw invalid('Выберите балансодержателя', { host_id: 'Выберите балансодержателя' });
  if (host.id === id || !host.is_host || host.region_id !== org.region_id)
    throw invalid('Балансодержатель должен быть организацией того же региона', {
      host_id: 'Балансодержатель должен быть организацией того же региона',
    });
};

export const organizationDecider: Decider<OrganizationState, OrganizationCommand, OrganizationEvent> = {
  initialState: () => ({ status: 'absent', organization: null, units: [] }),
  evolve: (state, e) => {
    switch (e.type) {
      case 'OrganizationCreated':
      case 'OrganizationUpdated':
        return { ...state, status: 'active', organization: e.data.organization };
      case 'OrganizationDeleted':
        return { ...state, status: 'deleted' };
      case 'UnitAdded':
      case 'UnitMovedIn':
        return { ...state, units: [...state.units.filter((u) => u.id !== e.data.unit.id), e.data.unit] };
      case 'UnitUpdated':
        return { ...state, units: state.units.map((u) => (u.id === e.data.unit.id ? e.data.unit : u)) };
      case 'UnitRemoved':
      case 'UnitMovedOut':
        return { ...state, units: state.units.filter((u) => u.id !== e.data.unit_id) };
    }
  },
  decide: (state, command) => {
    ensureMayEdit(command.actor);
    switch (command.type) {
      case 'SaveOrganization': {
        if (state.status === 'deleted' || (command.existing && state.status === 'absent')) throw notFound('Организация не найдена');
        let organization = parseOrThrow(organizationSchema, command.input);
        const units = parseOrThrow(unitsSchema, command.units);
        // Hot line credentials are visible and editable only with their own right.
        if (!hasFull(command.actor.rights, 'RIGHT_HOTLINE_PASS'))
          organization = {
            ...organization,
            hot_line_email: state.organization?.hot_line_email ?? null,
            hot_line_password: state.organization?.hot_line_password ?? null,
          };
        else if (command.secrets && organization.hot_line_password) {
          // The same password sent back (the form shows it to holders of the right) keeps its sealed value.
          const stored = state.organization?.hot_line_password ?? null;
          const plain = organization.hot_line_password;
          organization = { ...organization, hot_line_password: stored && command.secrets.matches(stored, plain) ? stored : command.secrets.seal(plain) };
        }
        checkRefs(organization, command.refs);
        if (state.organization) ensureInScope(command.actor, current(command.id, state));
        ensureInScope(command.actor, { id: command.id, region_id: organization.region_id });
        checkHost(command.id, organization, command.host);
        const events: OrganizationEvent[] = [];
        const id = command.id;
        if (state.status === 'absent') events.push({ type: 'OrganizationCreated', data: { id, organization } });
        else {
          const changes = diffFields(state.organization ?? {}, organization);
          if (changes.length) events.push({ type: 'OrganizationUpdated', data: { id, organization, changes } });
        }
        const submittedIds = new Set<number>();
        for (const u of units) {
          if (u.id === null) throw invalid('Не указан идентификатор здания');
          submittedIds.add(u.id);
          const unit: Unit = { ...u, id: u.id, organization_id: id, region_id: organization.region_id };
          const existing = state.units.find((x) => x.id === u.id);
          // A building of another organisation moves only through MoveUnitOut/ReceiveUnit.
          if (!existing && !command.newUnitIds.includes(u.id)) throw notFound('Здание не найдено');
          if (!existing) events.push({ type: 'UnitAdded', data: { organization_id: id, unit } });
          else {
            const changes = diffFields(existing, unit, unitFields);
            if (changes.length) events.push({ type: 'UnitUpdated', data: { organization_id: id, unit, changes } });
          }
        }
        for (const u of state.units)
          if (!submittedIds.has(u.id)) events.push({ type: 'UnitRemoved', data: { organization_id: id, unit_id: u.id } });
        return events;
      }
      case 'DeleteOrganization':
        if (state.status !== 'active') throw notFound('Организация не найдена');
        ensureInScope(command.actor, current(command.id, state));
        return [{ type: 'OrganizationDeleted', data: { id: command.id } }];
      case 'MoveUnitOut': {
        if (state.status !== 'active') throw notFound('Организация не найдена');
        const unit = state.units.find((u) => u.id === command.unitId);
        if (!unit) throw notFound('Здание не найдено');
        ensureInScope(command.actor, current(unit.organization_id, state));
        ensureInScope(command.actor, command.to);
        if (unit.organization_id === command.to.id) return [];
        if (state.units.length === 1) throw refused('Нужно ввести хотя бы одно здание');
        return [{ type: 'UnitMovedOut', data: { organization_id: unit.organization_id, unit_id: unit.id, to_organization_id: command.to.id } }];
      }
      case 'ReceiveUnit': {
        if (state.status !== 'active' || !state.organization) throw notFound('Организация не найдена');
        ensureInScope(command.actor, current(command.organizationId, state));
        const scope = adminScopeOf(command.actor);
        if (!unitInScope(scope, command.unit)) throw forbidden(scopeMessages(scope).unit);
        if (command.unit.organization_id === command.organizationId) return [];
        const unit: Unit = { ...command.unit, organization_id: command.organizationId, region_id: state.organization.region_id };
        return [
          {
            type: 'UnitMovedIn',
            data: { organization_id: command.organizationId, unit, from_organization_id: command.unit.organization_id },
          },
        ];
      }
    }
  },
};
