import { sql } from 'slonik';
import type { Actor } from '../../domain/shared/actor';
import type { CommandContext } from '../../domain/shared/events';
import { allRights, type RightsObject } from '../../domain/rights/rights';
import { AccessLevel, RightValue } from '../../domain/rights/values';
import { findCatalog, ProgramType, ServiceType } from '../../domain/catalog/definitions';
import { ToolState, OwnerType } from '../../domain/tool/states';
import { createCatalogItem } from '../../commands/catalog/catalog';
import { saveOrganization } from '../../commands/organization/organizations';
import { saveRole } from '../../commands/role/roles';
import { saveUser } from '../../commands/user/users';
import { registerTool, registerToolsSet } from '../../commands/tool/tools';
import { registerSparesSet } from '../../commands/spares/spares-sets';
import { latest } from '../../commands/context';
import type { Position } from '../../infrastructure/eventstore/port';
import type { AppContext } from '../context';
import { backgroundHashes } from './demo-hashes';
import { seedDemoSigning } from './demo-signing';
import { seedDemoInnerRequests } from './demo-inner-requests';
import { seedDemoNewsAndManuals } from './demo-news-manuals';
import { seedDemoPublicDocs } from './demo-public-docs';
import {
  commonDisrepairsData,
  commonProgramsData,
  courtsByRegion,
  manufacturersData,
  organizationKindsData,
  postsData,
  regionsData,
  setNamesData,
  sparesItemsData,
  specialProgramsData,
  streets,
  subsystemsData,
  toolKindsData,
  toolModelsData,
} from './reference-data';

export const demoLogins = [
  { login: 'admin', description: 'администратор: все права, уровень доступа «Полный»' },
  { login: 'engineer', description: 'инженер филиала в г. Москве (роль 2)' },
  { login: 'court', description: 'пользователь Басманного районного суда: просмотр и создание заявок своих объектов' },
  { login: 'hotline', description: 'исполнитель Техподдержки (горячая линия)' },
  { login: 'signer', description: 'подписант документов филиала, объекта и итоговый' },
  { login: 'chief', description: 'руководитель филиала: отмена исполнения, смена номера, групповые заявки' },
  { login: 'senior', description: 'головной исполнитель: заявки ГЛ и управление ими' },
  { login: 'signer_unit', description: 'подписант объекта (Басманный районный суд г. Москвы)' },
];

const { READ, FULL, OWN, ALL } = RightValue;

const rights = (entries: Array<[string, number]>): RightsObject => Object.fromEntries(entries) as RightsObject;

const referenceReaders: Array<[string, number]> = [
  ['RIGHT_ORGANIZATIONS', READ],
  ['RIGHT_PROGRAMS', READ],
  ['RIGHT_TOOLS_MODELS', READ],
  ['RIGHT_TOOLS_MANUFACTURERS', READ],
  ['RIGHT_REFERENCE_GAS_SUBSYSTEM', READ],
];

const reportRights: Array<[string, number]> = [
  'RIGHT_REPORT_ENCLOSURE_1', 'RIGHT_REPORT_ENCLOSURE_2', 'RIGHT_REPORT_ENCLOSURE_3', 'RIGHT_REPORT_ARCHIVE',
  'RIGHT_REPORT_REPAIR_1', 'RIGHT_REPORT_REPAIR_2', 'RIGHT_REPORT_REPAIR_3', 'RIGHT_REPORT_WAITING_REPAIR',
  'RIGHT_REPORT_WAITING_REPAIR_AGE', 'RIGHT_REPORT_WARRANTY', 'RIGHT_REPORT_REPAIR_SHORT', 'RIGHT_REPORT_FAILURES',
  'RIGHT_REPORT_SUBSYSTEMS', 'RIGHT_REPORT_HARDWARE_1',
].map((k) => [k, FULL]);

