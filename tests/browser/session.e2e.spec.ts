import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { appUrl, expectNoProblems, launchBrowser, openPage, signIn, withNotice } from '../support/browser-harness';
import { SESSION_STORAGE_KEY } from '../../web/src/lib/session/session-key';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const storedSession = (page: Page) =>
  page.evaluate((key) => {
    const raw = window.sessionStorage.getItem(key);
    return raw ? (JSON.parse(raw) as { user: { id: number; fio: string }; token: string }) : null;
  }, SESSION_STORAGE_KEY);

describe('the session (administration.md 9: the user in sessionStorage under a fixed key)', () => {
  test('a reload keeps the session and the page; every answer slides the token', async () => {
    const { page, problems, context } = await openPage(browser);
    await signIn(page, 'chief');
    const first = await storedSession(page);
    expect(first?.user.fio).toBe('Орлова Елена Игоревна');

    await page.goto(appUrl('/about'));
    await page.getByRole('heading', { name: 'О программе' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'О программе' }).waitFor();
    expect(page.url()).toBe(appUrl('/about'));
    await expect.poll(() => page.getByTestId('user-fio').textContent()).toBe('Орлова Елена Игоревна');

    // GET /api/auth/me after the reload answered with a fresh token, which is now the stored one.
    await expect.poll(async () => (await storedSession(page))?.token).not.toBe(first?.token);
    expectNoProblems(problems);
    await context.close();
  });

  test('a session the server no longer accepts ends on reload: the user is a guest on Home', async () => {
    const { page, problems, context } = await openPage(browser);
    await signIn(page, 'court');
    // The running client mirrors its own (valid) token into sessionStorage whenever an answer slides
    // it, so a token forged beside it is overwritten by any call still in flight (after sign-in the
    // references load; on a busy machine they answer late). Forge it while no client runs on the
    // origin: on a plain JSON answer of the same origin, which shares the tab's sessionStorage.
    await page.goto(appUrl('/api/app_info'));
    await page.evaluate((key) => {
      const stored = JSON.parse(window.sessionStorage.getItem(key) ?? '{}') as { token: string };
      window.sessionStorage.setItem(key, JSON.stringify({ ...stored, token: 'forged.token' }));
    }, SESSION_STORAGE_KEY);

    // The client starts on /about with the stored session, as after a reload.
    await page.goto(appUrl('/about'));
    await page.waitForURL(appUrl('/'));
    await page.getByRole('link', { name: 'Войти в систему' }).waitFor();
    await expect.poll(() => page.getByTestId('global-notice').textContent()).toBe('Сеанс истек. Войдите в систему снова');
    expect(await storedSession(page)).toBeNull();
    expectNoProblems(problems, [/status of 401/]);
    await context.close();
  });

  test('after a save, every call carries back the log position its answer named (read-your-writes on any server process)', async () => {
    const { page, problems, context } = await openPage(browser);
    await signIn(page, 'admin');
    await page.goto(appUrl('/posts'));
    await page.getByRole('heading', { name: 'Должности' }).waitFor();
    const sent: Array<{ method: string; position: string | undefined }> = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/')) sent.push({ method: r.method(), position: r.headers()['x-log-position'] });
    });
    const named: string[] = [];
    // Calls sent once the save's answer has named its position (a call already on its way cannot carry it).
    let answeredAt = -1;
    page.on('response', (r) => {
      const position = r.headers()['x-log-position'];
      if (!position) return;
      if (answeredAt < 0) answeredAt = sent.length;
      named.push(position);
    });
    await page.getByRole('button', { name: 'Добавить' }).click();
    const dialog = page.getByRole('dialog', { name: 'Должности: добавление' });
    await dialog.getByLabel('Наименование').fill(`Помощник ${Date.now()}`);
    await withNotice(page, 'Сохранено', () => dialog.getByRole('button', { name: 'Сохранить' }).click());
    await expect.poll(() => named.length).toBeGreaterThan(0);
    expect(named[0]).toMatch(/^\d+\.\d+$/);
    // The list reloads after the save: that call, and every later one, sends the position back.
    await expect.poll(() => sent.slice(answeredAt).filter((c) => c.method === 'GET').length).toBeGreaterThan(0);
    for (const c of sent.slice(answeredAt)) expect(c.position).toBe(named[0]);
    expectNoProblems(problems);
    await context.close();
  });
});
