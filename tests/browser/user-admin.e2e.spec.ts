import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { mixedAccessLevelsWarning } from '../../domain/user/schemas';
import { apiAs, appUrl, expectNoProblems, fileBrowser, screenshot, signIn, type FakeNotification, withNotice } from '../support/browser-harness';

/** Polls for up to 15 s: the machine is shared, and a list after a change waits for the read model. */
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000, interval: 100 });

const { open } = fileBrowser();

const DEACTIVATE_QUESTION = 'Учетная запись работника станет неактивной без возможности восстановления, продолжить?';

const table = (page: Page, title: string) => page.getByRole('table', { name: title });
const bodyRows = (page: Page, title: string) => table(page, title).locator('tbody tr');
const pick = async (page: Page, label: string, option: string) => {
  await page.getByRole('dialog').getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
};

interface Region { id: number; title: string }
interface Org { id: number; name: string; region_id: number; units: Array<{ id: number; name: string }> }
interface Role { id: number; title: string; access_level: number; role_is_hotline: boolean }

/** What the screens should offer the administrator, read from the API. */
const references = async () => {
  const admin = await apiAs('admin');
  const { regions } = await admin.get<{ regions: Region[] }>('/regions');
  const { organizations } = await admin.get<{ organizations: Org[] }>('/organization');
  const { user_role: roles } = await admin.get<{ user_role: Role[] }>('/user_role');
  const withUnits = organizations.filter((o) => o.units.length > 0);
  const org = withUnits[0]!;
  const region = regions.find((r) => r.id === org.region_id)!;
  const otherRegion = regions.find((r) => r.id !== org.region_id && withUnits.some((o) => o.region_id === r.id))!;
  const employeeRoles = roles.filter((r) => !r.role_is_hotline);
  const low = employeeRoles.reduce((a, b) => (b.access_level < a.access_level ? b : a));
  const high = employeeRoles.find((r) => r.access_level !== low.access_level)!;
  const hotlineRole = roles.find((r) => r.role_is_hotline)!;
  return { org, region, otherRegion, low, high, hotlineRole };
};

