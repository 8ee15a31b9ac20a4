import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { appUrl, expectNoProblems, fileBrowser, signIn } from '../support/browser-harness';
import { requestDialog } from '../support/browser-requests';
import { apiSession, firstToolId } from './request-dialog-host/host-page';

/**
 * decisions 97–99 through the real app: a request changed a few times is shown at past moments, each equal
 * to what its dialog showed at that time (read during the test); the audit page filters by user.
 */
const browser = fileBrowser();

/** Lets the clock move on, so a moment lies strictly between two saves (no sleeping). */
const tick = async () => {
  const start = Date.now();
  while (Date.now() <= start + 2) await new Promise((r) => setImmediate(r));
};

/** The dialog shown at a past moment: the one with the way back to now. */
const pastDialog = (page: Page) => page.getByRole('dialog').filter({ has: page.getByRole('button', { name: 'Вернуться к текущему состоянию' }) });

const openCard = async (page: Page, id: number) => {
  await page.goto(appUrl(`/tools?open=${id}`));
  const card = page.getByRole('dialog', { name: 'Оборудование' });
  await expect.poll(() => card.getByLabel('Серийный номер', { exact: true }).inputValue()).not.toBe('');
  return card;
};

const shownText = async (page: Page, id: number): Promise<string> => {
  await page.goto(appUrl(`/requests?open=${id}`));
  const field = requestDialog(page).getByLabel('Описание', { exact: true });
  await field.waitFor();
  return field.inputValue();
};

describe('time travel', () => {
  test('the History tab shows the request at past moments as the dialog showed it then, and steps between changes', async () => {
    const court = await apiSession('court');
    const created = await court.call<{ savedRequest: { id: number } }>('POST', '/request', {
      request: { request_kind_id: 2, region_id: 1, unit_id: 5, contact_kind: 1, contact_id: court.user.id, tool_id: null, request_text: 'Не включается ИБП', request_performer_kind: 'FILIAL' },
    });
    expect(created.status).toBe(200);
    const id = created.data.savedRequest.id;
    const { page, problems } = await browser.open();
    await signIn(page, 'court');

    // The branch's administrator edits it (the court may not edit a registered request).
    const admin = await apiSession('admin');
    const shown: string[] = [await shownText(page, id)];
    for (const text of ['Не включается ИБП: горит красный индикатор', 'Не включается ИБП: после замены предохранителя']) {
      await tick();
      const saved = await admin.call('PUT', `/request/${id}`, { request: { request_text: text } });
      expect(saved.status).toBe(200);
      shown.push(await shownText(page, id));
    }
    expect(shown).toEqual(['Не включается ИБП', 'Не включается ИБП: горит красный индикатор', 'Не включается ИБП: после замены предохранителя']);

    const dialog = requestDialog(page);
    await dialog.getByRole('tab', { name: 'История' }).click();
    const history = dialog.getByRole('table', { name: 'История' });
    await history.waitFor();
    // The oldest row is the registration: the first moment. The request dialog itself opens on it.
    await history.getByRole('button', { name: 'Как было в этот момент' }).first().click();
    const past = pastDialog(page);
    const description = past.getByLabel('Описание', { exact: true });
    await expect.poll(() => description.inputValue()).toBe(shown[0]);
    expect(await past.getByRole('status').first().textContent()).toMatch(/^Состояние на \d{2}\.\d{2}\.\d{4} \d{2}:\d{2}:\d{2}$/);
    // Read-only: the field is disabled and nothing saves.
    expect(await description.isDisabled()).toBe(true);
    expect(await past.getByRole('button', { name: 'Сохранить' }).count()).toBe(0);
    expect(await past.getByRole('button', { name: 'Предыдущее изменение' }).isDisabled()).toBe(true);

    await past.getByRole('button', { name: 'Следующее изменение' }).click();
    await expect.poll(() => description.inputValue()).toBe(shown[1]);
    await past.getByRole('button', { name: 'Следующее изменение' }).click();
    await expect.poll(() => description.inputValue()).toBe(shown[2]);
    expect(await past.getByRole('button', { name: 'Следующее изменение' }).isDisabled()).toBe(true);
    await past.getByRole('button', { name: 'Предыдущее изменение' }).click();
    await expect.poll(() => description.inputValue()).toBe(shown[1]);

    await past.getByRole('button', { name: 'Вернуться к текущему состоянию' }).click();
    await past.waitFor({ state: 'detached' });
    expect(await dialog.getByRole('table', { name: 'История' }).isVisible()).toBe(true);
    await dialog.getByRole('tab', { name: 'Заявка' }).first().click();
    expect(await dialog.getByLabel('Описание', { exact: true }).inputValue()).toBe(shown[2]);
    expectNoProblems(problems);
  });

  test('the tool card opens read-only at a past change of the tool', async () => {
    const id = await firstToolId();
    const { page, problems } = await browser.open();
    await signIn(page, 'admin');
    // Two saves of the card's note through the card itself, each what the card showed then.
    const notes = [`Момент А ${Date.now()}`, `Момент Б ${Date.now()}`];
    for (const note of notes) {
      const card = await openCard(page, id);
      await card.getByLabel('Примечание', { exact: true }).fill(note);
      await tick();
      await card.getByRole('button', { name: 'Сохранить', exact: true }).click();
      await card.waitFor({ state: 'detached' });
    }
    const card = await openCard(page, id);
    await card.getByRole('tab', { name: 'История' }).click();
    // Rows are newest first: the first button is the second save.
    await card.getByRole('table', { name: 'История' }).getByRole('button', { name: 'Как было в этот момент' }).first().click();
    const past = pastDialog(page);
    const note = past.getByLabel('Примечание', { exact: true });
    await expect.poll(() => note.inputValue()).toBe(notes[1]);
    expect(await note.isDisabled()).toBe(true);
    expect(await past.getByRole('button', { name: 'Сохранить' }).count()).toBe(0);
    await past.getByRole('button', { name: 'Предыдущее изменение' }).click();
    await expect.poll(() => note.inputValue()).toBe(notes[0]);
    await past.getByRole('button', { name: 'Вернуться к текущему состоянию' }).click();
    await past.waitFor({ state: 'detached' });
    expect(await card.getByLabel('Примечание', { exact: true }).inputValue()).toBe(notes[1]);
    expectNoProblems(problems);
  });
});

describe('the audit trail', () => {
  test('the administrator finds it in the menu and filters it by user', async () => {
    const court = await apiSession('court');
    const { page, problems } = await browser.open();
    await signIn(page, 'admin');
    await page.getByRole('button', { name: 'Администрирование' }).click();
    await page.getByRole('menuitem', { name: 'Журнал аудита' }).click();
    await page.waitForURL(appUrl('/audit'));
    const table = page.getByRole('table', { name: 'Журнал аудита' });
    await table.locator('tbody tr').first().waitFor();

    await page.getByRole('combobox', { name: 'Пользователь' }).click();
    await page.getByRole('option', { name: court.user.fio, exact: true }).first().click();
    await page.getByRole('button', { name: 'Применить' }).click();
    await expect
      .poll(async () => {
        const users = await table.locator('tbody tr td:nth-child(2)').allTextContents();
        return users.length > 0 && users.every((u) => u === court.user.fio);
      })
      .toBe(true);
    expectNoProblems(problems);
  });
});
