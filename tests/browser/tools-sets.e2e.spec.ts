import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { appUrl, DEMO_PASSWORD, expectNoProblems, fileBrowser, screenshot, signIn } from '../support/browser-harness';

/**
 * The sets (equipment.md 2, 5; decisions 41–47): /tools-sets and the set dialog on the real server. The
 * engineer creates a set with three tools (a tool only after the set's fields are valid), copies it
 * (new ids for the set and its tools) and deletes the first one: its tools stay in the registry.
 */

const browser = fileBrowser();
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000, interval: 100 });

const apiAs = async (login: string) => {
  const signin = await fetch(appUrl('/api/auth/signin'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: login, password: DEMO_PASSWORD }),
  });
  const user = (await signin.json()) as { id: number; accessToken: string };
  let token = user.accessToken;
  return async (pathname: string): Promise<{ status: number; body: unknown }> => {
    const response = await fetch(appUrl(`/api${pathname}`), { headers: { userId: String(user.id), accessToken: token } });
    token = response.headers.get('freshtoken') ?? token;
    return { status: response.status, body: await response.json().catch(() => null) };
  };
};

interface SetView {
  toolsSet: { id: number; inventar_number: string };
  tools: { id: number; serial_number: string; tools_set_id: number | null }[];
}

const choose = async (page: Page, scope: Locator, label: string, option: string) => {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('listbox').getByRole('option', { name: option, exact: true }).click();
  await page.getByRole('listbox').waitFor({ state: 'detached' });
};

const stamp = Date.now();
const inventar = `SET-${stamp}`;

const saveSet = async (page: Page, dialog: Locator) => {
  const answer = page.waitForResponse((r) => /\/api\/tools_sets(\/\d+)?$/.test(new URL(r.url()).pathname) && r.request().method() !== 'GET');
  await dialog.getByRole('button', { name: 'Сохранить', exact: true }).click();
  const response = await answer;
  expect(response.status(), await response.text()).toBe(200);
  await dialog.waitFor({ state: 'detached' });
  return ((await response.json()) as { id: number }).id;
};