describe('employees and hot line executors (administration.md 2.6, 4, 5, 8)', () => {
  test('an employee: created with roles and objects, changed, made inactive after the question, deleted', async () => {
    const refs = await references();
    const { page, problems } = await open();
    await signIn(page, 'admin');
    await page.getByRole('button', { name: 'Справочники' }).click();
    await page.getByRole('menuitem', { name: 'Работники', exact: true }).click();
    await page.waitForURL(appUrl('/users'));
    await page.getByRole('heading', { name: 'Работники' }).waitFor();

    // Oneself: read-only, no delete button.
    await page.getByLabel('ФИО или логин').fill('admin');
    await poll(() => bodyRows(page, 'Работники').count()).toBe(1);
    await poll(() => bodyRows(page, 'Работники').first().textContent()).toContain('Смирнов');
    expect(await bodyRows(page, 'Работники').getByRole('button').count()).toBe(0);

    const stamp = String(Date.now()).slice(-7);
    const surname = `Тестов${stamp}`;
    await page.getByRole('button', { name: 'Добавить' }).click();
    const dialog = page.getByRole('dialog', { name: 'Учетная запись работника' });
    // The server's own schema checks the form first (administration.md 5).
    await dialog.getByRole('button', { name: 'Сохранить' }).click();
    await dialog.getByText('Введите фамилию').waitFor();
    // The General tab cannot be left while it has errors.
    await dialog.getByRole('tab', { name: 'Роли' }).click();
    expect(await dialog.getByRole('tab', { name: 'Общие' }).getAttribute('aria-selected')).toBe('true');

    await dialog.getByLabel('Фамилия').fill(surname);
    await dialog.getByLabel('Имя').fill('Иван');
    await dialog.getByLabel('Email').fill(`t${stamp}@example.ru`);
    await pick(page, 'Регион', refs.region.title);
    await pick(page, 'Организация', refs.org.name);
    await dialog.getByLabel('Логин').fill(`t_${stamp}`);
    await dialog.getByRole('button', { name: 'Сгенерировать' }).click();
    expect(await dialog.getByLabel('Пароль').inputValue()).toMatch(/^[A-Za-z0-9]{8}$/);

    await dialog.getByRole('tab', { name: 'Роли' }).click();
    await dialog.getByRole('checkbox', { name: refs.low.title, exact: true }).check();
    await dialog.getByRole('checkbox', { name: refs.high.title, exact: true }).check();
    await dialog.getByText(mixedAccessLevelsWarning).waitFor();
    await dialog.getByRole('checkbox', { name: refs.high.title, exact: true }).uncheck();
    await dialog.getByText(mixedAccessLevelsWarning).waitFor({ state: 'detached' });

    await dialog.getByRole('tab', { name: 'Объекты' }).click();
    await dialog.getByRole('combobox', { name: 'Объекты' }).click();
    await page.getByRole('option').first().click();
    expect(await dialog.locator('.MuiChip-label').count()).toBe(1);

    // A region change clears the organisation of another region and its objects (administration.md 4).
    await dialog.getByRole('tab', { name: 'Общие' }).click();
    await pick(page, 'Регион', refs.otherRegion.title);
    expect(await dialog.getByRole('combobox', { name: 'Организация' }).textContent()).not.toContain(refs.org.name);
    await pick(page, 'Регион', refs.region.title);
    await pick(page, 'Организация', refs.org.name);
    await dialog.getByRole('tab', { name: 'Объекты' }).click();
    expect(await dialog.locator('.MuiChip-label').count()).toBe(0);
    await dialog.getByRole('combobox', { name: 'Объекты' }).click();
    await page.getByRole('option').first().click();
    await screenshot(page, 'user-admin-dialog');
    await withNotice(page, 'Пользователь создан', () => dialog.getByRole('button', { name: 'Сохранить' }).click());
    await dialog.waitFor({ state: 'detached' });

    await page.getByLabel('ФИО или логин').fill(surname);
    await poll(() => bodyRows(page, 'Работники').count()).toBe(1);
    await poll(() => bodyRows(page, 'Работники').first().textContent()).toContain(surname);
    const row = bodyRows(page, 'Работники').first();
    expect(await row.textContent()).toContain('нет данных');
    expect(await row.textContent()).toContain(refs.low.title);

    await row.click();
    const edit = page.getByRole('dialog', { name: /^Учетная запись работника: / });
    await poll(() => edit.getByLabel('Имя').inputValue()).toBe('Иван');
    await edit.getByLabel('Имя').fill('Пётр');
    await withNotice(page, 'Пользователь сохранен', () => edit.getByRole('button', { name: 'Сохранить' }).click());
    await edit.waitFor({ state: 'detached' });

    // Inactive: asked first; the row is styled and opens read-only without Roles and Objects.
    await row.click();
    await edit.getByRole('checkbox', { name: 'Неактивна' }).click();
    const confirm = page.getByRole('dialog', { name: 'Подтверждение' });
    await poll(() => confirm.textContent()).toContain(DEACTIVATE_QUESTION);
    await confirm.getByRole('button', { name: 'Продолжить' }).click();
    await withNotice(page, 'Пользователь сохранен', () => edit.getByRole('button', { name: 'Сохранить' }).click());
    await poll(() => row.getAttribute('data-inactive')).toBe('true');
    await row.click();
    await edit.getByText('Учетная запись неактивна').waitFor();
    expect(await edit.getByRole('tab').allTextContents()).toEqual(['Общие']);
    expect(await edit.getByRole('button', { name: 'Сохранить' }).count()).toBe(0);
    await edit.getByRole('button', { name: 'Закрыть' }).last().click();

    await row.getByRole('button', { name: /^Удалить/ }).click();
    const ask = page.getByRole('dialog', { name: 'Удалить работника' });
    await poll(() => ask.textContent()).toContain('Удалить учетную запись');
    await withNotice(page, 'Пользователь удален', () => ask.getByRole('button', { name: 'Удалить' }).click());
    await poll(() => bodyRows(page, 'Работники').textContent()).toContain('Нет записей');
    expectNoProblems(problems);
  });

  test('the branch chief: the administrator listed read-only with «Закрыть» only, roles it may not assign shown with the reason', async () => {
    const { page, problems } = await open();
    await signIn(page, 'chief');
    await page.goto(appUrl('/users'));
    await page.getByRole('heading', { name: 'Работники' }).waitFor();

    // A higher-level account of the region: listed with its role, no delete button.
    await page.getByLabel('ФИО или логин').fill('Смирнов Алексей');
    await poll(() => bodyRows(page, 'Работники').count()).toBe(1);
    const adminRow = bodyRows(page, 'Работники').first();
    await poll(() => adminRow.textContent()).toContain('Администратор');
    expect(await adminRow.getByRole('button').count()).toBe(0);
    await adminRow.click();
    const readOnly = page.getByRole('dialog', { name: /^Учетная запись работника: Смирнов/ });
    await poll(() => readOnly.getByLabel('Фамилия').inputValue()).toBe('Смирнов');
    expect(await readOnly.getByLabel('Фамилия').isDisabled()).toBe(true);
    expect(await readOnly.getByRole('button', { name: 'Сохранить' }).count()).toBe(0);
    expect(await readOnly.getByRole('button', { name: 'Отмена' }).count()).toBe(0);
    // Neither its login nor its certificates are the chief's business.
    expect(await readOnly.getByLabel('Логин').count()).toBe(0);
    expect(await readOnly.getByRole('tab').allTextContents()).toEqual(['Общие', 'Роли', 'Объекты']);
    await readOnly.getByRole('tab', { name: 'Роли' }).click();
    const adminRole = readOnly.getByRole('checkbox', { name: /^Администратор/ });
    expect(await adminRole.isChecked()).toBe(true);
    expect(await adminRole.isDisabled()).toBe(true);
    await readOnly.getByText('Уровень доступа роли выше вашего').waitFor();
    await screenshot(page, 'user-admin-read-only');
    await readOnly.getByRole('button', { name: 'Закрыть' }).last().click();
    await readOnly.waitFor({ state: 'detached' });

    // An account of its own level or below: editable, deletable; a role with rights the chief lacks is disabled with the reason.
    await page.getByLabel('ФИО или логин').fill('court');
    await poll(() => bodyRows(page, 'Работники').count()).toBe(1);
    const courtRow = bodyRows(page, 'Работники').first();
    await poll(() => courtRow.getByRole('button', { name: /^Удалить/ }).count()).toBe(1);
    await courtRow.click();
    const edit = page.getByRole('dialog', { name: /^Учетная запись работника: Кузнецова/ });
    await edit.getByRole('button', { name: 'Сохранить' }).waitFor();
    await edit.getByRole('tab', { name: 'Роли' }).click();
    const engineer = edit.getByRole('checkbox', { name: /^Инженер филиала/ });
    expect(await engineer.isDisabled()).toBe(true);
    await poll(() => edit.getByText('В роли есть права, которых у вас нет').count()).toBeGreaterThan(0);
    expect(await edit.getByRole('checkbox', { name: 'Пользователь суда', exact: true }).isDisabled()).toBe(false);
    // Roles above the chief's level are not offered for an account that does not hold them.
    expect(await edit.getByRole('checkbox', { name: /^Головной исполнитель/ }).count()).toBe(0);
    await edit.getByRole('button', { name: 'Отмена' }).click();
    await edit.waitFor({ state: 'detached' });
    expectNoProblems(problems);
  });

  test('a hot line executor: created with a role and software, found by the filters, changed, deleted', async () => {
    const refs = await references();
    const { page, problems } = await open();
    await signIn(page, 'admin');
    await page.getByRole('button', { name: 'Справочники' }).click();
    await page.getByRole('menuitem', { name: 'Исполнители Техподдержки', exact: true }).click();
    await page.waitForURL(appUrl('/users-hotline'));
    await page.getByRole('heading', { name: 'Исполнители Техподдержки' }).waitFor();
    expect(await table(page, 'Исполнители Техподдержки').getByRole('columnheader').allTextContents()).toEqual([
      '№', 'Исполнитель', 'Телефон', 'Email', 'Программное обеспечение', '',
    ]);

    const stamp = String(Date.now()).slice(-7);
    const name = `Подрядчик ${stamp}`;
    await page.getByRole('button', { name: 'Добавить' }).click();
    const dialog = page.getByRole('dialog', { name: 'Исполнитель Техподдержки' });
    await dialog.getByRole('button', { name: 'Сохранить' }).click();
    await dialog.getByText('Введите исполнителя').waitFor();
    await dialog.getByLabel('Исполнитель').fill(name);
    await dialog.getByLabel('Телефон').fill(`+7 495 ${stamp}`);
    await dialog.getByLabel('Email').fill(`hl${stamp}@example.ru`);
    await dialog.getByLabel('Логин').fill(`hl_${stamp}`);
    await dialog.getByRole('button', { name: 'Сгенерировать' }).click();
    await dialog.getByRole('tab', { name: 'Роли' }).click();
    await dialog.getByRole('checkbox', { name: refs.hotlineRole.title, exact: true }).check();
    await dialog.getByRole('tab', { name: 'Программное обеспечение' }).click();
    await dialog.getByRole('combobox', { name: 'Программное обеспечение' }).click();
    // Only the hot line's software is offered: special software (type 2 in the executor screens' reading).
    const { programs } = await (await apiAs('admin')).get<{ programs: Array<{ title: string; type: number }> }>('/programs');
    const offered = await page.getByRole('option').allTextContents();
    expect(offered.length).toBeGreaterThan(0);
    expect(offered.sort()).toEqual(programs.filter((p) => Number(p.type) === 1).map((p) => p.title).sort());
    const program = (await page.getByRole('option').first().textContent()) ?? '';
    await page.getByRole('option').first().click();
    await withNotice(page, 'Пользователь создан', () => dialog.getByRole('button', { name: 'Сохранить' }).click());
    await dialog.waitFor({ state: 'detached' });

    // The filters: executor, phone, e-mail.
    await page.getByLabel('Исполнитель').fill(name);
    await poll(() => bodyRows(page, 'Исполнители Техподдержки').count()).toBe(1);
    await poll(() => bodyRows(page, 'Исполнители Техподдержки').first().textContent()).toContain(name);
    await page.getByLabel('Email').fill(`hl${stamp}@`);
    await page.getByLabel('Телефон').fill(stamp);
    await poll(() => bodyRows(page, 'Исполнители Техподдержки').count()).toBe(1);
    const row = bodyRows(page, 'Исполнители Техподдержки').first();
    await poll(() => row.textContent()).toContain(program);
    await page.getByLabel('Телефон').fill('000000000');
    await poll(() => bodyRows(page, 'Исполнители Техподдержки').textContent()).toContain('Нет записей');
    await page.getByLabel('Телефон').fill(stamp);
    await poll(() => row.textContent()).toContain(name);

    await row.click();
    const edit = page.getByRole('dialog', { name: /^Исполнитель Техподдержки: / });
    await poll(() => edit.getByLabel('Исполнитель').inputValue()).toBe(name);
    await edit.getByLabel('Примечание').fill('Контракт продлен');
    await withNotice(page, 'Пользователь сохранен', () => edit.getByRole('button', { name: 'Сохранить' }).click());
    await edit.waitFor({ state: 'detached' });

    await row.getByRole('button', { name: /^Удалить/ }).click();
    await withNotice(page, 'Пользователь удален', () => page.getByRole('dialog', { name: 'Удалить работника' }).getByRole('button', { name: 'Удалить' }).click());
    await poll(() => bodyRows(page, 'Исполнители Техподдержки').textContent()).toContain('Нет записей');
    expectNoProblems(problems);
  });
});

