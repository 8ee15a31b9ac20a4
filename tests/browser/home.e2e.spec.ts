import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { apiAs, appUrl, expectNoProblems, launchBrowser, openPage, screenshot, signIn } from '../support/browser-harness';

/** Polls for up to 15 s: the machine is shared. */
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000, interval: 100 });

/**
 * The home page of a signed-in user (administration.md 2.1 'Home'): the title and version stay, the
 * user's blocks show under them, and each number opens the list it counts.
 */

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
  // Work for the engineer: a request assigned to him (not taken yet).
  const chief = await apiAs('chief');
  const engineer = await apiAs('engineer');
  const court = await apiAs('court');
  const unit = (await court.get<{ user_unit: Array<{ id: number }> }>('/user_unit')).user_unit[0]!.id;
  const task = (request_text: string) =>
    chief.call<{ savedRequest: { id: number } }>('POST', '/request', {
      request: { region_id: chief.user.region_id ?? 1, unit_id: unit, contact_kind: 1, contact_id: court.user.id, request_kind_id: 8, request_text },
      engineers: [engineer.user.id],
    });
  await task('Проверить ИБП');
  // A request sent back for re-execution: taken, performed (a task with its result), 'На повторное исполнение'.
  const { id } = (await task('Заменить патч-корд в зале заседаний')).savedRequest;
  await engineer.call('POST', `/request/${id}/take`, {});
  await engineer.call('PUT', '/request', { request: { id, result: 'fulfilled', note: 'Патч-корд заменён' } }, true);
  await chief.call('POST', `/request/${id}/reexecute`, {});
  // A new notification for the engineer (the home page's unread number).
  await chief.call('POST', '/create_notifications', { notificationType: 1, requestId: id, usersIds: [engineer.user.id], notificationInfo: 'Проверьте патч-корд' });
});
afterAll(async () => {
  await browser?.close();
});

const numbers = (page: Page, block: string) => page.getByTestId(block).locator('a[data-testid^="home-number-"]');

/** Opens every number of the block in turn and compares it with the list's count. */
const checkBlock = async (page: Page, block: string) => {
  await page.getByTestId(block).waitFor();
  const count = await numbers(page, block).count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) {
    const link = numbers(page, block).nth(i);
    const label = await link.getAttribute('aria-label');
    const shown = Number(await link.textContent());
    await link.click();
    await page.waitForURL((url) => url.pathname.startsWith('/requests'));
    await poll(() => page.getByTestId('items-count').textContent()).toBe(`Всего: ${shown}`);
    await poll(() => page.locator('table[aria-label="Список заявок"]').getAttribute('aria-busy')).toBe('false');
    expect(await page.getByTestId('items-count').textContent(), label ?? '').toBe(`Всего: ${shown}`);
    await page.goto(appUrl('/'));
    await page.getByTestId(block).waitFor();
  }
};

describe('the home page', () => {
  test("a chief's numbers each equal the list they open; the title and version stay", async () => {
    const { page, problems, context } = await openPage(browser);
    await signIn(page, 'chief');
    await page.goto(appUrl('/'));
    await page.getByTestId('home-version').waitFor();
    await page.getByTestId('home-branch').waitFor();
    await page.getByTestId('home-chart').waitFor();
    await screenshot(page, 'home-chief');
    await checkBlock(page, 'home-branch');
    await checkBlock(page, 'home-mine');
    expectNoProblems(problems);
    await context.close();
  });

  test("an engineer's requests waiting for him open as his list", async () => {
    const { page, problems, context } = await openPage(browser);
    await signIn(page, 'engineer');
    await page.goto(appUrl('/'));
    await page.getByTestId('home-mine').waitFor();
    expect(Number(await page.getByTestId('home-number-assigned').textContent())).toBeGreaterThan(0);
    expect(Number(await page.getByTestId('home-number-returned').textContent())).toBeGreaterThan(0);
    expect(await page.getByTestId('home-branch').count()).toBe(0);
    await checkBlock(page, 'home-mine');
    // The returned request is in the list 'returned' opens, with the condition among the chips.
    await page.getByTestId('home-number-returned').click();
    await page.waitForURL((url) => url.pathname === '/requests');
    await poll(() => page.locator('table[aria-label="Список заявок"]').textContent()).toContain('Заменить патч-корд в зале заседаний');
    await poll(() => page.getByText('Возвращены на повторное исполнение').count()).toBeGreaterThan(0);
    expectNoProblems(problems);
    await context.close();
  });

  test('the unread notifications number opens only the new notifications, and the address keeps the filter', async () => {
    const { page, problems, context } = await openPage(browser);
    await signIn(page, 'engineer');
    await page.goto(appUrl('/'));
    const link = page.getByTestId('home-number-notifications');
    await link.waitFor();
    const shown = Number(await link.textContent());
    expect(shown).toBeGreaterThan(0);
    await link.click();
    await page.waitForURL((url) => url.pathname === '/notifications' && url.searchParams.get('unread') === '1');
    await poll(() => page.getByTestId('items-count').textContent()).toMatch(new RegExp(`^Всего: ${shown},`));
    const table = page.locator('table[aria-label="Уведомления"]');
    await poll(() => table.locator('tbody tr[data-state="new"]').count()).toBe(Math.min(shown, 20));
    expect(await table.locator('tbody tr[data-state="read"]').count()).toBe(0);
    expect(await page.getByLabel('Только новые').isChecked()).toBe(true);
    // Every notification without the filter; the address forgets it, and a shared address restores it.
    // The box follows the address, which React Router changes in a transition: the state settles a moment after the click.
    await page.getByLabel('Только новые').click();
    await page.waitForURL((url) => url.pathname === '/notifications' && !url.searchParams.has('unread'));
    await poll(() => page.getByLabel('Только новые').isChecked()).toBe(false);
    await poll(async () => Number(/^Всего: (\d+)/.exec((await page.getByTestId('items-count').textContent()) ?? '')?.[1] ?? -1)).toBeGreaterThanOrEqual(shown);
    await page.goto(appUrl('/notifications?unread=1'));
    await poll(() => page.getByTestId('items-count').textContent()).toMatch(new RegExp(`^Всего: ${shown},`));
    await screenshot(page, 'home-unread-notifications');
    expectNoProblems(problems);
    await context.close();
  });
});
