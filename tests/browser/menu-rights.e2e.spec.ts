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

/**
 * Each demo role's whole menu (administration.md 2.3 with the rights of section 6; demo roles in
 * api/seed/demo-data.ts), written out from the rights, not read from menu.ts: an item shows when the
 * role holds its right and its screen exists. Support news, manuals, version history and requests to
 * the administrator are open to every signed-in user; each report needs FULL of its own report right;
 * 'Документы на подпись' (a plain link, not a group) FULL of any signing right.
 */
const NEWS = 'Новости поддержки';
const SUPPORT_ALL = ['Новая заявка', 'Создать группу заявок', 'Список заявок', 'Заявки головного исполнителя', NEWS];
const TOOLS_READ_ITEMS = ['Список оборудования', 'Комплекты оборудования', 'Возраст оборудования', 'Инвентаризация'];
const REFERENCE_READER_ITEMS = ['Балансодержатели', 'Организации', 'Модели оборудования', 'Производители', 'Подсистемы ГАС «Правосудие»', 'Программное обеспечение'];
// Requests to the administrator (decisions 57–66) are open to every signed-in user.
const HELP = ['Запросы администратору', 'История версий', 'О программе', 'Обучающие материалы'];
// The court reports (decisions 87–96), each with its own report right: admin and the branch chief hold them all.
const REPORTS = [
  'Приложение 1 (списания)', 'Приложение 2 (заявки)', 'Приложение 3 (ввод в эксплуатацию)', 'Журнал архива заявок',
  'Отчет по ремонтам 1', 'Отчет по ремонтам 2', 'Отчет по ремонтам 3', 'Количество оборудования, ожидающего ремонта',
  'Ожидающие ремонта: старше и моложе 5 лет', 'Гарантийные и постгарантийные ремонты', 'Краткая таблица ремонтов',
  'Отчет об отказах', 'Отчет по подсистемам ГАС', 'Отчет по оборудованию 1',
];
/** Who sees the 'Документы на подпись' link: the holders of a signing right. */
const SIGNERS = new Set(['admin', 'signer']);
// The four orders (PDFs of the public docs folder) for every signed-in user, then the technical document
// dialogs (decisions 87–96), which need request read OWN or ALL, which every demo role holds.
const ORDERS = ['Приказ о технической поддержке ГАС «Правосудие»', 'Приказ об эксплуатации оборудования', 'Приказ о списании оборудования', 'Приказ об информационной безопасности'];
const DOCS = [...ORDERS, 'Формуляр', 'Табличная часть формуляра', 'Паспорт оборудования', 'Паспорт общего программного обеспечения', 'Паспорт специального программного обеспечения'];