/** The demo roles; id 2 is the engineer role the spec refers to. */
export const demoRoles = [
  { id: 1, title: 'Администратор', role_order: 1, role_is_hotline: false, access_level: AccessLevel.FULL, rightsObject: allRights() },
  {
    id: 2,
    title: 'Инженер филиала',
    role_order: 2,
    role_is_hotline: false,
    access_level: AccessLevel.REGION,
    rightsObject: rights([
      ['RIGHT_REQUEST_READ', OWN], ['RIGHT_REQUEST_CREATE', OWN], ['RIGHT_REQUEST_EDIT', FULL], ['RIGHT_REQUEST_ENGINEER', FULL],
      ['RIGHT_HOTLINE_EDIT', FULL], ['RIGHT_VIEW_COST', FULL], ['RIGHT_TOOLS_READ', OWN], ['RIGHT_TOOLS_WRITE', FULL],
      ['RIGHT_TOOLS_PLACE_EDIT', FULL], ['RIGHT_ZIP', READ], ...referenceReaders,
    ]),
  },
  {
    id: 3,
    title: 'Пользователь суда',
    role_order: 3,
    role_is_hotline: false,
    access_level: AccessLevel.OWN,
    rightsObject: rights([['RIGHT_REQUEST_READ', OWN], ['RIGHT_REQUEST_CREATE', OWN], ['RIGHT_TOOLS_READ', OWN]]),
  },
  {
    id: 4,
    title: 'Исполнитель Техподдержки',
    role_order: 4,
    role_is_hotline: true,
    access_level: AccessLevel.REGION,
    rightsObject: rights([['RIGHT_REQUEST_READ', ALL], ['RIGHT_REQUEST_HOTLINE_EDIT', FULL], ['RIGHT_PROGRAMS', READ]]),
  },
  {
    id: 5,
    title: 'Подписант',
    role_order: 5,
    role_is_hotline: false,
    access_level: AccessLevel.UNIT,
    rightsObject: rights([
      ['RIGHT_SIGNING_DOCS_IAC', FULL], ['RIGHT_SIGNING_DOCS_UNIT', FULL], ['RIGHT_SIGNING_DOCS_FINAL', FULL],
      ['RIGHT_REQUEST_READ', OWN], ['RIGHT_TOOLS_READ', OWN],
    ]),
  },
  {
    id: 6,
    title: 'Руководитель филиала',
    role_order: 6,
    role_is_hotline: false,
    access_level: AccessLevel.REGION,
    rightsObject: rights([
      ['RIGHT_REQUEST_READ', OWN], ['RIGHT_REQUEST_CREATE', OWN], ['RIGHT_REQUEST_EDIT', FULL], ['RIGHT_REQUEST_RESUME', FULL],
      ['RIGHT_REQUEST_EDIT_NUMBER', FULL], ['RIGHT_MULTIPLE_REQUESTS', FULL], ['RIGHT_REQUEST_DELETE', FULL],
      ['RIGHT_REQUEST_DOCS_DELETE', FULL], ['RIGHT_VIEW_COST', FULL], ['RIGHT_TOOLS_READ', OWN], ['RIGHT_ZIP', FULL],
      ['RIGHT_USERS_LIST', FULL], ['RIGHT_POSTS', FULL], ['RIGHT_SERVICES_REPAIRS', FULL], ['RIGHT_COMMON_DISREPAIRS', FULL],
      ...referenceReaders, ...reportRights,
    ]),
  },
  {
    id: 7,
    title: 'Головной исполнитель',
    role_order: 7,
    role_is_hotline: false,
    access_level: AccessLevel.FULL,
    rightsObject: rights([
      ['RIGHT_REQUEST_READ', ALL], ['RIGHT_REQUEST_CREATE', ALL], ['RIGHT_REQUEST_HOTLINE_EDIT', FULL], ['RIGHT_HOTLINE_EDIT', FULL],
      ['RIGHT_REQUEST_DELETE', FULL], ['RIGHT_USERS_HL', FULL], ['RIGHT_TOOLS_READ', ALL], ...referenceReaders,
    ]),
  },
];

/** A small deterministic generator so every fresh database gets the same demo data. */
const random = (seed: number) => () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed / 2_147_483_648;
};

/** The demo accounts the seed creates (7 logins, 3 per other region, 2 spares, the object signer): their hashes start early. */
const DEMO_ACCOUNTS = 7 + 3 * (regionsData.length - 1) + 2 + 1;

const surnames = ['Иванов', 'Смирнов', 'Кузнецов', 'Попов', 'Васильев', 'Петров', 'Соколов', 'Михайлов', 'Новиков', 'Фёдоров', 'Морозов', 'Волков'];
const names = ['Александр', 'Сергей', 'Дмитрий', 'Андрей', 'Алексей', 'Максим', 'Евгений', 'Игорь', 'Николай', 'Олег'];
const patronymics = ['Александрович', 'Сергеевич', 'Дмитриевич', 'Андреевич', 'Игоревич', 'Николаевич', 'Олегович'];

