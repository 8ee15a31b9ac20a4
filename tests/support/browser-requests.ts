import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** The request dialog of the real request list (the one with the request title bar). */
export const requestDialog = (page: Page): Locator => page.getByRole('dialog').filter({ has: page.getByTestId('request-dialog-title') });

/** 'Заявка № … от … · kind · status' or 'Ожидание регистрации'. */
export const requestTitle = (page: Page): Locator => page.getByTestId('request-dialog-title');

/**
 * Waits until the request dialog is really gone. Not `requestDialog(page).waitFor({ state: 'detached' })`:
 * while a question is open over it, the dialog is aria-hidden, so its role locator finds nothing already.
 */
export const dialogClosed = (page: Page): Promise<void> => requestTitle(page).waitFor({ state: 'detached' });

/** The unsaved-changes question 'Заявка была изменена. Сохранить изменения?' (Да / Нет / Вернуться). */
export const unsavedQuestion = (page: Page): Locator =>
  page.getByRole('dialog', { name: 'Подтверждение' }).filter({ hasText: 'Заявка была изменена. Сохранить изменения?' });

/** The request list narrowed to one request number through the filter dialog; its single row. */
export const findByNumber = async (page: Page, number: number): Promise<Locator> => {
  await page.getByRole('button', { name: 'Фильтр', exact: true }).click();
  const filter = page.getByRole('dialog', { name: 'Фильтр заявок' });
  await filter.getByLabel('Номер заявки', { exact: true }).fill(String(number));
  await expect.poll(() => filter.getByText(/^Найдено: \d+$/).textContent(), { timeout: 15_000 }).toBe('Найдено: 1');
  await filter.getByRole('button', { name: 'Закрыть', exact: true }).last().click();
  const rows = page.getByRole('table', { name: 'Список заявок' }).locator('tbody tr');
  await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(1);
  return rows.first();
};

/** The address's search part, e.g. '?open=12'. */
export const searchOf = (page: Page): string => new URL(page.url()).search;
