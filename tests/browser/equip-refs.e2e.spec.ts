import { describe, expect, test } from 'vitest';
import { apiAs, appUrl, expectNoProblems, fileBrowser, screenshot, signIn, withNotice } from '../support/browser-harness';

/** Polls for up to 15 s: the machine is shared, and a list after a change waits for the read model. */
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000, interval: 100 });

const { open } = fileBrowser();


/** A real 1×1 PNG (the carousel shows it; the server checks the signature). */
const PIXEL = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

describe('equipment references (decisions 48–56)', () => {
  test('a model with a picture: saved from the dialog, counted in the list, shown in the carousel', async () => {
    const { page, problems } = await open();
    await signIn(page, 'admin');
    await page.goto(appUrl('/tools-models'));
    await page.getByRole('table', { name: 'Модели оборудования' }).waitFor();
    await page.getByRole('button', { name: 'Добавить' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Вид оборудования').click();
    await page.getByRole('option', { name: 'Принтер' }).click();
    await dialog.getByLabel('Производитель').click();
    await page.getByRole('option', { name: 'HP' }).click();
    const name = `Модель с фото ${Date.now()}`;
    await dialog.getByLabel('Наименование').fill(name);
    await dialog.getByRole('tab', { name: 'Изображения' }).click();
    await dialog.locator('input[name="pictures"]').setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: PIXEL });
    await withNotice(page, 'Сохранено', () => dialog.getByRole('button', { name: 'Сохранить' }).click());
    await page.getByLabel('Наименование').fill(name);
    const row = page.getByRole('row').filter({ hasText: name });
    await poll(() => row.getByTestId('model-files-count').textContent()).toBe('0 / 1');
    // The printer kind has two characteristics and none is filled: the warning shows.
    expect(await row.getByTestId('model-traits-fill').textContent()).toBe('2 / 0');
    await row.click();
    await page.getByRole('dialog').getByRole('tab', { name: 'Изображения' }).click();
    const picture = page.getByTestId('model-carousel').getByRole('img', { name: 'front.png' });
    await poll(() => picture.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(1);
    await screenshot(page, 'tool-model-carousel');
    expectNoProblems(problems);
  });

  test('a spares set used by a request shows its remainder on /spares', async () => {
    const admin = await apiAs('admin');
    const court = await apiAs('court');
    const engineer = await apiAs('engineer');
    const me = await court.call<{ region_id: number }>('GET', '/auth/me');
    const { tools } = await court.call<{ tools: Array<{ id: number; unit_id: number }> }>('GET', `/tool/${encodeURIComponent(JSON.stringify({ pageNumber: 1 }))}`);
    const tool = tools[0]!;
    const title = `ЗИП браузера ${Date.now()}`;
    const created = await admin.call<{ id: number; sparesSet: { spares_sets_items: Array<{ id: number }> } }>('POST', '/spares_sets', {
      sparesSet: { region_id: me.region_id, title, contract: 'К-1', spares_sets_items: [{ code: 7, title: 'Тонер-картридж', cost: 2500, amount: 5 }] },
    });
    const saved = await court.call<{ savedRequest: { id: number } }>('POST', '/request', {
      request: { region_id: me.region_id, unit_id: tool.unit_id, request_kind_id: 2, contact_kind: 1, contact_id: court.user.id, request_text: 'Принтер печатает бледно, нужен новый картридж', tool_id: tool.id },
    }, true);
    await engineer.call('POST', `/request/${saved.savedRequest.id}/take`, {});
    await engineer.call('PUT', '/request', {
      request: { id: saved.savedRequest.id, view_res_before: 1, repair_type_id: 5 },
      spares: [{ spares_set_id: created.id, item_id: created.sparesSet.spares_sets_items[0]!.id, amount: 2 }],
    }, true);

    const { page, problems } = await open();
    await signIn(page, 'engineer');
    await page.goto(appUrl('/spares'));
    await page.getByRole('table', { name: 'Комплекты ЗИП' }).waitFor();
    await page.getByLabel('Наименование').fill(title);
    const row = page.getByRole('row').filter({ hasText: title });
    await poll(() => row.getByTestId('spares-remainder').textContent()).toBe('3');
    expect(await row.locator('td').allTextContents()).toEqual(expect.arrayContaining([title, 'Тонер-картридж', '2500.00', '5', '3']));
    // The engineer reads the stock (RIGHT_ZIP READ): no add button.
    expect(await page.getByRole('button', { name: 'Добавить' }).count()).toBe(0);
    expectNoProblems(problems);
  });

  test('a characteristic with two values on /tools-kinds-traits', async () => {
    const { page, problems } = await open();
    await signIn(page, 'admin');
    await page.goto(appUrl('/tools-kinds-traits'));
    await page.getByRole('table', { name: 'Характеристики оборудования' }).waitFor();
    await page.getByRole('button', { name: 'Добавить' }).click();
    const dialog = page.getByRole('dialog');
    const title = `Интерфейс ${Date.now()}`;
    await dialog.getByLabel('Наименование').fill(title);
    await dialog.getByRole('button', { name: 'Добавить значение' }).click();
    await dialog.getByRole('button', { name: 'Добавить значение' }).click();
    await dialog.getByLabel('Значение 1').fill('USB');
    await dialog.getByLabel('Значение 2').fill('Ethernet');
    await withNotice(page, 'Параметр сохранен', () => dialog.getByRole('button', { name: 'Сохранить' }).click());
    const row = page.getByRole('row').filter({ hasText: title });
    await poll(() => row.locator('td').allTextContents()).toEqual([title, '2', '']);
    await row.click();
    await poll(() => page.getByRole('dialog').getByLabel('Значение 2').inputValue()).toBe('Ethernet');
    expectNoProblems(problems);
  });
});
