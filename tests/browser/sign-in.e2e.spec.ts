import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { apiAs, appUrl, expectNoProblems, launchBrowser, openPage, screenshot, signIn } from '../support/browser-harness';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('home and sign-in (administration.md 2.2, 2.3, 2.5)', () => {
  test('a guest sees the title, version, date and support phone, no main menu, and may open only Home and Login', async () => {
    const { page, problems, context } = await openPage(browser);
    await page.goto(appUrl('/'));
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Служба ИТ-поддержки судов');
    await expect.poll(() => page.getByTestId('home-version').textContent()).toBe('Версия 7.16.69 от 22.11.2026');
    await expect.poll(() => page.getByTestId('support-phone').textContent()).toBe('Телефон поддержки: 8-800-000-00-00');
    expect(await page.getByRole('navigation', { name: 'Главное меню' }).count()).toBe(0);
    await screenshot(page, 'home-guest');

    await page.goto(appUrl('/about'));
    await page.waitForURL(appUrl('/'));
    await page.goto(appUrl('/no-such-screen'));
    await page.waitForURL(appUrl('/'));
    expectNoProblems(problems);
    await context.close();
  });

  test('empty fields and a wrong password are refused in Russian; the right one signs in and shows the user in the header', async () => {
    const { page, problems, context } = await openPage(browser);
    await page.goto(appUrl('/'));
    await page.getByRole('link', { name: 'Войти в систему' }).click();
    await page.waitForURL(appUrl('/login'));

    await page.getByRole('button', { name: 'Войти', exact: true }).click();
    await page.getByText('Введите логин').waitFor();
    await page.getByText('Введите пароль').waitFor();

    await page.getByLabel('Логин').fill('admin');
    await page.getByLabel('Пароль').fill('wrong-password');
    await page.getByRole('button', { name: 'Войти', exact: true }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Неверный логин или пароль');
    await screenshot(page, 'login-wrong-password');

    await page.getByLabel('Пароль').fill('demo2026');
    await page.getByRole('button', { name: 'Войти', exact: true }).click();
    await page.waitForURL(appUrl('/'));

    // The post comes from the references cached after sign-in, the organisation with the user.
    const admin = await apiAs('admin');
    const { posts } = await admin.get<{ posts: Array<{ id: number; title: string }> }>('/posts');
    const { organizations } = await admin.get<{ organizations: Array<{ id: number; name: string }> }>('/organization');
    const post = posts.find((p) => p.id === admin.user.post_id)?.title;
    const organization = organizations.find((o) => o.id === admin.user.organization_id)?.name;
    expect(post && organization).toBeTruthy();
    await expect.poll(() => page.getByTestId('user-fio').textContent()).toBe('Смирнов Алексей Викторович');
    await expect.poll(() => page.getByTestId('user-details').textContent()).toBe(`${post}, ${organization}`);
    await page.getByRole('navigation', { name: 'Главное меню' }).waitFor();
    await screenshot(page, 'home-admin');

    // A signed-in user opening /login goes Home.
    await page.goto(appUrl('/login'));
    await page.waitForURL(appUrl('/'));
    await page.getByTestId('user-fio').waitFor();

    // The browser itself logs the refused sign-in call (401).
    expectNoProblems(problems, [/status of 401/]);
    await context.close();
  });

  test('signing out leaves the user as a guest on Home and forgets the stored session', async () => {
    const { page, problems, context } = await openPage(browser);
    await signIn(page, 'engineer');
    expect(await page.evaluate(() => window.sessionStorage.length)).toBe(1);

    await page.goto(appUrl('/about'));
    await page.getByRole('button', { name: 'Учетная запись' }).click();
    await page.getByRole('menuitem', { name: 'Выйти' }).click();
    await page.waitForURL(appUrl('/'));
    await page.getByRole('link', { name: 'Войти', exact: true }).waitFor();
    expect(await page.getByTestId('user-fio').count()).toBe(0);
    expect(await page.getByRole('navigation', { name: 'Главное меню' }).count()).toBe(0);
    expect(await page.evaluate(() => window.sessionStorage.length)).toBe(0);

    // After a reload the user is still a guest.
    await page.reload();
    await page.getByRole('link', { name: 'Войти в систему' }).waitFor();
    expect(await page.getByTestId('user-fio').count()).toBe(0);
    expectNoProblems(problems);
    await context.close();
  });
});
