import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { appUrl, expectNoProblems, fileBrowser, screenshot, signIn } from '../support/browser-harness';
import { apiSession } from './request-dialog-host/host-page';

/**
 * decisions 33–40, the client side: the defects a court IT user hits first, each walked in the built
 * client as `npm start` serves it (the list, the request dialog in its normal 700 px size).
 */

const browser = fileBrowser();
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000, interval: 100 });

const LONG_TEXT = [
  'Не печатает принтер в зале судебных заседаний № 3, при отправке документа на печать появляется ошибка очереди.',
  'Перезагрузка компьютера и принтера не помогла, драйвер переустановлен, кабель проверен.',
  'Просим направить инженера до начала заседания в понедельник, контакт секретаря указан в заявке.',
  'Дополнительно: принтер в зале № 2 печатает с полосами, картридж заменен на прошлой неделе.',
].join(' ');

const register = async (login: string, request: Record<string, unknown>) => {
  const api = await apiSession(login);
  const created = await api.call<{ savedRequest: { id: number; number: number } }>('POST', '/request', {
    request: { region_id: 1, unit_id: 5, contact_kind: 1, ...request },
  });
  expect(created.status).toBe(200);
  return created.data.savedRequest;
};

const listTable = (page: Page) => page.locator('table[aria-label="Список заявок"]');
const rowOf = (page: Page, id: number) => listTable(page).locator(`tr[data-request-id="${id}"]`);
const requestDialog = (page: Page) => page.getByRole('dialog').filter({ has: page.getByTestId('request-dialog-title') });

/** The list of `login`, from the menu (as a user gets there). */
const openList = async (page: Page, login: string) => {
  await signIn(page, login);
  await page.getByRole('button', { name: 'Техподдержка' }).click();
  await page.getByRole('menuitem', { name: 'Список заявок' }).click();
  await page.waitForURL(appUrl('/requests'));
  await listTable(page).waitFor();
};

/** The request dialog of `id` opened by its address, signed in as `login`. */
const openRequest = async (page: Page, login: string, id: number, tab = 'request'): Promise<Locator> => {
  await signIn(page, login);
  await page.goto(appUrl(`/requests?open=${id}&tab=${tab}`));
  const dialog = requestDialog(page);
  await dialog.waitFor();
  return dialog;
};

/** Drags the mouse over `target` from one point to another (fractions of its box): a text selection. */
const drag = async (page: Page, target: Locator, from: [number, number], to: [number, number]) => {
  const box = (await target.boundingBox())!;
  await page.mouse.move(box.x + box.width * from[0], box.y + box.height * from[1]);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * to[0], box.y + box.height * to[1], { steps: 10 });
  await page.mouse.up();
};

