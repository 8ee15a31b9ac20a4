import { describe, expect, test } from 'vitest';
import { apiAs, appUrl, expectNoProblems, fileBrowser, screenshot, signIn, withNotice } from '../support/browser-harness';

/** Polls for up to 15 s: the machine is shared, and a list after a change waits for the read model. */
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000, interval: 100 });

const { open } = fileBrowser();

interface RoleRow {
  id: number;
  title: string;
  access_level: number;
  rightsObject: Record<string, number>;
}
interface OrgRow {
  id: number;
  name: string;
  region_id: number;
  is_host: boolean;
  units: { id: number; name: string; organization_id: number }[];
}

/** Roles and rights (administration.md 2.7, 8). */
describe('the roles grid', () => {
  test('a role is added with the round button, given two rights in its column, renamed and deleted', async () => {
    const { page, problems } = await open();
    const api = await apiAs('admin');
    await signIn(page, 'admin');
    await page.getByRole('button', { name: 'Администрирование' }).click();
    await page.getByRole('menuitem', { name: 'Роли и права', exact: true }).click();
    await page.waitForURL(appUrl('/roles'));
    await page.getByRole('heading', { name: 'Роли и права' }).waitFor();

    const title = `Роль ${Date.now()}`;
    await page.getByRole('button', { name: 'Добавить роль' }).click();
    const dialog = page.getByRole('dialog', { name: 'Роль: добавление' });
    // The server's own schema checks the form first (administration.md 5).
    await dialog.getByRole('button', { name: 'Сохранить' }).click();
    await dialog.getByText('Значение от 1 до 100 символов').waitFor();
    // A new role comes after the last one.
    const lastOrder = Math.max(...(await api.get<{ roles: { role_order: number }[] }>('/roles')).roles.map((r) => r.role_order));
    expect(await dialog.getByLabel('Порядок').inputValue()).toBe(String(lastOrder + 1));
    await dialog.getByLabel('Порядок').fill('0');
    await dialog.getByRole('button', { name: 'Сохранить' }).click();
    await dialog.getByText('Число больше нуля').waitFor();
    await dialog.getByLabel('Наименование').fill(title);
    await dialog.getByLabel('Порядок').fill('90');
    await dialog.getByRole('combobox', { name: 'Уровень доступа' }).click();
    // The administrator's own level is FULL: all four levels are offered.
    expect(await page.getByRole('option').allTextContents()).toEqual(['Свои объекты', 'Объект', 'Регион', 'Полный']);
    await page.getByRole('option', { name: 'Регион' }).click();
    await dialog.getByLabel('Роль для ГЛ').check();
    await withNotice(page, 'Сохранено', () => dialog.getByRole('button', { name: 'Сохранить' }).click());
    await dialog.waitFor({ state: 'detached' });

    const roleButton = page.getByRole('button', { name: `Роль «${title}»` });
    await roleButton.waitFor();
    const created = async () => (await api.get<{ roles: RoleRow[] }>('/roles')).roles.find((r) => r.title.startsWith(title));
    await poll(async () => (await created())?.access_level).toBe(3);

    // A single-value right is a checkbox; a right with several values a radio group with Нет.
    await page.getByRole('checkbox', { name: `Регионы: ${title}` }).check();
    await poll(async () => (await created())?.rightsObject).toEqual({ RIGHT_REGIONS: 2 });
    const organizations = page.getByRole('radiogroup', { name: `Организации: ${title}` });
    expect(await organizations.getByRole('radio').evaluateAll((els) => els.map((e) => e.closest('label')?.textContent))).toEqual(['Нет', 'Чтение', 'Чтение и запись']);
    await withNotice(page, 'Сохранено', () => organizations.getByRole('radio', { name: 'Чтение', exact: true }).check());
    await poll(async () => (await created())?.rightsObject).toEqual({ RIGHT_REGIONS: 2, RIGHT_ORGANIZATIONS: 1 });
    expect(await page.getByRole('checkbox', { name: `Регионы: ${title}` }).isChecked()).toBe(true);

    // Groups collapse to keep ~70 rights usable.
    await page.getByRole('button', { name: 'Группа «Отчеты»' }).click();
    await page.getByRole('checkbox', { name: `Журнал архива заявок: ${title}` }).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Группа «Отчеты»' }).click();
    await page.getByRole('checkbox', { name: `Журнал архива заявок: ${title}` }).waitFor();
    await screenshot(page, 'roles-grid');

    // The role's menu: Изменить opens the dialog with its values.
    await roleButton.click();
    await page.getByRole('menuitem', { name: 'Изменить' }).click();
    const edit = page.getByRole('dialog', { name: 'Роль: изменение' });
    expect(await edit.getByLabel('Наименование').inputValue()).toBe(title);
    await edit.getByLabel('Наименование').fill(`${title} судьи`);
    await withNotice(page, 'Сохранено', () => edit.getByRole('button', { name: 'Сохранить' }).click());
    await page.getByRole('button', { name: `Роль «${title} судьи»` }).waitFor();
    // The rename kept the rights given in the grid.
    await poll(async () => (await created())?.rightsObject).toEqual({ RIGHT_REGIONS: 2, RIGHT_ORGANIZATIONS: 1 });

    await page.getByRole('button', { name: `Роль «${title} судьи»` }).click();
    await page.getByRole('menuitem', { name: 'Удалить' }).click();
    const confirm = page.getByRole('dialog', { name: 'Подтверждение' });
    await poll(() => confirm.textContent()).toContain(`Удалить роль «${title} судьи»?`);
    await withNotice(page, 'Удалено', () => confirm.getByRole('button', { name: 'Удалить' }).click());
    await page.getByRole('button', { name: `Роль «${title} судьи»` }).waitFor({ state: 'detached' });
    await poll(created).toBeUndefined();
    expectNoProblems(problems);
  });
});

