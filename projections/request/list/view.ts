import type { CommonQueryMethods } from 'slonik';
import {
  availableActions,
  costOfSparesPbs,
  costOfWorks,
  dataOf,
  editableFields,
  foldRequest,
  kindTitle,
  performerKindTitles,
  requestStreamId,
  sparesAllowed,
  statusTitle,
  type Actor,
  type RequestEvent,
  type RequestState,
} from '../../../domain/request';
import type { CostItem, RequestView } from '../../../domain/request/contracts';
import type { RightsObject } from '../../../domain/rights';
import { hasFull } from '../../../domain/rights';
import { scopeIncludes, type UnitScope } from '../../../domain/rights/scope';
import { notFound } from '../../../domain/shared/errors';
import type { EventStore } from '../../../infrastructure/eventstore/port';
import { requestSpares } from '../../spares/queries';
import { loadNames } from './names';
import { noCache, type ReadModelCache } from '../../../infrastructure/read-model-cache';

type Db = Pick<CommonQueryMethods, 'any'>;

export const requestNotFound = 'Заявка не найдена';

/** Who looks at a request: the acting user for the buttons, their read scope, their cost right. */
export interface RequestViewer {
  readonly userId: number;
  readonly rights: RightsObject;
  readonly fio?: string;
  /** RIGHT_REQUEST_READ scope: a request outside it is 'Заявка не найдена'. */
  readonly scope: UnitScope;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** The decider's state of a request and its stream revision (-1 when there is no stream). */
export const loadRequestState = async (store: EventStore, id: number): Promise<{ state: RequestState; revision: number }> => {
  const events = await store.readStream(requestStreamId(id));
  const state = foldRequest(events.map((e) => ({ type: e.type, data: e.data }) as RequestEvent));
  return { state, revision: events.length ? events[events.length - 1]!.revision : -1 };
};

/** The view of a request state for a viewer (throws 404 'Заявка не найдена' outside their scope). */
export const buildRequestView = async (
  db: Db,
  loaded: { state: RequestState; revision: number },
  viewer: RequestViewer,
  now: string,
  cache: ReadModelCache = noCache,
): Promise<RequestView> => {
  const { state, revision } = loaded;
  if (!state.registered || state.deleted || !scopeIncludes(viewer.scope, state.unit_id)) throw notFound(requestNotFound);
  const showCosts = hasFull(viewer.rights, 'RIGHT_VIEW_COST');
  const actor: Actor = { userId: viewer.userId, rights: viewer.rights, ...(viewer.fio ? { fio: viewer.fio } : {}) };
  const data = dataOf(state);
  const [names, spares] = await Promise.all([
    loadNames(db, {
      users: [
        ...state.engineers,
        ...(state.contact_id ? [state.contact_id] : []),
        ...(state.engineer_id ? [state.engineer_id] : []),
        ...(state.registered_by ? [state.registered_by] : []),
      ],
      units: state.unit_id ? [state.unit_id] : [],
      tools: [...(state.tool_id ? [state.tool_id] : []), ...state.tools_commissioning.map((t) => t.tool_id)],
      catalog: {
        regions: state.region_id ? [state.region_id] : [],
        programs: state.program_id ? [state.program_id] : [],
        programs_subsystems: state.subsystem_id ? [state.subsystem_id] : [],
        services_repairs: state.service_repair_id ? [state.service_repair_id] : [],
      },
    }, cache),
    // Only repair types that take stock spares can hold any (leaving them gives the spares back).
    sparesAllowed(state.repair_type_id) ? requestSpares(db, state.id ?? 0) : Promise.resolve([]),
  ]);
  const unit = state.unit_id ? names.unit(state.unit_id) : null;
  const costItem = (i: { title: string; cost: number }): CostItem => (showCosts ? { title: i.title, cost: i.cost } : { title: i.title });
  const { engineers: _e, works, spares_pbs, tools_commissioning, students_list, attachments, documents, ...fields } = data;
  // Not `{ ...fields, revision, … }`: in V8 each key added after a spread takes a slow path, and the
  // view's 26 keys cost an order of magnitude more per command than this way.
  const view: RequestView = Object.assign({}, fields, {
    revision,
    statusTitle: statusTitle(state.request_status_id),
    kindTitle: kindTitle(state.request_kind_id),
    performerKindTitle: performerKindTitles[state.request_performer_kind] ?? state.request_performer_kind,
    region_title: state.region_id ? names.catalog('regions', state.region_id) : null,
    unit_name: unit?.name ?? null,
    organization_id: unit?.organization_id ?? null,
    organization_name: unit?.organization_name ?? null,
    contact_fio: state.contact_id ? names.user(state.contact_id) : null,
    registered_by: state.registered_by ? { id: state.registered_by, fio: names.user(state.registered_by) } : null,
    engineer_fio: state.engineer_id ? names.user(state.engineer_id) : null,
    program_title: state.program_id ? names.catalog('programs', state.program_id) : null,
    subsystem_title: state.subsystem_id ? names.catalog('programs_subsystems', state.subsystem_id) : null,
    service_repair_title: state.service_repair_id ? names.catalog('services_repairs', state.service_repair_id) : null,
    tool: state.tool_id ? names.tool(state.tool_id) : null,
    engineers: state.engineers.map((id) => ({ id, fio: names.user(id) })),
    works: works.map(costItem),
    sparesPbs: spares_pbs.map(costItem),
    spares: showCosts ? spares : spares.map(({ cost: _c, ...s }) => s),
    toolsCommissioning: tools_commissioning.map((t) => ({ ...t, tool: names.tool(t.tool_id) })),
    students_list,
    attachments,
    docs: documents,
    comments_count: state.comments_count,
    actions: [...availableActions(state, actor, now)],
    editable: [...editableFields(state, actor)].sort(),
  } satisfies Partial<RequestView>);
  if (showCosts) {
    const cost_work = costOfWorks(state);
    const cost_spares_pbs = costOfSparesPbs(state);
    const cost_spares = round2(spares.reduce((s, l) => s + (l.cost ?? 0) * l.amount, 0));
    Object.assign(view, { cost_work, cost_spares, cost_spares_pbs, cost_total: round2(cost_work + cost_spares + cost_spares_pbs) });
  }
  return view;
};