describe('equipment sets (equipment.md 2)', () => {
  test('engineer: a set with three tools, its copy, and its deletion that keeps the tools', async () => {
    const get = await apiAs('engineer');
    const { page, problems } = await browser.open();
    await signIn(page, 'engineer');
    await page.goto(appUrl('/tools-sets?new=1'));
    const dialog = page.getByRole('dialog', { name: 'Новый комплект оборудования' });
    await dialog.waitFor();

    // A tool is added only after the set's fields are valid (equipment.md 2, 5).
    await dialog.getByRole('button', { name: 'Добавить оборудование' }).click();
    await dialog.getByText('Выберите объект').waitFor();
    await dialog.getByText('Наименование, от 5-ти до 1000 символов').waitFor();
    expect(await page.getByRole('dialog', { name: 'Новое оборудование' }).count()).toBe(0);

    await choose(page, dialog, 'Объект', 'Басманный районный суд г. Москвы, здание 1');
    await dialog.getByLabel('Инвентарный номер', { exact: true }).fill(inventar);
    await choose(page, dialog, 'Вид комплекта', 'Автоматизированное рабочее место судьи');
    await choose(page, dialog, 'Принадлежность', 'Основное средство');
    await dialog.getByLabel('Бухгалтерское наименование').fill('АРМ судьи, зал 5');

    // The set refuses to be saved empty.
    await dialog.getByRole('button', { name: 'Сохранить', exact: true }).click();
    await dialog.getByText('Комплект должен содержать учетные единицы').waitFor();

    const tools: [string, string, string][] = [
      ['Автоматизированное рабочее место', 'Lenovo', 'ThinkCentre M70q'],
      ['Монитор', 'Dell', 'P2422H'],
      ['Источник бесперебойного питания', 'APC', 'Back-UPS 700'],
    ];
    for (const [index, [kind, manufacturer, model]] of tools.entries()) {
      await dialog.getByRole('button', { name: 'Добавить оборудование' }).click();
      const card = page.getByRole('dialog', { name: 'Новое оборудование' });
      await card.waitFor();
      await choose(page, card, 'Вид оборудования', kind);
      await choose(page, card, 'Производитель', manufacturer);
      await card.getByRole('combobox', { name: 'Наименование' }).fill(model);
      await card.getByLabel('Серийный номер', { exact: true }).fill(`S${stamp}-${index + 1}`);
      await card.getByRole('button', { name: 'Сохранить', exact: true }).click();
      await card.waitFor({ state: 'detached' });
      await dialog.getByRole('cell', { name: `S${stamp}-${index + 1}`, exact: true }).waitFor();
    }
    await screenshot(page, 'tools-set-new');
    const setId = await saveSet(page, dialog);
    const saved = (await get(`/tools_sets/${setId}`)).body as SetView;
    expect(saved.toolsSet.inventar_number).toBe(inventar);
    expect(saved.tools.map((t) => t.serial_number).sort()).toEqual([1, 2, 3].map((i) => `S${stamp}-${i}`));
    const toolIds = saved.tools.map((t) => t.id);

    // The list shows it; a copy gets new ids for the set and its tools.
    const filter = page.getByLabel('Инвентарный номер', { exact: true });
    await filter.fill(inventar);
    const row = page.getByRole('row').filter({ hasText: inventar });
    await row.first().waitFor();
    await row.first().getByRole('button', { name: `Копировать комплект ${inventar}` }).click();
    const copy = page.getByRole('dialog', { name: 'Новый комплект оборудования' });
    await poll(() => copy.getByRole('row').count()).toBe(4);
    await copy.getByLabel('Инвентарный номер', { exact: true }).fill(`${inventar}-К`);
    const copyId = await saveSet(page, copy);
    expect(copyId).not.toBe(setId);
    const copied = (await get(`/tools_sets/${copyId}`)).body as SetView;
    expect(copied.tools).toHaveLength(3);
    expect(copied.tools.some((t) => toolIds.includes(t.id))).toBe(false);

    // Deleting the first set keeps its tools (their set is cleared).
    await filter.fill(inventar);
    await page.getByRole('row').filter({ hasText: `${inventar}-К` }).waitFor();
    const original = page.getByRole('row').filter({ hasText: inventar }).filter({ hasNotText: `${inventar}-К` });
    await original.getByRole('button', { name: `Удалить комплект ${inventar}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Подтверждение' });
    await confirm.getByText('Удалить комплект оборудования (учетные единцы не будут удалены)?').waitFor();
    await confirm.getByRole('button', { name: 'Удалить', exact: true }).click();
    await poll(() => original.count()).toBe(0);
    await poll(async () => (await get(`/tools_sets/${setId}`)).status).toBe(404);
    for (const id of toolIds) {
      const { status, body } = await get(`/tool_card/${id}`);
      expect(status).toBe(200);
      expect((body as { tool: { tools_set_id: number | null } }).tool.tools_set_id).toBeNull();
    }

    // The copy opens from its row (?open={id}); a tool edited through its card is saved with the set.
    await filter.fill(`${inventar}-К`);
    await page.getByRole('row').filter({ hasText: `${inventar}-К` }).getByRole('cell', { name: `${inventar}-К`, exact: true }).click();
    await poll(() => new URL(page.url()).searchParams.get('open')).toBe(String(copyId));
    const opened = page.getByRole('dialog', { name: 'Комплект оборудования' });
    await opened.getByRole('button', { name: /^Изменить Back-UPS 700 / }).click();
    const card = page.getByRole('dialog', { name: 'Оборудование', exact: true });
    await card.getByLabel('Серийный номер', { exact: true }).fill(`S${stamp}-UPS`);
    await card.getByRole('button', { name: 'Сохранить', exact: true }).click();
    await opened.getByRole('cell', { name: `S${stamp}-UPS`, exact: true }).waitFor();
    await saveSet(page, opened);
    const edited = (await get(`/tools_sets/${copyId}`)).body as SetView;
    expect(edited.tools.map((t) => t.serial_number)).toContain(`S${stamp}-UPS`);
    expect(edited.tools.map((t) => t.id).sort()).toEqual(copied.tools.map((t) => t.id).sort());

    // A member tool's card names its set read-only and links to the set's dialog.
    await page.goto(appUrl(`/tools?open=${edited.tools[0]!.id}`));
    const member = page.getByRole('dialog', { name: 'Оборудование', exact: true });
    await poll(() => member.getByLabel('Комплект', { exact: true }).inputValue()).toContain(`инв. № ${inventar}-К`);
    await member.getByRole('link', { name: 'Открыть комплект' }).click();
    await poll(() => page.url()).toContain(`/tools-sets?open=${copyId}`);
    await page.getByRole('dialog', { name: 'Комплект оборудования' }).getByRole('cell', { name: `S${stamp}-UPS`, exact: true }).waitFor();
    expectNoProblems(problems, [/status of 400/]);
  });

  test('court: the sets of its objects, read-only (no add, copy or delete; the dialog has no Save)', async () => {
    const { page, problems } = await browser.open();
    await signIn(page, 'court');
    await page.goto(appUrl('/tools-sets'));
    const table = page.getByRole('table', { name: 'Комплекты оборудования' });
    await table.getByRole('row').nth(1).waitFor();
    expect(await page.getByRole('button', { name: 'Добавить комплект' }).count()).toBe(0);
    expect(await table.getByRole('button', { name: /^Удалить комплект/ }).count()).toBe(0);
    const units = new Set((await table.getByRole('row').allTextContents()).slice(1).map((t) => t.includes('Басманный')));
    expect([...units]).toEqual([true]);
    await table.getByRole('row').nth(1).getByRole('cell').first().click();
    const dialog = page.getByRole('dialog', { name: 'Комплект оборудования' });
    await dialog.getByRole('cell').first().waitFor();
    expect(await dialog.getByRole('button', { name: 'Сохранить' }).count()).toBe(0);
    expect(await dialog.getByLabel('Инвентарный номер', { exact: true }).isDisabled()).toBe(true);
    expectNoProblems(problems);
  });
});