describe('the notifications page (/notifications)', () => {
  test('shows every notification, new and read, and marks one read', async () => {
    const fake: FakeNotification[] = [
      { id: 'n7-3', date_time: '2026-11-20T09:30:00.000Z', info: 'Заявка №12 выполнена', object_id: 12, state: 1 },
      { id: 'c9-1-3', date_time: '2026-11-18T12:00:00.000Z', info: 'Сообщение по заявке №9', object_id: 9, state: 2 },
    ];
    const { page, problems, notifications } = await open({ notifications: fake });
    await signIn(page, 'court');
    await page.getByRole('button', { name: /^Уведомления/ }).click();
    await page.getByRole('link', { name: 'Все уведомления' }).click();
    await page.waitForURL(appUrl('/notifications'));
    const rows = bodyRows(page, 'Уведомления');
    await poll(() => rows.count()).toBe(2);
    expect(await rows.nth(0).textContent()).toContain('20.11.2026 12:30');
    expect(await rows.nth(0).getAttribute('data-state')).toBe('new');
    expect(await rows.nth(1).getAttribute('data-state')).toBe('read');
    await rows.nth(0).getByRole('button', { name: 'Отметить прочитанным' }).click();
    await poll(() => notifications.reads).toEqual(['n7-3']);
    await poll(() => rows.nth(0).getAttribute('data-state')).toBe('read');
    // The count of new ones is the bell's list, refetched beside the page's own: it follows a moment later.
    await poll(() => page.getByTestId('items-count').textContent()).toBe('Всего: 2, новых: 0');
    expectNoProblems(problems);
  });
});