const selectionLength = (page: Page) => page.evaluate(() => window.getSelection()?.toString().length ?? 0);
const noDialogOpened = async (page: Page) => {
  await page.waitForTimeout(400);
  expect(new URL(page.url()).search).toBe('');
  expect(await requestDialog(page).count()).toBe(0);
};

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe('request desk defects (decisions 33–40, client)', () => {
  test('a text selection in any cell of a row, the clamped description too, does not open the dialog (requests.md 2.1)', async () => {
    const { id } = await register('chief', { request_kind_id: 11, contact_id: (await apiSession('court')).user.id, request_text: LONG_TEXT });
    const { page, problems } = await browser.open();
    await openList(page, 'chief');
    const row = rowOf(page, id);
    await row.waitFor();
    const description = row.locator('td').nth(9);

    // Down across the clamped lines of 'Содержание'.
    await drag(page, description, [0.1, 0.15], [0.7, 0.85]);
    expect(await selectionLength(page)).toBeGreaterThan(0);
    await noDialogOpened(page);

    // A word picked by a double click is a selection too.
    await page.mouse.click(1, 1);
    await description.dblclick({ position: { x: 30, y: 8 } });
    expect(await selectionLength(page)).toBeGreaterThan(0);
    await noDialogOpened(page);

    // Another cell: the organisation.
    await page.mouse.click(1, 1);
    const line = await row.locator('td').nth(6).evaluate((cell) => {
      const range = document.createRange();
      range.selectNodeContents(cell);
      return range.getClientRects()[0]!.toJSON() as Box;
    });
    await page.mouse.move(line.x + 2, line.y + line.height / 2);
    await page.mouse.down();
    await page.mouse.move(line.x + line.width - 2, line.y + line.height / 2, { steps: 10 });
    await page.mouse.up();
    expect(await selectionLength(page)).toBeGreaterThan(0);
    await noDialogOpened(page);

    // With the selection gone, a click opens the request.
    await page.mouse.click(1, 1);
    await row.locator('td').nth(7).click();
    await page.waitForURL(appUrl(`/requests?open=${id}`));
    await requestDialog(page).waitFor();
    expectNoProblems(problems);
  });

  test('the History tab fits the normal-size dialog: the "Новое значение" column is not cut off', async () => {
    const { id } = await register('chief', { request_kind_id: 11, contact_id: (await apiSession('court')).user.id, request_text: 'Короткое описание' });
    const { page, problems } = await browser.open();
    const dialog = await openRequest(page, 'chief', id);
    const long = `${LONG_TEXT} Путь к журналу: \\\\srv-sudrf-01\\logs\\print-spooler\\2026-11-24\\queue-error-0x0000011b-details.txt`;
    await dialog.getByLabel('Описание', { exact: true }).fill(long);
    await dialog.getByRole('button', { name: 'Сохранить' }).click();
    await poll(() => dialog.getByRole('button', { name: 'Сохранить' }).isDisabled().catch(() => true)).toBe(false);
    await dialog.getByRole('tab', { name: 'История' }).click();
    const history = dialog.getByRole('table', { name: 'История' });
    await history.getByRole('cell', { name: /srv-sudrf-01/ }).first().waitFor();
    const content = (await dialog.locator('.MuiDialogContent-root').boundingBox())!;
    // The dialog role is on MUI's paper.
    const paper = (await dialog.boundingBox())!;
    expect(paper.width).toBeLessThanOrEqual(701);
    // Fits: the table and its last column end inside the dialog's content, so nothing is cut at the edge.
    const header = (await history.getByRole('columnheader', { name: 'Новое значение' }).boundingBox())!;
    const table = (await history.boundingBox())!;
    expect(table.x + table.width).toBeLessThanOrEqual(content.x + content.width + 0.5);
    expect(header.x + header.width).toBeLessThanOrEqual(content.x + content.width + 0.5);
    const widest = await history.locator('td').evaluateAll((cells) => Math.max(...cells.map((c) => c.getBoundingClientRect().right)));
    expect(widest).toBeLessThanOrEqual(content.x + content.width + 0.5);
    await screenshot(page, 'request-desk-history-fits');
    expectNoProblems(problems);
  });

  test('the success notice does not cover the dialog’s buttons', async () => {
    const { id } = await register('chief', { request_kind_id: 11, contact_id: (await apiSession('court')).user.id, request_text: 'Проверка уведомления' });
    const { page, problems } = await browser.open();
    const dialog = await openRequest(page, 'chief', id);
    await dialog.getByLabel('Описание', { exact: true }).fill('Проверка уведомления, исправлено');
    // A green notice lives 1 s, and a loaded machine may not paint a frame in that second: an observer
    // set up before the save records the notice's layout box (the Snackbar's, which its grow animation
    // does not transform) and the dialog's at the moment the notice enters the page.
    await page.evaluate(() => {
      const seen: unknown[] = [];
      (window as unknown as { noticeBoxes: unknown[] }).noticeBoxes = seen;
      const rect = (el: Element) => el.getBoundingClientRect().toJSON() as unknown;
      const observer = new MutationObserver(() => {
        const notice = document.querySelector('[data-testid="global-notice"]');
        const title = document.querySelector('[data-testid="request-dialog-title"]');
        if (!notice || !title) return;
        const buttons = [...document.querySelectorAll('[role="dialog"] .MuiDialogActions-root button')].map(rect);
        seen.push({ text: notice.textContent, notice: rect(notice.closest('.MuiSnackbar-root') ?? notice), title: rect(title), buttons });
        observer.disconnect();
      });
      observer.observe(document.body, { childList: true, subtree: true });
    });
    await dialog.getByRole('button', { name: 'Сохранить' }).click();
    const measured = await page.waitForFunction(() => (window as unknown as { noticeBoxes: unknown[] }).noticeBoxes[0], undefined, { polling: 100 });
    const boxes = (await measured.jsonValue()) as { text: string; notice: Box; title: Box; buttons: Box[] };
    expect(boxes.text).toBe('Заявка сохранена');
    expect(boxes.buttons.length).toBeGreaterThan(0);
    for (const box of boxes.buttons) expect(overlaps(boxes.notice, box)).toBe(false);
    expect(overlaps(boxes.notice, boxes.title)).toBe(false);
    await screenshot(page, 'request-desk-notice');
    expectNoProblems(problems);
  });

  test('the applicant sees why it cannot recall its request and asks for the recall in the chat', async () => {
    const court = await apiSession('court');
    const { id } = await register('court', { request_kind_id: 8, contact_id: court.user.id, request_text: 'Заявка для проверки отзыва заявителем' });
    const { page, problems } = await browser.open();
    const dialog = await openRequest(page, 'court', id);
    const recall = dialog.getByRole('button', { name: 'Отозвать заявку' });
    await recall.waitFor();
    expect(await recall.isDisabled()).toBe(true);
    // The reason is a tooltip on the disabled button (its wrapper takes the pointer).
    await recall.hover({ force: true });
    const tooltip = page.getByRole('tooltip');
    await tooltip.waitFor();
    expect(await tooltip.textContent()).toMatch(/чат/);
    await screenshot(page, 'request-desk-recall-disabled');

    await dialog.getByRole('tab', { name: 'Чат по заявке' }).click();
    const text = 'Прошу отозвать заявку: создана по ошибке';
    await dialog.getByRole('textbox', { name: 'Сообщение' }).fill(text);
    // A new request has no executor: the branch's engineers and dispatchers of the region are offered.
    const notify = dialog.getByRole('group', { name: 'Уведомить пользователей' });
    await notify.getByRole('checkbox', { name: 'Петров Иван Сергеевич (инженер филиала)' }).check();
    await notify.getByRole('checkbox', { name: 'Орлова Елена Игоревна (диспетчер филиала)' }).waitFor();
    await dialog.getByRole('button', { name: 'Отправить' }).click();
    await dialog.getByText(text).waitFor();
    const comments = await court.call<{ comments: Array<{ comment: string; notify_user_ids: number[] }> }>('GET', `/request_comments/${id}`);
    expect(comments.status).toBe(200);
    const engineer = await apiSession('engineer');
    expect(comments.data.comments.find((c) => c.comment === text)?.notify_user_ids).toEqual([engineer.user.id]);
    expectNoProblems(problems);
  });
});