const expectedMenus: Record<string, Record<string, string[]>> = {
  admin: {
    Техподдержка: SUPPORT_ALL,
    Оборудование: ['Добавить оборудование', 'Добавить комплект', ...TOOLS_READ_ITEMS, 'Комплекты ЗИП', 'Импорт из Excel'],
    Отчеты: REPORTS,
    Справочники: [
      'Регионы', 'Балансодержатели', 'Организации', 'Виды организаций', 'Работники', 'Исполнители Техподдержки', 'Должности',
      'Модели оборудования', 'Виды оборудования', 'Характеристики оборудования', 'Виды комплектов оборудования', 'Производители',
      'Подсистемы ГАС «Правосудие»', 'Программное обеспечение', 'Типовые неисправности', 'Сервисные центры', 'Категории проблем', 'Импорт объектов',
    ],
    Документация: DOCS,
    Помощь: HELP,
    Администрирование: ['Роли и права', 'Исходящие письма и вызовы ГЛ', 'Приказы раздела «Документация»', 'Журнал аудита', 'Доверенные УЦ', 'Проверка моделей оборудования', 'Проверка оборудования'],
  },
  engineer: {
    Техподдержка: ['Новая заявка', 'Список заявок', NEWS],
    Оборудование: ['Добавить оборудование', 'Добавить комплект', ...TOOLS_READ_ITEMS, 'Комплекты ЗИП'],
    Справочники: REFERENCE_READER_ITEMS,
    Документация: DOCS,
    Помощь: HELP,
  },
  court: { Техподдержка: ['Новая заявка', 'Список заявок', NEWS], Оборудование: TOOLS_READ_ITEMS, Документация: DOCS, Помощь: HELP },
  signer: { Техподдержка: ['Список заявок', NEWS], Оборудование: TOOLS_READ_ITEMS, Документация: DOCS, Помощь: HELP },
  chief: {
    Техподдержка: ['Новая заявка', 'Создать группу заявок', 'Список заявок', NEWS],
    Оборудование: [...TOOLS_READ_ITEMS, 'Комплекты ЗИП'],
    Отчеты: REPORTS,
    Справочники: [
      'Балансодержатели', 'Организации', 'Работники', 'Должности', 'Модели оборудования', 'Производители',
      'Подсистемы ГАС «Правосудие»', 'Программное обеспечение', 'Типовые неисправности', 'Сервисные центры',
    ],
    Документация: DOCS,
    Помощь: HELP,
  },
  senior: {
    Техподдержка: ['Новая заявка', 'Список заявок', 'Заявки головного исполнителя', NEWS],
    Оборудование: TOOLS_READ_ITEMS,
    Справочники: ['Балансодержатели', 'Организации', 'Исполнители Техподдержки', 'Модели оборудования', 'Производители', 'Подсистемы ГАС «Правосудие»', 'Программное обеспечение'],
    Документация: DOCS,
    Помощь: HELP,
  },
  hotline: { Техподдержка: ['Список заявок', 'Заявки головного исполнителя', NEWS], Справочники: ['Программное обеспечение'], Документация: DOCS, Помощь: HELP },
};

describe('the main menu follows rights (administration.md 2.3, 6)', () => {
  test.each(Object.keys(expectedMenus))('%s sees exactly the groups and items of its rights', async (login) => {
    const { page, problems, context } = await openPage(browser);
    await signIn(page, login);
    const expected = expectedMenus[login]!;
    expect(await menuGroups(page)).toEqual(Object.keys(expected));
    for (const [group, items] of Object.entries(expected)) expect(await itemsOf(page, group), `${login}: ${group}`).toEqual(items);
    const signLink = page.getByRole('navigation', { name: 'Главное меню' }).getByRole('link', { name: 'Документы на подпись', exact: true });
    expect(await signLink.count(), `${login}: Документы на подпись`).toBe(SIGNERS.has(login) ? 1 : 0);
    expect(await page.getByRole('navigation', { name: 'Главное меню' }).getByRole('button', { disabled: true }).count()).toBe(0);
    expectNoProblems(problems);
    await context.close();
  });

  test('a court user sees no administration items; Help leads to the About page', async () => {
    const { page, problems, context } = await openPage(browser);
    await signIn(page, 'court');
    const groups = await menuGroups(page);
    for (const group of ADMINISTRATION_GROUPS) expect(groups).not.toContain(group);

    await page.getByRole('button', { name: 'Помощь' }).click();
    const items = await page.getByRole('menuitem').allTextContents();
    expect(items).toEqual(HELP);
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

  test('menus grow open as MUI animates them, and at once for a user whose system asks for less motion', async () => {
    const menuTransition = async (reducedMotion: 'reduce' | 'no-preference') => {
      const context = await browser.newContext({ locale: 'ru-RU', viewport: { width: 1440, height: 900 }, reducedMotion });
      const page = await context.newPage();
      await signIn(page, 'court');
      await page.getByRole('button', { name: 'Помощь' }).click();
      const paper = page.locator('.MuiMenu-paper');
      await paper.waitFor();
      const durations = await paper.evaluate((el) => getComputedStyle(el).transitionDuration);
      await context.close();
      return durations.split(',').map((d) => parseFloat(d));
    };
    expect(Math.max(...(await menuTransition('no-preference')))).toBeGreaterThan(0);
    expect(Math.max(...(await menuTransition('reduce')))).toBe(0);
  });
});
