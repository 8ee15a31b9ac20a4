import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { Page, Route } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { appUrl, DEMO_PASSWORD, expectNoProblems, fileBrowser, screenshot, signIn } from '../support/browser-harness';

/**
 * The platform's timings and failures (administration.md 8, 9; equipment.md 9) on the real server:
 * the 500 ms filter and 1000 ms tool-list debounces counted in calls under Playwright's clock, a page
 * part that never arrives failing after 120 s, and 'Ошибка сети. Перегрузите страницу' once the
 * server the page talks to has stopped.
 */

const browser = fileBrowser();
const poll = expect.poll;

/** Paths of the API calls the page makes whose address contains `part`. */
const callsTo = (page: Page, part: string): string[] => {
  const seen: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/api/') && url.pathname.includes(part)) seen.push(decodeURIComponent(url.pathname));
  });
  return seen;
};

/** Real time for a call the page may have started to show up here (the page's clock stays paused). */
const settleReal = (page: Page) => page.waitForTimeout(500);

describe('debounces under a controlled clock', () => {
  test('a text filter of a list asks the server once, 500 ms after the last key (administration.md 9)', async () => {
    const { page, problems } = await browser.open();
    await page.clock.install();
    await signIn(page, 'admin');
    await page.getByRole('button', { name: 'Справочники' }).click();
    await page.getByRole('menuitem', { name: 'Работники', exact: true }).click();
    await page.waitForURL(appUrl('/users'));
    await page.getByRole('heading', { name: 'Работники' }).waitFor();
    const calls = callsTo(page, '/api/users/');
    const field = page.getByLabel('ФИО или логин');
    await field.click();

    await page.clock.pauseAt(Date.now() + 1_000);
    await field.pressSequentially('адм');
    await page.clock.runFor(499);
    await settleReal(page);
    expect(calls.filter((c) => c.includes('адм'))).toEqual([]);
    await page.clock.runFor(1);
    await poll(() => calls.filter((c) => c.includes('адм')).length).toBe(1);
    // Every key restarts the wait: only the whole text was asked for.
    expect(calls.filter((c) => c.includes('"text":"а"') || c.includes('"text":"ад"'))).toEqual([]);
    await page.clock.resume();
    expectNoProblems(problems);
  });

  test('the equipment list asks the server 1000 ms after a filter change, not before (equipment.md 9)', async () => {
    const { page, problems } = await browser.open();
    await page.clock.install();
    await signIn(page, 'engineer');
    await page.getByRole('navigation', { name: 'Главное меню' }).getByRole('button', { name: 'Оборудование', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Список оборудования' }).click();
    await page.waitForURL(appUrl('/tools'));
    await page.locator('table[aria-label="Список оборудования"]').waitFor();
    const calls = callsTo(page, '/api/tool/');
    await page.getByRole('button', { name: 'Фильтр', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Фильтр оборудования' });
    await dialog.getByRole('combobox', { name: 'Состояние' }).click();

    await page.clock.pauseAt(Date.now() + 1_000);
    await page.getByRole('option', { name: 'Неисправно', exact: true }).click();
    const withState = () => calls.filter((c) => c.includes('"tool_state":2'));
    await page.clock.runFor(999);
    await settleReal(page);
    expect(withState()).toEqual([]);
    await page.clock.runFor(1);
    await poll(() => withState().length).toBeGreaterThanOrEqual(1);
    await page.clock.resume();
    expectNoProblems(problems);
  });
});

describe('failures', () => {
  test('a page part that never arrives fails after 120 s with a named error, not before (administration.md 8)', async () => {
    const { page, problems } = await browser.open();
    await page.clock.install();
    await signIn(page, 'admin');
    // From now on no script part answers.
    const held: Route[] = [];
    await page.route('**/assets/*.js', (route) => void held.push(route));
    await page.getByRole('button', { name: 'Справочники' }).click();
    await page.getByRole('menuitem', { name: 'Производители', exact: true }).click();
    await poll(() => held.length, { message: 'the screen asked for a part it did not have' }).toBeGreaterThan(0);

    const failed = page.getByText('Не удалось загрузить часть приложения. Проверьте соединение и перегрузите страницу.');
    await page.clock.fastForward(119_000);
    expect(await failed.count()).toBe(0);
    await page.clock.fastForward(2_000);
    await failed.waitFor();
    await page.getByRole('button', { name: 'Перегрузить' }).waitFor();
    await screenshot(page, 'platform-chunk-timeout');
    for (const route of held) await route.abort().catch(() => undefined);
    expectNoProblems(problems, [/Не удалось загрузить часть приложения/, /net::ERR_FAILED/, /ChunkLoadError/]);
  });

  test("the server stopped: the next call shows 'Ошибка сети. Перегрузите страницу'", async () => {
    // The page talks to the server through a relay of this test; closing the relay stops "the server"
    // for the page: the next connection is refused, as by a stopped server.
    const target = new URL(appUrl('/'));
    const sockets = new Set<Socket>();
    const relay = http.createServer((req, res) => {
      const upstream = http.request({ host: target.hostname, port: target.port, path: req.url, method: req.method, headers: { ...req.headers, host: target.host } }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      upstream.on('error', () => res.destroy());
      req.pipe(upstream);
    });
    relay.on('connection', (s) => {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
    });
    await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(relay.address() as AddressInfo).port}`;
    const stop = () =>
      new Promise<void>((resolve) => {
        relay.close(() => resolve());
        for (const s of sockets) s.destroy();
      });

    try {
      const { page, problems } = await browser.open();
      await page.goto(`${base}/login`);
      await page.getByLabel('Логин').fill('engineer');
      await page.getByLabel('Пароль').fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: 'Войти', exact: true }).click();
      await page.getByTestId('user-fio').waitFor();
      await page.getByRole('navigation', { name: 'Главное меню' }).getByRole('button', { name: 'Оборудование', exact: true }).click();
      await page.getByRole('menuitem', { name: 'Список оборудования' }).click();
      const pager = page.getByRole('navigation', { name: 'Страницы' });
      await pager.getByRole('button', { name: 'Страница 2' }).waitFor();

      await stop();
      await pager.getByRole('button', { name: 'Страница 2' }).click();
      await poll(() => page.getByTestId('global-notice').textContent()).toBe('Ошибка сети. Перегрузите страницу');
      await screenshot(page, 'platform-server-stopped');
      // The user stays signed in: the failure is the network's, not the session's.
      await page.getByTestId('user-fio').waitFor();
      expectNoProblems(problems, [/net::ERR_CONNECTION_REFUSED/, /Failed to fetch/, /ERR_CONNECTION_RESET/, /ERR_EMPTY_RESPONSE/]);
    } finally {
      if (relay.listening) await stop();
    }
  });
});
