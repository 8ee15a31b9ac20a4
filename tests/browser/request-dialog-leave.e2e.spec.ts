import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { appUrl, expectNoProblems, fileBrowser, screenshot, signIn, type OpenedPage } from '../support/browser-harness';
import { dialogClosed, findByNumber, requestDialog, searchOf, unsavedQuestion } from '../support/browser-requests';
import { apiSession, choose, takenRepair } from './request-dialog-host/host-page';

/**
 * Unsaved changes in the request dialog are never lost silently (requests.md 2.4): the dialog lives
 * at the list's address, so Back and Forward ask the closing question as 'Закрыть' does, and closing
 * the tab asks the browser's own question. In the real app (built client, real API).
 */

const browser = fileBrowser();

const appSession = async (login: string): Promise<OpenedPage> => {
  const o = await browser.open();
  await signIn(o.page, login);
  return o;
};

const commentBefore = async (id: number) =>
  (await (await apiSession('engineer')).call<{ request: { comment_before: string | null } }>('GET', `/request_single/${id}`)).data.request.comment_before;

const requestCount = async () => (await (await apiSession('court')).call<{ itemsCount: number }>('GET', '/request')).data.itemsCount;

// history.back()/forward() rather than page.goBack(): a held navigation never completes, and
// playwright's goBack would wait for it.
const back = (page: Page) => page.evaluate(() => window.history.back());
const forward = (page: Page) => page.evaluate(() => window.history.forward());

describe('leaving a dialog with unsaved changes', () => {
  test('Back asks: Вернуться stays, Нет leaves without saving; Forward reopens; Да saves and leaves', async () => {
    const request = await takenRepair({ withTool: true });
    const { page, problems } = await appSession('engineer');
    await page.goto(appUrl('/requests'));
    await (await findByNumber(page, request.number)).click();
    const dialog = requestDialog(page);
    await dialog.waitFor();
    expect(searchOf(page)).toBe(`?open=${request.id}`);
    await dialog.getByRole('tab', { name: 'Движение' }).click();
    const comment = dialog.getByLabel('Комментарий до ремонта', { exact: true });
    await comment.fill('Черновик, который не сохранен');

    // Back: the question; the address stays the dialog's.
    await back(page);
    const ask = unsavedQuestion(page);
    await ask.waitFor();
    expect(await ask.getByRole('button').allTextContents()).toEqual(['', 'Да', 'Нет', 'Вернуться']);
    await screenshot(page, 'request-dialog-leave-question');
    await expect.poll(() => searchOf(page)).toBe(`?open=${request.id}`);
    await ask.getByRole('button', { name: 'Вернуться' }).click();
    await ask.waitFor({ state: 'detached' });
    expect(await comment.inputValue()).toBe('Черновик, который не сохранен');
    expect(searchOf(page)).toBe(`?open=${request.id}`);

    // Back again, Нет: the list, nothing saved.
    await back(page);
    await ask.getByRole('button', { name: 'Нет' }).click();
    await dialogClosed(page);
    await expect.poll(() => searchOf(page)).toBe('');
    expect(await commentBefore(request.id)).toBeNull();

    // Forward opens the request again as the server has it.
    await forward(page);
    await dialog.waitFor();
    expect(searchOf(page)).toBe(`?open=${request.id}`);
    await dialog.getByRole('tab', { name: 'Движение' }).click();
    expect(await comment.inputValue()).toBe('');
    await comment.fill('Проверен кабель питания');

    // Back, Да: saved, then the list.
    await back(page);
    await ask.getByRole('button', { name: 'Да' }).click();
    await dialogClosed(page);
    await expect.poll(() => searchOf(page)).toBe('');
    expect(await commentBefore(request.id)).toBe('Проверен кабель питания');
    // The saved dialog does not come back.
    await page.getByRole('table', { name: 'Список заявок' }).waitFor();
    expect(await requestDialog(page).count()).toBe(0);
    expectNoProblems(problems);
  });

  test('a new request: Back with Да and a validation error stays on the error; then Да registers it and leaves', async () => {
    const before = await requestCount();
    const { page, problems } = await appSession('court');
    await page.goto(appUrl('/requests'));
    await page.getByRole('button', { name: 'Создать заявку' }).click();
    await expect.poll(() => searchOf(page)).toBe('?new=1');
    const dialog = requestDialog(page);
    await choose(page, dialog, 'Объект', 'Басманный районный суд г. Москвы, здание 2');
    await choose(page, dialog, 'Контактное лицо', 'Кузнецова Мария Александровна');
    await choose(page, dialog, 'Тип заявки', 'Консультация');
    await dialog.getByLabel('Описание', { exact: true }).fill('Нет');

    await back(page);
    const ask = unsavedQuestion(page);
    await ask.getByRole('button', { name: 'Да' }).click();
    // The save is refused by the form's rules: the question goes, the dialog and its address stay.
    await dialog.getByText('Введите описание').waitFor();
    await ask.waitFor({ state: 'detached' });
    expect(searchOf(page)).toBe('?new=1');
    expect(await requestCount()).toBe(before);

    await dialog.getByLabel('Описание', { exact: true }).fill('Как подключить второй монитор к рабочему месту секретаря?');
    await back(page);
    await ask.getByRole('button', { name: 'Да' }).click();
    await dialogClosed(page);
    // Registered, and the Back went on to the list (the address did not move to the new request).
    await expect.poll(() => searchOf(page)).toBe('');
    await expect.poll(requestCount).toBe(before + 1);
    await page.getByRole('table', { name: 'Список заявок' }).waitFor();
    expect(await requestDialog(page).count()).toBe(0);
    expectNoProblems(problems);
  });

  test('closing the tab with unsaved changes asks the browser’s question; without changes it does not', async () => {
    const request = await takenRepair({ withTool: true });
    const { page, problems } = await appSession('engineer');
    await page.goto(appUrl(`/requests?open=${request.id}&tab=movement`));
    const dialog = requestDialog(page);
    await dialog.waitFor();
    const comment = dialog.getByLabel('Комментарий до ремонта', { exact: true });
    await comment.click();
    await comment.fill('Черновик');

    const asked: string[] = [];
    page.on('dialog', (d) => {
      asked.push(d.type());
      void d.dismiss();
    });
    await page.close({ runBeforeUnload: true });
    await expect.poll(() => asked).toEqual(['beforeunload']);
    // Dismissed: the page and the typed text stay.
    expect(page.isClosed()).toBe(false);
    expect(await comment.inputValue()).toBe('Черновик');

    // Closed with 'Нет', nothing is unsaved: no question, the page closes.
    await dialog.getByRole('button', { name: 'Закрыть', exact: true }).click();
    await unsavedQuestion(page).getByRole('button', { name: 'Нет' }).click();
    await dialogClosed(page);
    await page.close({ runBeforeUnload: true });
    await expect.poll(() => page.isClosed()).toBe(true);
    expect(asked).toEqual(['beforeunload']);
    expectNoProblems(problems);
  });
});
