import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { appUrl, expectNoProblems, launchBrowser, openPage, screenshot, signIn } from '../support/browser-harness';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const notice = (page: Page) => page.getByTestId('global-notice');

describe('global errors and the version notice (administration.md 1, 8)', () => {
  test('no answer at all: "Ошибка сети. Перегрузите страницу"', async () => {
    const { page, problems, context } = await openPage(browser);
    await page.route('**/api/app_info', (route) => route.abort('connectionrefused'));
    await page.goto(appUrl('/'));
    await expect.poll(() => notice(page).textContent()).toBe('Ошибка сети. Перегрузите страницу');
    await screenshot(page, 'notice-network-error');
    expectNoProblems(problems, [/net::ERR_CONNECTION_REFUSED/]);
    await context.close();
  });

  test("another error shows the server's message in red and keeps the user signed in", async () => {
    const { page, problems, context } = await openPage(browser);
    await signIn(page, 'court');
    await page.route('**/api/app_info', (route) =>
      route.fulfill({ status: 409, contentType: 'application/json', body: JSON.stringify({ message: 'Справка временно недоступна' }) }),
    );
    await page.reload();
    await expect.poll(() => notice(page).textContent()).toBe('Справка временно недоступна');
    expect(await notice(page).getAttribute('class')).toMatch(/MuiAlert-colorError/);
    await page.getByTestId('user-fio').waitFor();
    expectNoProblems(problems, [/status of 409/]);
    await context.close();
  });

  test('a server of another version offers a reload to signed-in users only', async () => {
    const { page, problems, context } = await openPage(browser, { serverVersion: '7.16.70' });
    await page.goto(appUrl('/'));
    await page.getByTestId('home-version').waitFor();
    const update = page.getByRole('button', { name: 'Доступна новая версия, нажмите для обновления' });
    expect(await update.count()).toBe(0);

    await signIn(page, 'admin');
    await update.waitFor();
    await screenshot(page, 'new-version-admin');
    expectNoProblems(problems);
    await context.close();
  });
});