/** Organisations with buildings and balance holders (administration.md 2.8, 4, 5, 8). */
describe('organisations and balance holders', () => {
  test('an organisation is added with two buildings, one building moves to a balance holder, the organisation is deleted', async () => {
    const { page, problems } = await open();
    const api = await apiAs('admin');
    const hosts = (await api.get<{ organizations: OrgRow[] }>('/organization?is_host=true&pageNumber=1')).organizations;
    const target = hosts[0]!;
    const regions = (await api.get<{ regions: { id: number; title: string }[] }>('/regions')).regions;
    const regionTitle = regions.find((r) => r.id === target.region_id)!.title;

    await signIn(page, 'admin');
    await page.goto(appUrl('/organizations'));
    await page.getByRole('heading', { name: 'Организации' }).waitFor();

    const name = `Суд ${Date.now()}`;
    await page.getByRole('button', { name: 'Добавить' }).click();
    const dialog = page.getByRole('dialog', { name: 'Организация: добавление' });
    await dialog.getByRole('button', { name: 'Сохранить' }).click();
    // The server's own schemas (administration.md 5): region, name, vncode, host when not a host itself.
    for (const message of ['Укажите регион', 'Укажите наименование', 'Укажите VNCODE']) await dialog.getByText(message).waitFor();
    await dialog.getByRole('combobox', { name: 'Регион' }).click();
    await page.getByRole('option', { name: regionTitle, exact: true }).click();
    await dialog.getByRole('textbox', { name: /^Наименование/ }).fill(name);
    await dialog.getByLabel('VNCODE').fill(`T${Date.now() % 100000}`);
    await dialog.getByRole('button', { name: 'Сохранить' }).click();
    await dialog.getByText('Выберите балансодержателя').waitFor();
    // Host choices are balance holders of the same region (section 4).
    await dialog.getByRole('combobox', { name: 'Балансодержатель организации' }).click();
    await page.getByRole('option', { name: target.name, exact: true }).click();

    await dialog.getByRole('tab', { name: /Здания/ }).click();
    const buildings = dialog.getByRole('table', { name: 'Здания' });
    await buildings.getByLabel('Наименование').first().fill(`${name}, здание 1`);
    await dialog.getByRole('button', { name: 'Добавить здание' }).click();
    await buildings.getByLabel('Наименование').nth(1).fill(`${name}, здание 2`);
    await withNotice(page, 'Организация сохранена', () => dialog.getByRole('button', { name: 'Сохранить' }).click());
    await dialog.waitFor({ state: 'detached' });

    const mine = async () => (await api.get<{ organizations: OrgRow[] }>(`/organization?name=${encodeURIComponent(name)}`)).organizations[0];
    await poll(async () => (await mine())?.units.map((u) => u.name).sort()).toEqual([`${name}, здание 1`, `${name}, здание 2`]);
    const saved = (await mine())!;
    expect(saved.region_id).toBe(target.region_id);

    // The name filter finds it; a row click opens the dialog.
    await page.getByRole('searchbox', { name: 'Наименование' }).fill(name);
    const table = page.getByRole('table', { name: 'Организации' });
    await poll(() => table.locator('tbody td:first-child').allTextContents()).toEqual([name]);
    await poll(() => page.getByTestId('items-count').textContent()).toBe('Всего: 1');
    await table.getByRole('cell', { name, exact: true }).click();
    const edit = page.getByRole('dialog', { name: 'Организация: изменение' });
    await edit.getByRole('tab', { name: 'Здания (2)' }).click();
    await screenshot(page, 'organization-buildings');
    await edit.getByRole('button', { name: `Перенести здание «${name}, здание 2»` }).click();
    const move = page.getByRole('dialog', { name: 'Перенос здания' });
    await move.getByLabel('Организация').fill(target.name);
    await page.getByRole('option', { name: target.name, exact: true }).first().click();
    await withNotice(page, 'Сохранено', () => move.getByRole('button', { name: 'Перенести' }).click());
    await move.waitFor({ state: 'detached' });
    await edit.getByRole('tab', { name: 'Здания (1)' }).waitFor();
    const moved = saved.units.find((u) => u.name === `${name}, здание 2`)!;
    const kept = saved.units.find((u) => u.name === `${name}, здание 1`)!;
    await poll(async () => (await mine())?.units.map((u) => u.id)).toEqual([kept.id]);
    const host = (await api.get<{ organization: OrgRow }>(`/organization/${target.id}`)).organization;
    expect(host.units.find((u) => u.id === moved.id)?.organization_id).toBe(target.id);
    await edit.getByRole('button', { name: 'Отменить' }).click();

    // The balance holders list (/hosts) shows hosts only: the target is there, our court is not.
    await page.getByRole('button', { name: 'Справочники' }).click();
    await page.getByRole('menuitem', { name: 'Балансодержатели', exact: true }).click();
    await page.waitForURL(appUrl('/hosts'));
    await page.getByRole('heading', { name: 'Балансодержатели' }).waitFor();
    const hostsTable = page.getByRole('table', { name: 'Балансодержатели' });
    await page.getByRole('searchbox', { name: 'Наименование' }).fill(target.name);
    await poll(() => hostsTable.locator('tbody td:first-child').allTextContents()).toContain(target.name);
    await page.getByRole('searchbox', { name: 'Наименование' }).fill(name);
    await poll(() => hostsTable.locator('tbody td:first-child').allTextContents()).toEqual(['Нет записей']);

    // Delete asks the question of 2.8 and answers 'Организация удалена'.
    await page.goto(appUrl('/organizations'));
    await page.getByRole('searchbox', { name: 'Наименование' }).fill(name);
    await poll(() => table.locator('tbody td:first-child').allTextContents()).toEqual([name]);
    await page.getByRole('button', { name: `Удалить «${name}»` }).click();
    const confirm = page.getByRole('dialog', { name: 'Подтверждение' });
    await poll(() => confirm.textContent()).toContain(`Удалить организацию «${name}»?`);
    await withNotice(page, 'Организация удалена', () => confirm.getByRole('button', { name: 'Удалить' }).click());
    await poll(mine).toBeUndefined();
    expectNoProblems(problems);
  });
});
