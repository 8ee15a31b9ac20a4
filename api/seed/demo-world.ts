import { sql } from 'slonik';
import { ProgramType } from '../../domain/catalog/definitions';
import { ToolState } from '../../domain/tool/states';
import type { RequestCaller } from '../../commands/request/caller';
import { actorOf, loadUserByLogin, type CurrentUser } from '../auth/current-user';
import { requestCaller } from '../routes/request-caller';
import type { AppContext } from '../context';
import { regionsData } from './reference-data';

/** A demo account as the living demo acts for it: the same caller the HTTP routes build. */
export interface DemoUser {
  readonly user: CurrentUser;
  readonly caller: RequestCaller;
  readonly actor: ReturnType<typeof actorOf>;
}

export interface DemoTool {
  readonly id: number;
  readonly kind: number;
  readonly state: number;
  readonly setId: number | null;
}

export interface DemoUnit {
  readonly id: number;
  readonly name: string;
  readonly vncode: string;
  readonly regionId: number;
  readonly organizationId: number;
  readonly tools: DemoTool[];
}

/** What the living demo reads from the demo seed: its accounts, the courts' units, their tools and the programs. */
export interface DemoWorld {
  readonly users: Record<string, DemoUser>;
  /** Court units of the demo branch (Moscow); the `court` account's units come first. */
  readonly units: DemoUnit[];
  readonly courtUnitIds: readonly number[];
  /** A few other regions, each with its court account, engineer and that court's units. */
  readonly others: Array<{ regionId: number; court: DemoUser; engineer: DemoUser; units: DemoUnit[] }>;
  readonly specialPrograms: number[];
  readonly commonPrograms: number[];
  readonly models: Map<number, { manufacturer_id: number; model_id: number; model: string }>;
}

const loginsOf = ['admin', 'engineer', 'engineer2', 'court', 'hotline', 'hotline2', 'signer', 'chief', 'senior'];

const demoUser = async (ctx: AppContext, login: string): Promise<DemoUser> => {
  const user = await loadUserByLogin(ctx.pool, login);
  if (!user) throw new Error(`living demo: the demo account ${login} is missing`);
  return { user, caller: requestCaller(user), actor: actorOf(user) };
};

const regionIdOf = async (ctx: AppContext, code: number): Promise<number> =>
  Number(await ctx.pool.oneFirst(sql.unsafe`
    SELECT id FROM rm_catalog_items WHERE catalog = 'regions' AND (data->>'code')::int = ${code} AND NOT deleted ORDER BY id LIMIT 1`));

/** Court units (regional and district courts) of a region with their tools. */
const courtUnits = async (ctx: AppContext, regionId: number): Promise<DemoUnit[]> => {
  const units = await ctx.pool.any(sql.unsafe`
    SELECT u.id, u.name, COALESCE(u.vncode, o.vncode) AS vncode, u.region_id, u.organization_id
    FROM rm_units u JOIN rm_organizations o ON o.id = u.organization_id
    WHERE u.region_id = ${regionId} AND NOT u.deleted AND o.kind_id IN (6, 7) ORDER BY u.id`);
  const ids = units.map((u) => Number(u.id));
  const tools = await ctx.pool.any(sql.unsafe`
    SELECT id, unit_id, tool_kind_id, state, tools_set_id FROM rm_tools
    WHERE unit_id = ANY(${sql.array(ids, 'int4')}) AND NOT deleted ORDER BY id`);
  return units.map((u) => ({
    id: Number(u.id),
    name: String(u.name),
    vncode: String(u.vncode),
    regionId: Number(u.region_id),
    organizationId: Number(u.organization_id),
    tools: tools
      .filter((t) => Number(t.unit_id) === Number(u.id))
      .map((t) => ({ id: Number(t.id), kind: Number(t.tool_kind_id), state: Number(t.state), setId: t.tools_set_id == null ? null : Number(t.tools_set_id) })),
  }));
};

export const loadDemoWorld = async (ctx: AppContext): Promise<DemoWorld> => {
  const users: Record<string, DemoUser> = {};
  for (const login of loginsOf) users[login] = await demoUser(ctx, login);
  const moscow = await regionIdOf(ctx, regionsData[0].code);
  const courtUnitIds = users.court!.user.unitIds;
  const all = await courtUnits(ctx, moscow);
  // The court account's own units first: most of a branch's requests come from its busiest court.
  const units = [...all.filter((u) => courtUnitIds.includes(u.id)), ...all.filter((u) => !courtUnitIds.includes(u.id))];
  const others = [];
  for (const r of regionsData.slice(1, 3)) {
    const court = await demoUser(ctx, `court_${r.code}`);
    const engineer = await demoUser(ctx, `engineer_${r.code}`);
    const regionUnits = await courtUnits(ctx, await regionIdOf(ctx, r.code));
    others.push({ regionId: regionUnits[0]!.regionId, court, engineer, units: regionUnits.filter((u) => court.user.unitIds.includes(u.id)) });
  }
  const programs = await ctx.pool.any(sql.unsafe`
    SELECT id, (data->>'type')::int AS type FROM rm_catalog_items WHERE catalog = 'programs' AND NOT deleted ORDER BY id`);
  const modelRows = await ctx.pool.any(sql.unsafe`
    SELECT id, (data->>'tool_kind_id')::int AS kind, (data->>'manufacturer_id')::int AS manufacturer_id, data->>'model' AS model
    FROM rm_catalog_items WHERE catalog = 'tool_model' AND NOT deleted ORDER BY id`);
  const models = new Map<number, { manufacturer_id: number; model_id: number; model: string }>();
  for (const m of modelRows)
    if (!models.has(Number(m.kind))) models.set(Number(m.kind), { manufacturer_id: Number(m.manufacturer_id), model_id: Number(m.id), model: String(m.model) });
  return {
    users,
    units,
    courtUnitIds,
    others,
    specialPrograms: programs.filter((p) => Number(p.type) === ProgramType.SPECIAL).map((p) => Number(p.id)),
    commonPrograms: programs.filter((p) => Number(p.type) === ProgramType.COMMON).map((p) => Number(p.id)),
    models,
  };
};

/** Working tools of a unit of the given kinds (a repair or a software request names one of them). */
export const workingTools = (unit: DemoUnit, kinds: readonly number[]): DemoTool[] =>
  unit.tools.filter((t) => t.state === ToolState.IN_WORK && kinds.includes(t.kind));
