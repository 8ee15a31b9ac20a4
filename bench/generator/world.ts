import { catalogDecider, catalogStreamId } from '../../domain/catalog/decider';
import { findCatalog, ProgramType, ServiceType } from '../../domain/catalog/definitions';
import { organizationDecider, organizationStreamId } from '../../domain/organization/decider';
import { roleDecider, roleStreamId } from '../../domain/role/decider';
import { userDecider, userStreamId } from '../../domain/user/decider';
import { toolDecider, toolStreamId, toolsSetDecider, toolsSetStreamId } from '../../domain/tool/decider';
import { initialSparesSetState, sparesSetDecider, sparesSetStreamId, type SparesSetState } from '../../domain/spares/decider';
import { allRights, combineAccessLevel, combineRights, type RightsObject } from '../../domain/rights/rights';
import { AccessLevel } from '../../domain/rights/values';
import { OwnerType, ToolState } from '../../domain/tool/states';
import type { Actor } from '../../domain/shared/actor';
import type { CommandContext } from '../../domain/shared/events';
import { demoRoles } from '../../api/seed/demo-data';
import {
  commonDisrepairsData,
  commonProgramsData,
  manufacturersData,
  organizationKindsData,
  postsData,
  setNamesData,
  sparesItemsData,
  specialProgramsData,
  subsystemsData,
  toolKindsData,
  toolModelsData,
} from '../../api/seed/reference-data';
import { Random } from '../lib/random';
import { isoOf, type EventLog } from './log';
import { districtWords, givenNames, patronymics, regionNames, streets, surnames } from './names';

/**
 * The reference world of a national network at a scale: regions, organisations with buildings,
 * roles, users, equipment and spare-parts sets. Every item is created by its real decider from a
 * simulated command (as the admin screens and the demo seed send them), so the log holds exactly
 * the events those commands append, including the login claim streams. The plain model kept here
 * (ids, units, tools, users and their rights) is what the request simulation draws from.
 */

export interface WorldUser {
  readonly id: number;
  readonly login: string;
  readonly fio: string;
  readonly email: string;
  readonly roles: readonly number[];
  readonly rights: RightsObject;
  readonly units: readonly number[];
  readonly regionId: number | null;
}

export interface WorldTool {
  readonly id: number;
  readonly unitId: number;
  readonly kind: number;
  readonly guaranty: string | null;
  /** system_ts_id of its set's kind (restore requests), null outside a set. */
  readonly setSystem: number | null;
  state: number;
  revision: number;
}

export interface WorldCourt {
  readonly id: number;
  readonly name: string;
  readonly vncode: string;
  readonly units: number[];
  readonly users: number[];
}

export interface WorldRegion {
  readonly id: number;
  readonly code: number;
  readonly title: string;
  readonly index: number;
  /** Share of the network's requests (by its number of courts). */
  weight: number;
  readonly courts: WorldCourt[];
  readonly units: number[];
  readonly engineers: number[];
  chief: number;
  signer: number;
  readonly serviceCentreId: number;
  readonly serviceCentre2Id: number;
  sparesSetId: number;
  sparesRevision: number;
  spares: SparesSetState;
}

export interface WorldUnit {
  readonly id: number;
  readonly organizationId: number;
  readonly regionId: number;
  readonly courtIndex: number;
  readonly tools: number[];
}

export interface WorldProgram {
  readonly id: number;
  readonly type: number;
  readonly subsystem: number | null;
}

export interface World {
  readonly regions: WorldRegion[];
  readonly units: Map<number, WorldUnit>;
  readonly users: Map<number, WorldUser>;
  readonly tools: WorldTool[];
  readonly hotline: number[];
  readonly seniors: number[];
  readonly admins: number[];
  readonly specialPrograms: WorldProgram[];
  readonly commonPrograms: WorldProgram[];
  /** id_counters after the world (the request simulation continues 'request' and 'file'). */
  readonly counters: Map<string, number>;
  /** unique_values as the handlers claim them ('{scope}\u0000{value}' -> claim); the simulation adds the request numbers. */
  readonly claims: Map<string, UniqueClaim>;
  readonly sizes: Record<string, number>;
}

export interface UniqueClaim {
  readonly scope: string;
  readonly value: string;
  readonly owner: string;
}

export const claimKey = (scope: string, value: string) => `${scope}\u0000${value}`;

