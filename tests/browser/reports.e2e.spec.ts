import { describe, expect, test } from 'vitest';
import { appUrl, expectNoProblems, fileBrowser, screenshot, signIn } from '../support/browser-harness';

/** Polls for up to 30 s: the machine is shared and the report runs as a job. */
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 30_000, interval: 100 });

const browser = fileBrowser();

/** A report dialog from the menu Отчеты (issue 15): check, generate, progress, preview, download. */
describe('report dialogs', () => {
  test('hardware report 1: region required, then generate → preview with totals and chart → download', async () => {
    const { page, problems } = await browser.open();
    await signIn(page, 'admin');
    await page.getByRole('navigation', { name: 'Главное меню' }).getByRole('button', { name: 'Отчеты', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Отчет по оборудованию 1' }).click();
    await page.waitForURL(appUrl('/reports/hardware-1'));
    const dialog = page.getByRole('dialog', { name: 'Отчет по оборудованию 1' });
    await dialog.waitFor();
    // No all-regions box for this report; without a region the schema refuses before any call.
    expect(await dialog.getByLabel('Все регионы').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Сформировать' }).click();
    await poll(() => dialog.getByText('Нужно выбрать').count()).toBeGreaterThan(0);

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
});
