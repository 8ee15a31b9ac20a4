import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { appUrl, expectNoProblems, launchBrowser, menuGroups, openPage, screenshot, signIn } from '../support/browser-harness';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const ADMINISTRATION_GROUPS = ['Справочники', 'Администрирование'];

const itemsOf = async (page: Parameters<typeof menuGroups>[0], group: string) => {
  await page.getByRole('button', { name: group }).click();
  const items = await page.getByRole('menuitem').allTextContents();
  await page.keyboard.press('Escape');
  return items;
};

describe('the main menu follows rights (administration.md 2.3, 6)', () => {
  test('the administrator sees every item of the screens that exist; groups without screens are hidden', async () => {
    const { page, problems, context } = await openPage(browser);
    await signIn(page, 'admin');
    // References, equipment, reports and administration screens are later issues: hidden, never disabled or dead.
    expect(await menuGroups(page)).toEqual(['Техподдержка', 'Помощь']);
    expect(await itemsOf(page, 'Техподдержка')).toEqual([
      'Новая заявка',
      'Создать группу заявок',
      'Список заявок',
      'Заявки головного исполнителя',
    ]);
    expect(await page.getByRole('navigation', { name: 'Главное меню' }).getByRole('button', { disabled: true }).count()).toBe(0);
    expectNoProblems(problems);
    await context.close();
  });

  test('a court user sees no administration items; Help leads to the About page', async () => {
    const { page, problems, context } = await openPage(browser);
    await signIn(page, 'court');
    const groups = await menuGroups(page);
    expect(groups).toEqual(['Техподдержка', 'Помощь']);
    for (const group of ADMINISTRATION_GROUPS) expect(groups).not.toContain(group);
    // Only what the court's rights allow: create and read requests, no group creation or head-performer list.
    expect(await itemsOf(page, 'Техподдержка')).toEqual(['Новая заявка', 'Список заявок']);

    await page.getByRole('button', { name: 'Помощь' }).click();
    const items = await page.getByRole('menuitem').allTextContents();
    expect(items).toEqual(['О программе']);
    await screenshot(page, 'menu-help-court');
    await page.getByRole('menuitem', { name: 'О программе' }).click();
    await page.waitForURL(appUrl('/about'));
    await page.getByRole('heading', { name: 'О программе' }).waitFor();
    await expect.poll(() => page.getByRole('table', { name: 'Сведения о программе' }).textContent()).toContain('0.0.20');
    await screenshot(page, 'about-court');

    // The Home button of the menu.
    await page.getByRole('link', { name: 'Главная' }).click();
    await page.waitForURL(appUrl('/'));
    expectNoProblems(problems);
    await context.close();
  });

  test('an engineer sees the request items of their rights and no administration', async () => {
    const { page, problems, context } = await openPage(browser);
    await signIn(page, 'engineer');
    expect(await menuGroups(page)).toEqual(['Техподдержка', 'Помощь']);
    expect(await itemsOf(page, 'Техподдержка')).toEqual(['Новая заявка', 'Список заявок']);
    expectNoProblems(problems);
    await context.close();
  });
});
