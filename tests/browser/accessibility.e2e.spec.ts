import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { technicalDocuments } from '../../domain/report/technical/documents';
import { courtReports } from '../../domain/report/court/reports';
import { paths, publicOrderPath, reportPath, technicalDocPath } from '../../web/src/config/paths';
import { apiAs, appUrl, fileBrowser, signIn } from '../support/browser-harness';

/**
 * axe-core over every screen (web/src/app/routes.ts, its addresses in web/src/config/paths.ts) as the
 * demo admin and court users: no serious or critical violation (WCAG 2.1 AA rules axe runs by default).
 * Courts are public bodies and their staff include people with low vision.
 */

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const browser = fileBrowser();
const BLOCKING = new Set(['serious', 'critical']);

interface Finding {
  readonly route: string;
  readonly rule: string;
  readonly impact: string;
  readonly targets: string[];
}

/** Every address of the route table: the fixed ones, one card, one order, each report and technical document. */
const routesFor = async (login: string): Promise<string[]> => {
  const api = await apiAs(login);
  const { tools } = await api.get<{ tools: Array<{ id: number }> }>(`/tool/${encodeURIComponent('{}')}`);
  const fixed = Object.values(paths).filter((p) => !p.includes(':') && p !== paths.login && p !== paths.publicOrder);
  return [
    ...fixed,
    ...(tools[0] ? [paths.toolAddress.replace(':id', String(tools[0].id))] : []),
    publicOrderPath('Приказ о технической поддержке ГАС «Правосудие»'),
    ...courtReports.map((r) => reportPath(r.id)),
    ...technicalDocuments.map((d) => technicalDocPath(d.id)),
  ];
};

/**
 * Waits until the screen has its data: something in <main> or in an open dialog (a report's address
 * shows only its dialog), no loading bar showing. A list keeps its bar in the layout with
 * visibility: hidden, so the check is the browser's own visibility, not offsetParent.
 */
const settle = async (page: Page) => {
  // Not 'networkidle': the notification bell polls the server.
  await page.waitForFunction(
    () => [document.querySelector('main'), ...document.querySelectorAll('[role="dialog"]')].some((el) => (el?.textContent ?? '').trim() !== ''),
    undefined,
    { timeout: 20_000 },
  );
  await page.waitForFunction(() => ![...document.querySelectorAll('[role="progressbar"]')].some((el) => el.checkVisibility({ checkVisibilityCSS: true })), undefined, {
    timeout: 20_000,
  });
  await page.waitForTimeout(300);
};

/** The serious and critical violations axe finds in the page as it is now. */
const audit = async (page: Page, route: string): Promise<Finding[]> => {
  // Evaluated, not added as a <script>: the app's Content-Security-Policy (script-src 'self') refuses inline scripts.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, o: object) => Promise<{ violations: Array<{ id: string; impact: string | null; nodes: Array<{ target: unknown[]; html: string }> }> }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact ?? '', targets: v.nodes.map((n) => `${n.target.map(String).join(' ')} ${n.html.slice(0, 160)}`) }));
  });
  return violations.filter((v) => BLOCKING.has(v.impact)).map((v) => ({ route, rule: v.id, impact: v.impact, targets: v.targets }));
};

const report = (findings: readonly Finding[]) => findings.map((f) => `${f.impact} ${f.rule} on ${f.route}: ${f.targets.slice(0, 5).join(' | ')}`);

