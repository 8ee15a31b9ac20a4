import { describe, expect, test } from 'vitest';
import { appUrl, expectNoProblems, fileBrowser, signIn } from '../support/browser-harness';

const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 30_000, interval: 100 });
const browser = fileBrowser();

/** A technical document from the menu Документация (issue 15): dialog, check, generate, download. */
describe('technical document dialogs', () => {
  test('formulary: object required, then object, signers, year → the Word file downloads', async () => {
    const { page, problems } = await browser.open();
    await signIn(page, 'court');
    await page.getByRole('navigation', { name: 'Главное меню' }).getByRole('button', { name: 'Документация', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Формуляр', exact: true }).click();
    await page.waitForURL(appUrl('/technical-docs/formular'));
    const dialog = page.getByRole('dialog', { name: 'Формуляр' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Сформировать' }).click();
    await poll(() => dialog.getByText('Нужно выбрать объект').count()).toBeGreaterThan(0);

    await dialog.getByRole('combobox', { name: 'Объект', exact: true }).click();
    await page.getByRole('option').first().click();
    for (const label of ['Подписант от филиала', 'Подписант от объекта']) {
      const box = dialog.getByRole('combobox', { name: label, exact: true });
      // A single candidate is preselected; otherwise pick the first.
      await poll(async () => (await box.getAttribute('aria-disabled')) !== 'true').toBe(true);
      if (((await box.textContent()) ?? '').trim().replace(/\u200b/g, '') === '') {
        await box.click();
        await page.getByRole('option').first().click();
      }
    }
    const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Сформировать' }).click()]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`_Формуляр_${new Date().getFullYear()}\\.docx$`));
    await page.waitForURL(appUrl('/'));
    expectNoProblems(problems);
  });
});
