import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { declarantMessageTexts } from '../../domain/request/declarant-message';
import { appUrl, expectNoProblems, fileBrowser, signIn, withNotice } from '../support/browser-harness';
import { requestDialog } from '../support/browser-requests';
import { apiSession, firstToolId } from './request-dialog-host/host-page';

/**
 * Read-only means read-only (issue 33): the request and the tool card shown at a past moment offer no command in any
 * tab. Every control of the dialog is enumerated; the only enabled ones are the tabs and the moment banner's stepping
 * (and the dialog's own close and full-screen switches), all of which only navigate.
 */
const browser = fileBrowser();

/** The dialog shown at a past moment: the one with the way back to now. */
const pastDialog = (page: Page) => page.getByRole('dialog').filter({ has: page.getByRole('button', { name: 'Вернуться к текущему состоянию' }) });

/** Controls that only navigate: the moment banner, closing, the full-screen switch. */
const navigation = ['Предыдущее изменение', 'Следующее изменение', 'Вернуться к текущему состоянию', 'Закрыть', 'Развернуть на весь экран', 'Свернуть'];

/** The enabled controls of a dialog that are neither tabs nor navigation: what a user could act with. */
const enabledCommands = (dialog: Locator): Promise<string[]> =>
  dialog.evaluate((root, allowed) => {
    const controls = root.querySelectorAll<HTMLElement>(
      'button, input, textarea, select, [role="button"], [role="menuitem"], [role="checkbox"], [role="switch"], [role="combobox"], [role="option"], [contenteditable="true"], a[href]',
    );
    const out: string[] = [];
    for (const c of controls) {
      if (c.getAttribute('role') === 'tab' || c.closest('[role="tab"]')) continue;
      if (c.closest('[aria-hidden="true"]')) continue;
      const style = getComputedStyle(c);
      if (style.display === 'none' || style.visibility === 'hidden') continue;
      if (c instanceof HTMLInputElement && c.type === 'hidden') continue;
      const disabled =
        (c as HTMLButtonElement).disabled === true ||
        c.getAttribute('aria-disabled') === 'true' ||
        c.closest('fieldset:disabled') !== null ||
        ((c instanceof HTMLInputElement || c instanceof HTMLTextAreaElement) && c.readOnly);
      if (disabled) continue;
      const name = (c.getAttribute('aria-label') ?? c.textContent ?? '').trim() || `${c.tagName.toLowerCase()}[${c.getAttribute('name') ?? c.getAttribute('type') ?? ''}]`;
      if (allowed.includes(name)) continue;
      // Reading is not acting: downloads (a file's name as a link, 'Скачать …'), a signature's details.
      if (name.startsWith('Скачать ') || name.endsWith('сведения о подписи') || c.classList.contains('MuiLink-button')) continue;
      if (c instanceof HTMLAnchorElement && c.href && !c.href.startsWith('javascript:')) continue;
      out.push(name);
    }
    return out;
  }, navigation);

/** Visits every tab of the past dialog and lists the enabled commands found on each. */
const commandsPerTab = async (past: Locator): Promise<Record<string, string[]>> => {
  const tabs = await past.getByRole('tab').allTextContents();
  expect(tabs.length).toBeGreaterThan(1);
  const found: Record<string, string[]> = {};
  for (const [i, name] of tabs.entries()) {
    await past.getByRole('tab').nth(i).click();
    await expect.poll(() => past.getByRole('tab').nth(i).getAttribute('aria-selected')).toBe('true');
    // Lazy tabs load their content; the spinner goes before the controls are counted.
    await expect.poll(() => past.getByRole('progressbar').count(), { timeout: 30_000 }).toBe(0);
    found[name] = await enabledCommands(past);
  }
  return found;
};

const openHistoryMoment = async (page: Page, dialog: Locator) => {
  await dialog.getByRole('tab', { name: 'История' }).click();
  const history = dialog.getByRole('table', { name: 'История' });
  await history.waitFor();
  await history.getByRole('button', { name: 'Как было в этот момент' }).first().click();
  const past = pastDialog(page);
  // The banner shows while the moment loads; its tabs come with the state.
  await past.getByRole('tab').first().waitFor({ timeout: 60_000 });
  return past;
};