describe('accessibility: axe-core finds no serious or critical violation', () => {
  test('the login form and Home of a guest', async () => {
    const { page } = await browser.open();
    const findings: Finding[] = [];
    for (const route of [paths.login, paths.home]) {
      await page.goto(appUrl(route));
      await settle(page);
      findings.push(...(await audit(page, route)));
    }
    expect(report(findings)).toEqual([]);
  });

  test.concurrent.each(['admin', 'court'])('every screen %s may open', async (login) => {
    const routes = await routesFor(login);
    const findings: Finding[] = [];
    let opened = 0;
    // The routes in a few pages side by side: a screen's wait is mostly for its answers, not the CPU.
    const lanes = 4;
    await Promise.all(
      Array.from({ length: lanes }, async (_, lane) => {
        const { page } = await browser.open();
        await signIn(page, login);
        for (const route of routes.filter((_r, i) => i % lanes === lane)) {
          await page.goto(appUrl(route));
          await settle(page);
          // A screen the user may not open sends them Home, which is audited on its own.
          if (route !== paths.home && new URL(page.url()).pathname === paths.home) continue;
          opened += 1;
          findings.push(...(await audit(page, route)));
        }
      }),
    );
    expect(opened, `${login}: screens opened`).toBeGreaterThan(login === 'admin' ? 40 : 10);
    expect(report(findings)).toEqual([]);
  }, 1_500_000);

  /*
   * The main dialogs opened from the screens, each tab in turn (a route's audit sees only what the
   * address opens). One page: each dialog is reached by its address or one click.
   */
  test.concurrent('the main dialogs of the screens, every tab, as admin', async () => {
    const api = await apiAs('admin');
    const { tools } = await api.get<{ tools: Array<{ id: number }> }>(`/tool/${encodeURIComponent('{}')}`);
    // A request of the court user's unit, registered by the court user (the browser tests' seed has none).
    const court = await apiAs('court');
    const courtUnit = (await court.get<{ user_unit: Array<{ id: number }> }>('/user_unit')).user_unit[0]!.id;
    const request = { region_id: court.user.region_id, unit_id: courtUnit, contact_kind: 1, contact_id: court.user.id, request_kind_id: 11, request_text: 'Проверка доступности диалога заявки' };
    const { savedRequest } = await court.call<{ savedRequest: { id: number } }>('POST', '/request', { request });
    const { page } = await browser.open();
    await signIn(page, 'admin');
    const findings: Finding[] = [];
    const audited: string[] = [];
    /** Audits the dialog as it opened, then each of its tabs. */
    const auditDialog = async (dialog: Locator, label: string) => {
      await dialog.waitFor({ timeout: 30_000 });
      await settle(page);
      const tabs = dialog.getByRole('tab');
      const count = await tabs.count();
      findings.push(...(await audit(page, label)));
      audited.push(label);
      for (let i = 1; i < count; i++) {
        const tab = tabs.nth(i);
        const title = ((await tab.textContent()) ?? '').trim();
        await tab.click();
        await settle(page);
        findings.push(...(await audit(page, `${label} / ${title}`)));
        audited.push(`${label} / ${title}`);
      }
    };
    /** Opens the first row of a list's table (a row with cells, not the empty or loading line). */
    const firstRow = async (rows: Locator) => {
      const row = rows.filter({ has: page.locator('td:nth-child(2)') }).first();
      await row.waitFor({ timeout: 30_000 });
      await row.click();
    };

    await page.goto(appUrl(`${paths.requests}?open=${savedRequest.id}`));
    await auditDialog(page.getByRole('dialog').filter({ has: page.getByRole('tab', { name: 'История' }) }), 'request dialog');

    await page.goto(appUrl(`${paths.tools}?open=${tools[0]!.id}`));
    await auditDialog(page.getByRole('dialog', { name: 'Оборудование' }), 'tool card');

    await page.goto(appUrl(paths.users));
    await page.getByLabel('ФИО или логин').fill('court');
    await firstRow(page.getByRole('table', { name: 'Работники' }).locator('tbody tr').filter({ hasText: 'Кузнецова' }));
    await auditDialog(page.getByRole('dialog', { name: /^Учетная запись работника: / }), 'employee dialog');

    await page.goto(appUrl(reportPath('hardware-1')));
    await auditDialog(page.getByRole('dialog', { name: 'Отчет по оборудованию 1' }), 'report dialog');

    await page.goto(appUrl(paths.posts));
    await firstRow(page.getByRole('table', { name: 'Должности' }).locator('tbody tr'));
    await auditDialog(page.getByRole('dialog', { name: 'Должности: изменение' }), 'catalogue edit dialog');

    // The import dialog opens from the menu (the address alone does not open it); the catalogue dialog is left first.
    await page.goto(appUrl(paths.tools));
    await page.getByRole('navigation', { name: 'Главное меню' }).getByRole('button', { name: 'Оборудование', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Импорт из Excel' }).click();
    await auditDialog(page.getByRole('dialog', { name: 'Импорт оборудования из Excel' }), 'import dialog');

    expect(audited.length, audited.join(', ')).toBeGreaterThan(14);
    expect(report(findings)).toEqual([]);
  }, 600_000);
});