export const seedDemoData = async (ctx: AppContext): Promise<Position | null> => {
  const rnd = random(20_26);
  const hashPassword = backgroundHashes(ctx.hashPassword, ctx.config.seedPassword, DEMO_ACCOUNTS);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;
  const system: Actor = { userId: 0, rights: allRights(), accessLevel: AccessLevel.FULL };
  const context: CommandContext = { userId: null, now: new Date().toISOString(), correlationId: 'seed', causationId: null };
  let last: Position | null = null;
  const track = <T extends { position: Position | null }>(r: T) => {
    last = latest(last, r.position);
    return r;
  };
  const catalog = async (name: string, item: Record<string, unknown>, id?: number) => {
    const def = findCatalog(name)!;
    if (id) await ctx.ids.ensureAbove(`catalog:${name}`, id);
    return track(await createCatalogItem(ctx, def, item, system, context, id)).id;
  };

  // References.
  const regionIds = new Map<number, number>();
  for (const r of regionsData)
    regionIds.set(
      r.code,
      await catalog('regions', {
        title: r.title,
        code: r.code,
        filial_title: `Филиал ФГБУ ИАЦ Судебного департамента в ${r.city}`,
        filial_phone: r.phone,
        instrumental_case: r.instrumental,
        immediate_email_to_engineer: true,
        auto_assign_engineer: false,
      }),
    );
  for (const k of organizationKindsData) await catalog('organization_kind', { ...k }, k.id);
  const postIds = [];
  for (const title of postsData) postIds.push(await catalog('posts', { title }));
  const subsystemIds = [];
  for (const title of subsystemsData) subsystemIds.push(await catalog('programs_subsystems', { title }));
  const manufacturerIds = new Map<string, number>();
  for (const title of manufacturersData) manufacturerIds.set(title, await catalog('manufacturer', { title }));
  const specialPrograms = [];
  for (const p of specialProgramsData)
    specialPrograms.push(
      await catalog('programs', {
        type: ProgramType.SPECIAL, title: p.title, version: p.version, designation: 'ГАС «Правосудие»',
        gas_sub_system_id: subsystemIds[p.subsystem], distribution_number: `ДИСТ-${p.version}`, programs_org_types: [6, 7],
        description: `Специальное программное обеспечение подсистемы «${subsystemsData[p.subsystem]}»`,
      }),
    );
  const commonPrograms = [];
  for (const p of commonProgramsData)
    commonPrograms.push(await catalog('programs', { type: ProgramType.COMMON, title: p.title, version: p.version, programs_org_types: [3, 6, 7, 17] }));
  // Characteristics (decisions 48–56) with their values; the kinds below name them.
  const traitIds = new Map<string, number>();
  for (const [title, values] of demoTraitsData)
    traitIds.set(title, await catalog('tools_traits', { title, values: values.map((value_title) => ({ value_title })) }));
  const kindTraits = (kindId: number) => (demoKindTraits[kindId] ?? []).map((t) => traitIds.get(t)!);
  for (const k of toolKindsData) await catalog('tool_kind', { title: k.title, soft_updatable: k.soft_updatable, traits: kindTraits(k.id) }, k.id);
  const models: Array<{ id: number; kind: number; manufacturer: number; model: string }> = [];
  for (const [kind, manufacturer, model] of toolModelsData) {
    const mid = manufacturerIds.get(manufacturer)!;
    models.push({ id: await catalog('tool_model', { tool_kind_id: kind, manufacturer_id: mid, model, is_verified: true }), kind, manufacturer: mid, model });
  }
  const setNameIds = [];
  for (const s of setNamesData) setNameIds.push(await catalog('tools_sets_names', s));
  for (const [kind, description, kinds] of commonDisrepairsData)
    await catalog('common_disrepairs', { request_kind_id: kind, description, common_disrepair_tool_kinds: kinds });

  // Roles with fixed ids (2 = engineer).
  for (const role of demoRoles) {
    await ctx.ids.ensureAbove('role', role.id);
    track(await saveRole(ctx, null, role, system, context, role.id));
  }

  // Per region: the Judicial Department's office (host), the branch, the regional court and three district courts.
  const regionUnits = new Map<number, number[]>();
  const courtsOf = new Map<number, Array<{ id: number; units: number[]; name: string }>>();
  const branchOf = new Map<number, number>();
  for (const r of regionsData) {
    const region_id = regionIds.get(r.code)!;
    const code = String(r.code).padStart(2, '0');
    // The host of a later organisation is read from its stream: no need to wait for the read models here.
    const org = async (name: string, vncode: string, kind_id: number, is_host: boolean, host_id: number | null, buildings: number) =>
      track(
        await saveOrganization(
          ctx,
          null,
          { region_id, name, fullname: name, vncode, kind_id, is_host, host_id, address: `${r.title}, ${pick(streets)}, д. ${1 + Math.floor(rnd() * 90)}`, phone: r.phone },
          Array.from({ length: buildings }, (_, i) => ({
            name: buildings > 1 ? `${name}, здание ${i + 1}` : name,
            fullname: name,
            vncode: `${vncode}${buildings > 1 ? `-${i + 1}` : ''}`,
            address: `${r.title}, ${pick(streets)}, д. ${1 + Math.floor(rnd() * 90)}`,
          })),
          system,
          context,
        ),
      ).id;
    const ud = await org(`Управление Судебного департамента в ${r.city}`, `${code}UD0000`, 3, true, null, 1);
    const branch = await org(`Филиал ФГБУ ИАЦ Судебного департамента в ${r.city}`, `${code}IC0000`, 17, false, ud, 1);
    branchOf.set(r.code, branch);
    await catalog('services_repairs', {
      title: `Филиал ФГБУ ИАЦ Судебного департамента в ${r.city}`, region_id, service_type: ServiceType.REGIONAL,
      address: `${r.title}, ${pick(streets)}, д. 5`, telephone: r.phone, chief_fio: `${pick(surnames)} ${pick(names)} ${pick(patronymics)}`,
    });
    await catalog('services_repairs', {
      title: `Сервисный центр «ТехноСервис» (${r.title})`, region_id, service_type: ServiceType.SERVICE_CENTRE,
      address: `${r.title}, ${pick(streets)}, д. 17`, telephone: r.phone, chief_fio: `${pick(surnames)} ${pick(names)} ${pick(patronymics)}`,
    });
    const courts = courtsByRegion[r.code]!;
    const list = [];
    list.push({ id: await org(courts.regional, `${code}OS0000`, 6, true, null, 2), name: courts.regional, units: [] as number[] });
    let n = 1;
    for (const name of courts.district)
      list.push({ id: await org(name, `${code}RS${String(n++).padStart(4, '0')}`, 7, false, ud, n === 2 ? 2 : 1), name, units: [] as number[] });
    courtsOf.set(r.code, list);
  }
  await ctx.runner.waitFor(last!, 30_000);
  const units = await ctx.pool.any(
    sql.unsafe`SELECT id, organization_id, region_id FROM rm_units ORDER BY id`,
  );
  for (const r of regionsData) {
    const region_id = regionIds.get(r.code)!;
    regionUnits.set(r.code, units.filter((u) => Number(u.region_id) === region_id).map((u) => Number(u.id)));
    for (const c of courtsOf.get(r.code)!) c.units = units.filter((u) => Number(u.organization_id) === c.id).map((u) => Number(u.id));
  }

  // People. Each demo account gets its own salted hash (one shared hash would reveal that they share a password).
  const person = (i: number) => ({ surname: surnames[i % surnames.length]!, name: names[(i * 7) % names.length]!, patronymic: patronymics[(i * 3) % patronymics.length]! });
  let k = 0;
  // An account named as an organisation (the hot line's) sets surname and patronymic to null: the
  // generated person's patronymic would otherwise follow the name ('Техподдержка … Дмитриевич (ГЛ)').
  const user = async (login: string, fields: Record<string, unknown>) =>
    track(
      await saveUser(ctx, hashPassword, null, {
        ...person(k++),
        email: `${login}@courts.example.ru`,
        phone: `+7 (900) ${String(100 + k).padStart(3, '0')}-00-${String(10 + k).slice(-2)}`,
        login,
        password: ctx.config.seedPassword,
        ...fields,
      }, system, context),
    ).id;
  const moscow = regionsData[0].code;
  await user('admin', { surname: 'Смирнов', name: 'Алексей', patronymic: 'Викторович', organization_id: branchOf.get(moscow), post_id: postIds[2], users_roles: [1] });
  await user('engineer', { surname: 'Петров', name: 'Иван', patronymic: 'Сергеевич', organization_id: branchOf.get(moscow), post_id: postIds[0], users_roles: [2], units: regionUnits.get(moscow) });
  await user('court', {
    surname: 'Кузнецова', name: 'Мария', patronymic: 'Александровна', organization_id: courtsOf.get(moscow)![1]!.id, post_id: postIds[5],
    users_roles: [3], units: courtsOf.get(moscow)![1]!.units,
  });
  await user('hotline', { surname: null, name: 'Техподдержка ГАС «Правосудие» (ГЛ)', patronymic: null, hotline_worker: true, users_roles: [4], users_programs: specialPrograms, due_order: 'Исполнитель по контракту технической поддержки' });
  await user('signer', {
    surname: 'Сидоров', name: 'Николай', patronymic: 'Петрович', organization_id: branchOf.get(moscow), post_id: postIds[3], users_roles: [5],
    units: regionUnits.get(moscow), due_order: 'Доверенность № 15 от 10.01.2026',
  });
  await user('chief', { surname: 'Орлова', name: 'Елена', patronymic: 'Игоревна', organization_id: branchOf.get(moscow), post_id: postIds[3], users_roles: [6], units: regionUnits.get(moscow) });
  await user('senior', { surname: 'Головин', name: 'Павел', patronymic: 'Андреевич', organization_id: branchOf.get(moscow), post_id: postIds[8], users_roles: [7] });
  for (const r of regionsData.slice(1)) {
    await user(`engineer_${r.code}`, { organization_id: branchOf.get(r.code), post_id: postIds[0], users_roles: [2], units: regionUnits.get(r.code) });
    const court = courtsOf.get(r.code)![1]!;
    await user(`court_${r.code}`, { organization_id: court.id, post_id: postIds[5], users_roles: [3], units: court.units });
    await user(`signer_${r.code}`, {
      organization_id: branchOf.get(r.code), post_id: postIds[3], users_roles: [5], units: regionUnits.get(r.code), due_order: `Доверенность № ${r.code} от 12.01.2026`,
    });
  }
  // A second hot line executor, for the executor picker and the list of hot line staff.
  await user('hotline2', { surname: null, name: 'Техподдержка ГАС «Правосудие» (ГЛ), вторая линия', patronymic: null, hotline_worker: true, users_roles: [4], users_programs: specialPrograms, due_order: 'Исполнитель по контракту технической поддержки' });
  await user('engineer2', { organization_id: branchOf.get(moscow), post_id: postIds[1], users_roles: [2], units: regionUnits.get(moscow) });
  // An object (unit) signer of the Басманный court (decisions 72–86): works in the court, not the branch, so she is never a
  // branch (IAC) candidate; a Moscow court act can then have three different signers (signer, signer_unit, admin).
  // Added last so the earlier demo accounts keep their ids and names.
  await user('signer_unit', {
    surname: 'Белова', name: 'Ольга', patronymic: 'Николаевна', organization_id: courtsOf.get(moscow)![1]!.id, post_id: postIds[5],
    users_roles: [5], units: courtsOf.get(moscow)![1]!.units, due_order: 'Приказ председателя суда № 7 от 15.01.2026',
  });

  // Equipment: judges' workstations in sets, printers and MFUs in every court building, servers, VKS and switches
  // in regional courts.
  const modelsOf = (kind: number) => models.filter((m) => m.kind === kind);
  const date = (from: number, to: number) => {
    const y = from + Math.floor(rnd() * (to - from + 1));
    return `${y}-${String(1 + Math.floor(rnd() * 12)).padStart(2, '0')}-${String(1 + Math.floor(rnd() * 28)).padStart(2, '0')}`;
  };
  let serial = 100_000;
  // Installed programs, so every court's passports of special and common software list something:
  // workstations carry the case-management and decisions-bank subsystems and the common programs,
  // servers every subsystem, video-conference codecs the VKS subsystem.
  const softwareOf: Record<number, number[]> = {
    2: [specialPrograms[0]!, specialPrograms[1]!, ...commonPrograms],
    7: [...specialPrograms, commonPrograms[0]!],
    18: [specialPrograms[2]!],
  };
  const tool = async (unit_id: number, kind: number, extra: Record<string, unknown> = {}) => {
    const m = pick(modelsOf(kind));
    const work_in_dt = date(2018, 2025);
    const years = rnd() < 0.5 ? 3 : 5;
    const guaranty_dt = `${Number(work_in_dt.slice(0, 4)) + years}${work_in_dt.slice(4)}`;
    const state = rnd() < 0.85 ? ToolState.IN_WORK : rnd() < 0.6 ? ToolState.BROKEN : ToolState.WAITING_RECLAIM;
    return track(
      await registerTool(ctx, {
        unit_id, tool_kind_id: kind, manufacturer_id: m.manufacturer, model_id: m.id, model: m.model,
        serial_number: `SN${serial++}`, inventar_number: `ИН-${String(serial).slice(-5)}`, owner_type_id: OwnerType.BASE,
        cost_remain: Math.round(rnd() * 50_000) / 100, exchange_stock: false, work_in_dt, guaranty_dt, state,
        buh_name: `${toolKindsData.find((t) => t.id === kind)!.title} ${m.model}`, tool_softwares: softwareOf[kind] ?? [], ...extra,
      }, system, context),
    ).id;
  };
  for (const r of regionsData) {
    for (const [index, court] of courtsOf.get(r.code)!.entries()) {
      for (const unit of court.units) {
        for (let j = 0; j < 2; j++) {
          const parts = [await tool(unit, 2), await tool(unit, 3), await tool(unit, 8)];
          track(
            await registerToolsSet(ctx, {
              unit_id: unit, inventar_number: `К-${unit}-${j + 1}`, type_id: setNameIds[0], owner_type_id: OwnerType.BASE,
              buh_name: 'Автоматизированное рабочее место судьи', work_in_dt: date(2019, 2024),
            }, parts, system, context),
          );
        }
        // Every building has a broken printer waiting for repair: the demo's first request.
        await tool(unit, 4, { state: ToolState.BROKEN });
        await tool(unit, 6);
        await tool(unit, rnd() < 0.5 ? 5 : 4);
        if (index === 0) {
          await tool(unit, 7);
          await tool(unit, 46);
          const vks = [await tool(unit, 18), await tool(unit, 3)];
          track(
            await registerToolsSet(ctx, {
              unit_id: unit, inventar_number: `ВКС-${unit}`, type_id: setNameIds[1], owner_type_id: OwnerType.BASE,
              buh_name: 'Комплект видеоконференцсвязи', work_in_dt: date(2019, 2024),
            }, vks, system, context),
          );
        }
      }
    }
  }
  // A ZIP set per region under the branch's service contract.
  for (const r of regionsData) {
    track(
      await registerSparesSet(ctx, {
        region_id: regionIds.get(r.code)!,
        title: `ЗИП филиала в ${r.city}`,
        contract: `Государственный контракт № ${r.code}-ЗИП/2026`,
        items: sparesItemsData.map(([code, title, cost, amount]) => ({ code, title, cost, amount })),
      }, system, context),
    );
  }
  if (last) await ctx.runner.waitFor(last, 60_000);
  // Electronic signing (decisions 72–86): the demo CA as a trusted root and key files of the demo signers.
  await seedDemoSigning(ctx, context);
  // Problem categories and requests to the administrator (decisions 57–66).
  last = latest(last, await seedDemoInnerRequests(ctx, context));
  // Support news and manuals (decisions 57–66): the programs are read from their read model, caught up above.
  last = latest(last, await seedDemoNewsAndManuals(ctx, context));
  // The four orders of the menu 'Документация' (decisions 87–96): sample PDFs in the public docs folder.
  await seedDemoPublicDocs(ctx);
  return last;
};

/** Demo characteristics: [title, values] (decisions 48–56). */
const demoTraitsData: ReadonlyArray<readonly [string, readonly string[]]> = [
  ['Диагональ экрана', ['22"', '24"', '27"']],
  ['Объем оперативной памяти', ['8 ГБ', '16 ГБ', '32 ГБ']],
  ['Тип печати', ['Лазерная', 'Струйная']],
  ['Цветность печати', ['Черно-белая', 'Цветная']],
];

/** Which kinds (reference-data.ts toolKindsData ids) have which demo characteristics. */
const demoKindTraits: Readonly<Record<number, readonly string[]>> = {
  2: ['Объем оперативной памяти'],
  3: ['Диагональ экрана'],
  4: ['Тип печати', 'Цветность печати'],
  6: ['Тип печати', 'Цветность печати'],
};