describe('a past moment offers no command', () => {
  test('the request at a moment, every tab, for the administrator (every right): hot line and branch requests', { timeout: 300_000 }, async () => {
    const admin = await apiSession('admin');
    const ids: number[] = [];
    for (const [performer, kind] of [['SENIOR', 11], ['FILIAL', 2]] as const) {
      const created = await admin.call<{ savedRequest: { id: number } }>('POST', '/request', {
        request: { request_kind_id: kind, tool_id: null, region_id: 1, unit_id: 5, contact_kind: 2, contact_unknown_name: 'Иванов И. И.', contact_unknown_email: 'ivanov@example.ru', request_text: 'Не открывается карточка дела', request_performer_kind: performer },
      });
      expect(created.status, JSON.stringify(created.data)).toBe(200);
      const id = created.data.savedRequest.id;
      const saved = await admin.call('PUT', `/request/${id}`, { request: { request_text: 'Не открывается карточка дела: ошибка 500' } });
      expect(saved.status).toBe(200);
      ids.push(id);
    }
    const { page, problems } = await browser.open();
    await signIn(page, 'admin');
    for (const id of ids) {
      await page.goto(appUrl(`/requests?open=${id}`));
      const dialog = requestDialog(page);
      await dialog.getByLabel('Описание', { exact: true }).waitFor({ timeout: 90_000 });
      // The same enumeration finds today's commands in today's dialog (it is not blind).
      expect(await enabledCommands(dialog)).toEqual(expect.arrayContaining(['Добавить на ГЛ', 'Сохранить']));
      const past = await openHistoryMoment(page, dialog);
      const found = await commandsPerTab(past);
      expect(Object.keys(found)).toContain('Чат по заявке');
      expect(found, `request ${id}`).toEqual(Object.fromEntries(Object.keys(found).map((k) => [k, []])));
      await past.getByRole('button', { name: 'Вернуться к текущему состоянию' }).click();
      await past.waitFor({ state: 'detached' });
    }
    expectNoProblems(problems);
  });

  test('the tool card at a moment, every tab', { timeout: 300_000 }, async () => {
    const id = await firstToolId();
    const { page, problems } = await browser.open();
    await signIn(page, 'admin');
    await page.goto(appUrl(`/tools?open=${id}`));
    const card = page.getByRole('dialog', { name: 'Оборудование' });
    await expect.poll(() => card.getByLabel('Серийный номер', { exact: true }).inputValue(), { timeout: 90_000 }).not.toBe('');
    expect(await enabledCommands(card)).toEqual(expect.arrayContaining(['Сохранить', 'Этикетка']));
    const past = await openHistoryMoment(page, card);
    const found = await commandsPerTab(past);
    expect(found).toEqual(Object.fromEntries(Object.keys(found).map((k) => [k, []])));
    expectNoProblems(problems);
  });
});

describe("'Отправить сообщение заявителю' follows the server's rule (domain/request/declarant-message.ts)", () => {
  test("the hot line sends it at 'Выполнена ГЛ'; once closed the button is disabled with the reason", { timeout: 300_000 }, async () => {
    const admin = await apiSession('admin');
    const hotline = await apiSession('hotline');
    const senior = await apiSession('senior');
    const created = await admin.call<{ savedRequest: { id: number } }>('POST', '/request', {
      request: { request_kind_id: 11, tool_id: null, region_id: 1, unit_id: 5, contact_kind: 2, contact_unknown_name: 'Орлова Анна', contact_unknown_email: 'orlova@example.ru', request_text: 'Как подать жалобу через портал', request_performer_kind: 'SENIOR' },
    });
    expect(created.status, JSON.stringify(created.data)).toBe(200);
    const id = created.data.savedRequest.id;
    expect((await hotline.call('POST', `/request/${id}/hotline-take`, {})).status).toBe(200);
    const done = await hotline.call<{ savedRequest: { request_status_id: number } }>('PUT', `/request/${id}`, { request: { id, hotline_result_id: 1, hotline_result_type: 1, hotline_work_description: 'Даны разъяснения' } });
    expect(done.status, JSON.stringify(done.data)).toBe(200);
    expect(done.data.savedRequest.request_status_id).toBe(11);

    const { page, problems } = await browser.open();
    await signIn(page, 'hotline');
    const open = async () => {
      await page.goto(appUrl(`/requests?open=${id}`));
      const dialog = requestDialog(page);
      await dialog.getByTestId('request-dialog-title').waitFor({ timeout: 90_000 });
      await dialog.getByRole('tab', { name: 'Техподдержка ГЛ' }).click({ timeout: 60_000 });
      const field = dialog.getByLabel('Сообщение заявителю', { exact: true });
      await field.waitFor({ timeout: 90_000 });
      return { dialog, field, button: dialog.getByRole('button', { name: 'Отправить сообщение заявителю' }) };
    };
    // 'Выполнена ГЛ': the field is open and the message goes.
    const performed = await open();
    expect(await performed.field.isDisabled()).toBe(false);
    expect(await performed.button.isDisabled()).toBe(true);
    await performed.field.fill('Инструкция по подаче жалобы направлена вам на почту');
    await expect.poll(() => performed.button.isDisabled()).toBe(false);
    await withNotice(page, 'Сообщение заявителю отправлено', () => performed.button.click());

    // 'Исполнено ГЛ' closes it: the same rule refuses, so the button is disabled and says why.
    expect((await senior.call('POST', `/request/${id}/hotline-fulfil`, {})).status).toBe(200);
    const closed = await open();
    expect(await closed.field.isDisabled()).toBe(true);
    expect(await closed.button.isDisabled()).toBe(true);
    await closed.button.locator('..').hover();
    await expect.poll(() => page.getByRole('tooltip').textContent()).toBe(declarantMessageTexts.notHotline);
    expectNoProblems(problems);
  });
});
