import { describe, expect, test } from 'vitest';
import { courtReports } from '../../domain/report/registry';
import { technicalDocuments } from '../../domain/report/technical/documents';
import { apiAs, appUrl, DEMO_PASSWORD, expectNoProblems, fileBrowser, screenshot, signIn } from '../support/browser-harness';

/** Polls for up to 30 s: the machine is shared and the report runs as a job. */
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 30_000, interval: 100 });

const browser = fileBrowser();

/** A report dialog from the menu Отчеты (decisions 87–96): check, generate, progress, preview, download. */
describe('report dialogs', () => {
  test('hardware report 1: region required, then generate → preview with totals and chart → download', async () => {
    const { page, problems } = await browser.open();
    await signIn(page, 'admin');
    await page.getByRole('navigation', { name: 'Главное меню' }).getByRole('button', { name: 'Отчеты', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Отчет по оборудованию 1' }).click();
    await page.waitForURL(appUrl('/reports/hardware-1'));
    const dialog = page.getByRole('dialog', { name: 'Отчет по оборудованию 1' });
    await dialog.waitFor();
    // No all-regions box for this report; the region is the user's own (the administrator works in the Moscow branch).
    expect(await dialog.getByLabel('Все регионы').count()).toBe(0);
    await poll(() => dialog.getByRole('combobox', { name: 'Регион' }).textContent()).toBe('г. Москва');
    await dialog.getByRole('combobox', { name: 'Регион' }).click();
    await page.getByRole('option').first().click();
    await dialog.getByRole('button', { name: 'Сформировать' }).click();
    // The run shows its bar (phase, rows done of total) unless it finished before the first poll.
    const preview = dialog.getByTestId('report-preview');
    await poll(async () => (await dialog.getByTestId('report-progress').count()) + (await preview.count())).toBeGreaterThan(0);
    await preview.waitFor({ timeout: 30_000 });
    await poll(() => dialog.getByTestId('report-totals').textContent()).toMatch(/^Всего/);
    expect(await dialog.getByTestId('report-bar').count()).toBe(6);
    await screenshot(page, 'report-hardware-1');

    const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Скачать' }).click()]);
    expect(download.suggestedFilename()).toBe('Отчет по оборудованию 1.xlsx');
    await dialog.getByRole('button', { name: 'Отмена' }).click();
    await page.waitForURL(appUrl('/'));
    expectNoProblems(problems);
  });

  test('every report dialog presets the region of a branch user; every document dialog the object of an object user; dates DD.MM.YYYY', async () => {
    const { page, problems } = await browser.open();
    await signIn(page, 'chief');
    for (const report of courtReports) {
      await page.goto(appUrl(`/reports/${report.id}`));
      const dialog = page.getByRole('dialog', { name: report.title });
      await dialog.waitFor();
      if (report.dialog!.region === 'all') expect(await dialog.getByRole('combobox', { name: 'Регион' }).count(), report.id).toBe(0);
      else await poll(() => dialog.getByRole('combobox', { name: 'Регион' }).textContent()).toBe('г. Москва');
      if (report.dialog!.dates) {
        // The product's date field: the period's first day as DD.MM.YYYY, not the browser's MM/DD/YYYY.
        expect(await dialog.getByLabel('Дата начала').inputValue(), report.id).toMatch(/^01\.01\.\d{4}$/);
      }
    }
    // The object user in a page of their own (a second context: its own session).
    const court = await browser.open();
    await signIn(court.page, 'court');
    for (const doc of technicalDocuments) {
      await court.page.goto(appUrl(`/technical-docs/${doc.id}`));
      const dialog = court.page.getByRole('dialog', { name: doc.title });
      await dialog.waitFor();
      await poll(() => dialog.getByRole('combobox', { name: 'Объект', exact: true }).textContent()).toMatch(/Басманный районный суд/);
    }
    expectNoProblems(problems);
    expectNoProblems(court.problems);
  });

  test("every report dialog presets an object user's region: a court's employee of another region with the report rights", async () => {
    // The demo's object users hold no report right: one is made in the Novosibirsk court with the branch head's role (6).
    const [admin, court] = await Promise.all([apiAs('admin'), apiAs('court_54')]);
    const units = (await court.call<{ user_unit: Array<{ id: number }> }>('GET', '/user_unit')).user_unit.map((u) => u.id);
    const login = `court_reports_${Date.now()}`;
    await admin.call('POST', '/users', {
      user: { surname: 'Судейская', name: 'Отчётница', email: `${login}@courts.example.ru`, organization_id: court.user.organization_id, login, password: DEMO_PASSWORD, users_roles: [6], units },
    });
    const { page, problems } = await browser.open();
    await signIn(page, login);
    for (const report of courtReports) {
      await page.goto(appUrl(`/reports/${report.id}`));
      const dialog = page.getByRole('dialog', { name: report.title });
      await dialog.waitFor();
      if (report.dialog!.region === 'all') expect(await dialog.getByRole('combobox', { name: 'Регион' }).count(), report.id).toBe(0);
      else await poll(() => dialog.getByRole('combobox', { name: 'Регион' }).textContent()).toBe('Новосибирская область');
    }
    expectNoProblems(problems);
  });
});

describe('equipment check (Администрирование → Проверка оборудования)', () => {
  test("the region is preset to the user's own, so Проверить works at once", async () => {
    const { page, problems } = await browser.open();
    await signIn(page, 'admin');
    await page.goto(appUrl('/tools-check'));
    const region = page.getByRole('combobox', { name: 'Регион', exact: true });
    await poll(() => region.textContent()).toBe('г. Москва');
    await page.getByRole('button', { name: 'Проверить', exact: true }).last().click();
    await poll(() => page.getByTestId('tools-check-result').textContent()).toMatch(/^Всего оборудования: [1-9]\d*; /);
    expectNoProblems(problems);
  });
});