export interface WorldOptions {
  readonly scale: number;
  readonly seed: number;
  /** ms: the first day of the generated history. */
  readonly start: number;
}

const DAY = 86_400_000;

/** Sizes at a scale: 85 regions, 2,500 courts, 10,000 users, 300,000 tools at scale 1. */
export const worldSizes = (scale: number) => ({
  regions: Math.max(3, Math.min(85, Math.round(85 * Math.sqrt(scale)))),
  courts: Math.max(6, Math.round(2500 * scale)),
  users: Math.max(40, Math.round(10_000 * scale)),
  tools: Math.max(300, Math.round(300_000 * scale)),
});

export const buildWorld = (options: WorldOptions, log: EventLog): World => {
  const rnd = new Random(options.seed ^ 0x5eed);
  const counters = new Map<string, number>();
  const nextId = (kind: string) => {
    const n = (counters.get(kind) ?? 0) + 1;
    counters.set(kind, n);
    return n;
  };
  const ensureAbove = (kind: string, id: number) => counters.set(kind, Math.max(counters.get(kind) ?? 0, id));
  const sizes = worldSizes(options.scale);
  const system: Actor = { userId: 0, rights: allRights(), accessLevel: AccessLevel.FULL };
  // Reference data is entered over the first weeks of the history, a few seconds apart.
  let clock = options.start + 8 * 3600_000;
  const tick = (ms = 2000) => (clock += ms);
  const context = (userId: number | null = null): CommandContext => ({ userId, now: isoOf(tick()), correlationId: rnd.uuid(), causationId: null });

  // Ids created so far per catalogue: the references a new item may name.
  const created = new Map<string, number[]>();
  const catalog = (name: string, input: Record<string, unknown>, fixedId?: number): number => {
    const def = findCatalog(name)!;
    const id = fixedId ?? nextId(`catalog:${name}`);
    if (fixedId) ensureAbove(`catalog:${name}`, fixedId);
    const ctx = context();
    const known = Object.fromEntries(created);
    const events = catalogDecider.decide(catalogDecider.initialState(), { type: 'CreateCatalogItem', catalog: def.name, id, input, known, actor: system }, ctx);
    log.append(catalogStreamId(def.name, id), 0, events, ctx);
    created.set(def.name, [...(created.get(def.name) ?? []), id]);
    return id;
  };

  // Catalogues.
  const regionList = regionNames.slice(0, sizes.regions);
  const regionIds = regionList.map(([code, title, city]) =>
    catalog('regions', {
      title,
      code,
      filial_title: `Филиал ФГБУ ИАЦ Судебного департамента в ${city}`,
      filial_phone: `+7 (${String(800 + (code % 100)).padStart(3, '0')}) 600-10-${String(code).padStart(2, '0')}`,
      instrumental_case: title,
      immediate_email_to_engineer: rnd.chance(0.3),
      auto_assign_engineer: false,
    }),
  );
  for (const k of organizationKindsData) catalog('organization_kind', { ...k }, k.id);
  const postIds = postsData.map((title) => catalog('posts', { title }));
  const subsystemIds = subsystemsData.map((title) => catalog('programs_subsystems', { title }));
  const manufacturerIds = new Map(manufacturersData.map((title) => [title, catalog('manufacturer', { title })]));
  const specialPrograms: WorldProgram[] = specialProgramsData.map((p) => ({
    id: catalog('programs', {
      type: ProgramType.SPECIAL, title: p.title, version: p.version, designation: 'ГАС «Правосудие»', gas_sub_system_id: subsystemIds[p.subsystem],
      distribution_number: `ДИСТ-${p.version}`, programs_org_types: [6, 7], description: `Специальное программное обеспечение подсистемы «${subsystemsData[p.subsystem]}»`,
    }),
    type: ProgramType.SPECIAL,
    subsystem: subsystemIds[p.subsystem]!,
  }));
  const commonPrograms: WorldProgram[] = commonProgramsData.map((p) => ({
    id: catalog('programs', { type: ProgramType.COMMON, title: p.title, version: p.version, programs_org_types: [3, 6, 7, 17] }),
    type: ProgramType.COMMON,
    subsystem: null,
  }));
  for (const k of toolKindsData) catalog('tool_kind', { title: k.title, soft_updatable: k.soft_updatable, traits: [] }, k.id);
  const models = toolModelsData.map(([kind, manufacturer, model]) => ({
    id: catalog('tool_model', { tool_kind_id: kind, manufacturer_id: manufacturerIds.get(manufacturer), model, is_verified: true }),
    kind,
    manufacturer: manufacturerIds.get(manufacturer)!,
    model,
  }));
  const setNameIds = setNamesData.map((s) => catalog('tools_sets_names', s));
  for (const [kind, description, kinds] of commonDisrepairsData)
    catalog('common_disrepairs', { request_kind_id: kind, description, common_disrepair_tool_kinds: kinds });

  // Roles (the demo roles: 2 = engineer).
  const roleRights = new Map<number, { rights: RightsObject; access_level: number; role_is_hotline: boolean }>();
  for (const role of demoRoles) {
    ensureAbove('role', role.id);
    const ctx = context();
    const events = roleDecider.decide(roleDecider.initialState(), { type: 'SaveRole', id: role.id, input: role, actor: system }, ctx);
    log.append(roleStreamId(role.id), 0, events, ctx);
    roleRights.set(role.id, { rights: role.rightsObject, access_level: role.access_level, role_is_hotline: role.role_is_hotline });
  }

  // Organisations: per region the department's office (host), the branch, the regional court (host, 2-3 buildings)
  // and district courts; courts are spread over regions by a skewed weight (big regions have many courts).
  const weights = regionList.map((_, i) => (i < 3 ? 4 : i < 10 ? 2 : 1) * (0.6 + rnd.next() * 0.8));
  const weightSum = weights.reduce((a, b) => a + b, 0);
  const courtCounts = weights.map((w) => Math.max(2, Math.round((sizes.courts * w) / weightSum)));
  const units = new Map<number, WorldUnit>();
  const regions: WorldRegion[] = [];
  const orgHosts = new Map<number, { id: number; region_id: number; is_host: boolean }>();
  const saveOrganization = (regionIndex: number, region_id: number, input: Record<string, unknown>, buildings: number, courtIndex: number) => {
    const id = nextId('organization');
    const org = { region_id, ...input } as unknown as Record<string, unknown> & { name: string; vncode: string; is_host: boolean; host_id: number | null };
    const unitIds = Array.from({ length: buildings }, () => nextId('unit'));
    const submitted = unitIds.map((uid, i) => ({
      id: uid,
      name: buildings > 1 ? `${org.name}, здание ${i + 1}` : org.name,
      fullname: org.name,
      vncode: `${org.vncode}${buildings > 1 ? `-${i + 1}` : ''}`,
      address: `${regionList[regionIndex]![1]}, ${rnd.pick(streets)}, д. ${rnd.int(1, 120)}`,
    }));
    const host = org.host_id ? orgHosts.get(org.host_id) ?? null : null;
    const ctx = context();
    const events = organizationDecider.decide(
      organizationDecider.initialState(),
      { type: 'SaveOrganization', id, input: org, units: submitted, newUnitIds: unitIds, existing: false, host, refs: { regions: created.get('regions') ?? [], kinds: created.get('organization_kind') ?? [] }, actor: system },
      ctx,
    );
    log.append(organizationStreamId(id), 0, events, ctx);
    orgHosts.set(id, { id, region_id, is_host: org.is_host });
    for (const uid of unitIds) units.set(uid, { id: uid, organizationId: id, regionId: region_id, courtIndex, tools: [] });
    return { id, unitIds };
  };
  regionList.forEach(([code, title, city], index) => {
    const region_id = regionIds[index]!;
    const cc = String(code).padStart(2, '0');
    const ud = saveOrganization(index, region_id, { name: `Управление Судебного департамента в ${city}`, fullname: `Управление Судебного департамента в ${city}`, vncode: `${cc}UD0000`, kind_id: 3, is_host: true, host_id: null, phone: '+7 (900) 000-00-00' }, 1, -1);
    saveOrganization(index, region_id, { name: `Филиал ФГБУ ИАЦ Судебного департамента в ${city}`, vncode: `${cc}IC0000`, kind_id: 17, is_host: false, host_id: ud.id }, 1, -1);
    const serviceCentreId = catalog('services_repairs', { title: `Филиал ФГБУ ИАЦ Судебного департамента в ${city}`, region_id, service_type: ServiceType.REGIONAL, address: `${title}, ${rnd.pick(streets)}, д. 5` });
    const serviceCentre2Id = catalog('services_repairs', { title: `Сервисный центр «ТехноСервис» (${title})`, region_id, service_type: ServiceType.SERVICE_CENTRE, address: `${title}, ${rnd.pick(streets)}, д. 17` });
    const courts: WorldCourt[] = [];
    for (let c = 0; c < courtCounts[index]!; c++) {
      const regional = c === 0;
      const name = regional ? `Суд субъекта: ${title}` : `${districtWords[(c - 1) % districtWords.length]} районный суд (${title})${c > districtWords.length ? ` №${Math.ceil(c / districtWords.length)}` : ''}`;
      const vncode = `${cc}${regional ? 'OS' : 'RS'}${String(c).padStart(4, '0')}`;
      const buildings = regional ? rnd.int(2, 3) : rnd.weighted([[1, 70], [2, 25], [3, 5]] as const);
      const org = saveOrganization(index, region_id, { name, fullname: name, vncode, kind_id: regional ? 6 : 7, is_host: regional, host_id: regional ? null : ud.id }, buildings, c);
      courts.push({ id: org.id, name, vncode, units: org.unitIds, users: [] });
    }
    regions.push({
      id: region_id, code, title, index, weight: weights[index]!, courts, units: courts.flatMap((c) => c.units), engineers: [], chief: 0, signer: 0,
      serviceCentreId, serviceCentre2Id, sparesSetId: 0, sparesRevision: 0, spares: initialSparesSetState(),
    });
  });
  const branchOrg = (r: WorldRegion) => [...orgHosts.values()].find((o) => o.region_id === r.id && !o.is_host)!.id;

  // People: engineers, a chief and a signer per region, court staff, the hot line, head performers, administrators.
  // Each login is claimed in unique_values, as saveUser does.
  const users = new Map<number, WorldUser>();
  const claims = new Map<string, UniqueClaim>();
  const byRole = (roles: number[]) => {
    const rr = roles.map((r) => roleRights.get(r)!);
    return { rights: combineRights(rr.map((r) => ({ access_level: r.access_level, rightsObject: r.rights }))), level: combineAccessLevel(rr.map((r) => ({ access_level: r.access_level, rightsObject: r.rights }))) };
  };
  let personIndex = 0;
  const user = (login: string, fields: { organization_id?: number | null; roles: number[]; units?: number[]; hotline?: boolean; regionId: number | null; name?: string }) => {
    const id = nextId('user');
    const p = personIndex++;
    const surname = fields.hotline ? null : surnames[p % surnames.length]!;
    const name = fields.name ?? (fields.hotline ? `Техподдержка ГАС «Правосудие» (ГЛ) ${p}` : givenNames[(p * 7) % givenNames.length]!);
    const patronymic = fields.hotline ? null : patronymics[(p * 3) % patronymics.length]!;
    const input = {
      surname, name, patronymic, email: `${login}@courts.example.ru`, phone: `+7 (9${String(p % 100).padStart(2, '0')}) ${String(100 + (p % 900)).padStart(3, '0')}-${String(p % 100).padStart(2, '0')}-${String((p * 7) % 100).padStart(2, '0')}`,
      login, password: 'generated', organization_id: fields.organization_id ?? null, post_id: rnd.pick(postIds), users_roles: fields.roles, units: fields.units ?? [],
      hotline_worker: fields.hotline ?? false, users_programs: fields.hotline ? specialPrograms.map((s) => s.id) : [],
      due_order: fields.hotline ? 'Исполнитель по контракту технической поддержки' : null,
    };
    const ctx = context();
    const roles = fields.roles.map((r) => ({ id: r, access_level: roleRights.get(r)!.access_level, role_is_hotline: roleRights.get(r)!.role_is_hotline, rightsObject: roleRights.get(r)!.rights }));
    const org = fields.organization_id ? orgHosts.get(fields.organization_id) : undefined;
    const refs = {
      organizations: org ? [{ id: org.id, region_id: org.region_id }] : [],
      units: (fields.units ?? []).map((uid) => units.get(uid)!).map((u) => ({ id: u.id, organization_id: u.organizationId, region_id: u.regionId })),
      targetRights: {},
      posts: created.get('posts') ?? [],
      programs: created.get('programs') ?? [],
    };
    const events = userDecider.decide(userDecider.initialState(), { type: 'SaveUser', id, input, passwordGiven: true, roles, targetAccessLevel: 0, refs, actor: system }, ctx);
    claims.set(claimKey('login', login.toLowerCase()), { scope: 'login', value: login.toLowerCase(), owner: `user-${id}` });
    log.append(userStreamId(id), 0, events, ctx);
    const { rights } = byRole(fields.roles);
    const fio = [surname, name, patronymic].filter(Boolean).join(' ');
    users.set(id, { id, login, fio, email: input.email, roles: fields.roles, rights, units: fields.units ?? [], regionId: fields.regionId });
    return id;
  };
  const hotline: number[] = [];
  const seniors: number[] = [];
  const admins: number[] = [];
  // The demo logins of the README, so `npm start` on the bench database can be signed into as usual.
  const first = regions[0]!;
  admins.push(user('admin', { organization_id: branchOrg(first), roles: [1], regionId: first.id }));
  first.engineers.push(user('engineer', { organization_id: branchOrg(first), roles: [2], units: first.units, regionId: first.id }));
  const demoCourt = first.courts[1] ?? first.courts[0]!;
  demoCourt.users.push(user('court', { organization_id: demoCourt.id, roles: [3], units: demoCourt.units, regionId: first.id }));
  hotline.push(user('hotline', { roles: [4], hotline: true, regionId: null }));
  first.signer = user('signer', { organization_id: branchOrg(first), roles: [5], units: first.units, regionId: first.id });
  first.chief = user('chief', { organization_id: branchOrg(first), roles: [6], units: first.units, regionId: first.id });
  seniors.push(user('senior', { organization_id: branchOrg(first), roles: [7], regionId: first.id }));
  // The rest by share of the total.
  const engineersPerRegion = Math.max(2, Math.round((sizes.users * 0.15) / regions.length));
  for (const r of regions) {
    const branch = branchOrg(r);
    while (r.engineers.length < engineersPerRegion) r.engineers.push(user(`eng_${r.code}_${r.engineers.length + 1}`, { organization_id: branch, roles: [2], units: r.units, regionId: r.id }));
    if (!r.chief) r.chief = user(`chief_${r.code}`, { organization_id: branch, roles: [6], units: r.units, regionId: r.id });
    if (!r.signer) r.signer = user(`signer_${r.code}`, { organization_id: branch, roles: [5], units: r.units, regionId: r.id });
  }
  const extra = Math.max(2, Math.round(sizes.users * 0.005));
  while (hotline.length < extra) hotline.push(user(`hotline_${hotline.length + 1}`, { roles: [4], hotline: true, regionId: null }));
  while (seniors.length < Math.max(2, Math.round(sizes.users * 0.001))) seniors.push(user(`senior_${seniors.length + 1}`, { organization_id: branchOrg(first), roles: [7], regionId: first.id }));
  // Court staff: at least one per court, the rest spread by the courts' sizes (buildings).
  const courtList = regions.flatMap((r) => r.courts.map((c) => ({ r, c })));
  const courtUsers = Math.max(courtList.length, sizes.users - users.size);
  for (let i = 0; i < courtUsers; i++) {
    const { r, c } = i < courtList.length ? courtList[i]! : courtList[rnd.int(0, courtList.length - 1)]!;
    c.users.push(user(`court_${r.code}_${c.vncode.slice(2).toLowerCase()}_${c.users.length + 1}`, { organization_id: c.id, roles: [3], units: c.units, regionId: r.id }));
  }

  // Equipment: every building gets workstations in sets (workstation, monitor, UPS), printers, MFUs and scanners;
  // the regional court's buildings also servers, switches and VKS sets. Registered over the first 60 days.
  const tools: WorldTool[] = [];
  const modelsOf = new Map<number, typeof models>();
  for (const m of models) modelsOf.set(m.kind, [...(modelsOf.get(m.kind) ?? []), m]);
  const allUnits = [...units.values()].filter((u) => u.courtIndex >= 0);
  const perUnit = Math.max(6, Math.round(sizes.tools / allUnits.length));
  const day = (ms: number) => isoOf(ms).slice(0, 10);
  let serial = 100_000;
  clock = Math.max(clock, options.start + 2 * DAY);
  const toolStep = Math.max(1, Math.floor((58 * DAY) / (perUnit * allUnits.length)));
  const registerTool = (unit: WorldUnit, kind: number, setSystem: number | null, extraFields: Record<string, unknown> = {}) => {
    const m = rnd.pick(modelsOf.get(kind)!);
    const id = nextId('tool');
    const ctx = context();
    clock += toolStep - 2000;
    const workIn = day(options.start - rnd.int(30, 6 * 365) * DAY);
    const years = rnd.chance(0.5) ? 3 : 5;
    const guaranty = `${Number(workIn.slice(0, 4)) + years}${workIn.slice(4)}`.replace('-02-29', '-02-28');
    const state = rnd.chance(0.9) ? ToolState.IN_WORK : rnd.chance(0.6) ? ToolState.BROKEN : ToolState.WAITING_RECLAIM;
    const input = {
      unit_id: unit.id, tool_kind_id: kind, manufacturer_id: m.manufacturer, model_id: m.id, model: m.model, serial_number: `SN${serial++}`,
      inventar_number: `ИН-${unit.id}-${serial}`, owner_type_id: OwnerType.BASE, cost_remain: Math.round(rnd.next() * 5_000_000) / 100, exchange_stock: false,
      work_in_dt: workIn, guaranty_dt: guaranty, state, buh_name: `${toolKindsData.find((t) => t.id === kind)!.title} ${m.model}`, tool_softwares: [], ...extraFields,
    };
    const events = toolDecider.decide(toolDecider.initialState(), { type: 'RegisterTool', id, input, actor: system }, ctx);
    log.append(toolStreamId(id), 0, events, ctx);
    const tool: WorldTool = { id, unitId: unit.id, kind, guaranty, setSystem, state, revision: 0 };
    tools[id] = tool;
    unit.tools.push(id);
    return id;
  };
  const registerSet = (unit: WorldUnit, typeIndex: number, kinds: number[], label: string) => {
    const system_ts = setNamesData[typeIndex]!.system_ts_id;
    const ids = kinds.map((k) => registerTool(unit, k, system_ts));
    const id = nextId('tools_set');
    const ctx = context();
    const events = toolsSetDecider.decide(toolsSetDecider.initialState(), {
      type: 'RegisterToolsSet', id, toolIds: ids, actor: system,
      input: { unit_id: unit.id, inventar_number: `${label}-${unit.id}-${id}`, type_id: setNameIds[typeIndex], owner_type_id: OwnerType.BASE, buh_name: setNamesData[typeIndex]!.name, work_in_dt: day(options.start - rnd.int(30, 5 * 365) * DAY) },
    }, ctx);
    log.append(toolsSetStreamId(id), 0, events, ctx);
  };
  for (const unit of allUnits) {
    const regional = unit.courtIndex === 0;
    let made = 0;
    if (regional) {
      registerSet(unit, 1, [18, 3], 'ВКС');
      registerTool(unit, 7, null);
      registerTool(unit, 46, null);
      made += 4;
    }
    while (made < perUnit) {
      const r = rnd.next();
      if (r < 0.55) {
        registerSet(unit, 0, [2, 3, 8], 'К');
        made += 3;
      } else {
        registerTool(unit, r < 0.75 ? 4 : r < 0.88 ? 6 : r < 0.95 ? 5 : 19, null);
        made += 1;
      }
    }
  }

  // A spare-parts set per region under the branch's service contract.
  for (const r of regions) {
    const id = nextId('spares_set');
    const firstItem = (counters.get('spares_item') ?? 0) + 1;
    counters.set('spares_item', firstItem + sparesItemsData.length - 1);
    const items = sparesItemsData.map(([code, title, cost, amount], i) => ({ id: firstItem + i, code, title, cost, amount: amount * 20 }));
    const ctx = context();
    const events = sparesSetDecider.decide(initialSparesSetState(), {
      type: 'RegisterSparesSet', actor: system, id, region_id: r.id, title: `ЗИП филиала (${r.title})`, contract: `Государственный контракт № ${r.code}-ЗИП`, items,
    }, ctx);
    log.append(sparesSetStreamId(id), 0, events, ctx);
    r.sparesSetId = id;
    r.spares = events.reduce(sparesSetDecider.evolve, initialSparesSetState());
  }

  return {
    regions, units, users, tools, hotline, seniors, admins, specialPrograms, commonPrograms, counters, claims,
    sizes: { regions: regions.length, courts: courtList.length, units: allUnits.length, users: users.size, tools: tools.filter(Boolean).length },
  };
};

/** The end of the reference data's registration (requests start after it). */
export const referencePeriodDays = 60;
