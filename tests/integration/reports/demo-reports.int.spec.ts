import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../../api/seed/demo-data';
import { seedLivingDemo } from '../../../api/seed/demo-living';
import { courtReports } from '../../../domain/report/registry';
import { defaultPeriod, resolveParameters } from '../../../domain/report/court/parameters';
import { SupplyKind } from '../../../domain/report/court/constants';
import { courtReportQueries, type ReportRow } from '../../../projections/report/queries';
import { startTestApp, type TestApp } from '../../support/app';

/**
 * The demo (npm start: the demo seed and the living demo) gives every court report rows over the
 * current year for the demo chief's region (the admin sees all regions), so each report shows
 * something when tried as a new user would.
 */
let app: TestApp;
let region: number;

/**
 * The living demo reaches ~40 days back while the reports default to the current year, so in the
 * year's first weeks most of it lies in the year before. The test then seeds it as of the last day
 * of that year and asks for that year, instead of failing every January.
 */
const EARLY_DAYS = 50;
const demoDay = (now: Date = new Date()) => {
  const dayOfYear = (now.getTime() - Date.UTC(now.getUTCFullYear(), 0, 1)) / 86_400_000;
  return dayOfYear >= EARLY_DAYS ? now : new Date(Date.UTC(now.getUTCFullYear() - 1, 11, 31, 12));
};
const day = demoDay();
const period = () => defaultPeriod(day);

beforeAll(async () => {
  app = await startTestApp({ seeded: false });
  await seedDemoData(app.server.ctx);
  await seedLivingDemo(app.server.ctx, day);
  await app.settled();
  region = Number(await app.server.ctx.pool.oneFirst(sql.unsafe`SELECT o.region_id FROM rm_users u JOIN rm_organizations o ON o.id = u.organization_id WHERE u.login = 'chief'`));
}, 300_000);
afterAll(async () => {
  await app?.close();
});

type CourtReport = (typeof courtReports)[number];

/** The data rows (not group or subtotal lines) the report's query gives for the current year. */
const dataRows = async (report: CourtReport, regionId: number | null, supplyKind: (typeof SupplyKind)[keyof typeof SupplyKind] | null) => {
  const p = resolveParameters(dialogOf(report), { region_id: regionId, all_regions: regionId === null, balance_holder_id: null, supply_kind: supplyKind, ...period() }, day);
  const data = await courtReportQueries[report.query](app.server.ctx.pool, p);
  let n = 0;
  for await (const batch of data.rows) n += batch.filter((r: ReportRow) => !r.style).length;
  return n;
};

const dialogOf = (report: CourtReport) => {
  if (!report.dialog) throw new Error(`${report.id} has no dialog`);
  return report.dialog;
};

describe('the demo feeds every court report (decisions 87–96)', () => {
  it.each(courtReports.map((r) => [r.id, r] as const))('%s has rows over the current year for the chief\'s region and for all regions', async (id, report) => {
    const dialog = dialogOf(report);
    // Enclosure 3 asks for the supply kind: both kinds have rows.
    for (const supply of dialog.supplyKind ? [SupplyKind.CENTRAL, SupplyKind.FILIAL] : [null]) {
      const mine = dialog.region === 'all' ? null : region;
      expect(await dataRows(report, mine, supply), `${id}, the chief's region, supply ${supply}`).toBeGreaterThan(0);
      if (dialog.region !== 'required') expect(await dataRows(report, null, supply), `${id}, all regions, supply ${supply}`).toBeGreaterThan(0);
    }
  });
});

describe('enclosure 3 counts every commissioned tool (decisions 87–96)', () => {
  it('gives one row per tool of the request and of its commissioning list, counted independently in JS', async () => {
    const { date_beg, date_end } = period();
    const requests = (await app.server.ctx.pool.any(sql.unsafe`
      SELECT tool_id, tools_commissioning FROM rm_requests
      WHERE NOT deleted AND request_kind_id = 3 AND co_13_number IS NOT NULL AND co_13_d BETWEEN ${date_beg}::date AND ${date_end}::date`)) as unknown as Array<{ tool_id: number | null; tools_commissioning: Array<{ tool_id: number }> }>;
    const owners = new Map(((await app.server.ctx.pool.any(sql.unsafe`SELECT id, owner_type_id FROM rm_tools`)) as unknown as Array<{ id: number; owner_type_id: number | null }>).map((t) => [Number(t.id), t.owner_type_id]));
    let central = 0;
    let branch = 0;
    for (const r of requests) {
      const tools = new Set([...(r.tool_id ? [Number(r.tool_id)] : []), ...r.tools_commissioning.map((t) => Number(t.tool_id))]);
      if (tools.size === 0) branch += 1;
      for (const id of tools) if (owners.get(id) === 1) central += 1; else branch += 1;
    }
    expect(requests.some((r) => r.tools_commissioning.length > 0), 'the demo commissions tools through the list').toBe(true);
    const report = courtReports.find((r) => r.id === 'enclosure-3')!;
    expect(await dataRows(report, null, SupplyKind.CENTRAL)).toBe(central);
    expect(await dataRows(report, null, SupplyKind.FILIAL)).toBe(branch);
  });
});
