import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { appUrl, expectNoProblems, launchBrowser, openPage, screenshot, signIn, type FakeNotification } from '../support/browser-harness';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const notifications = (): FakeNotification[] => [
  { id: 'c15-3-3', date_time: '2026-11-20T09:30:00.000Z', info: 'Сообщение по заявке №15', object_id: 15, state: 1 },
  { id: 'n4-3', date_time: '2026-11-19T06:05:00.000Z', info: 'Заявка №12 выполнена', object_id: 12, state: 1 },
  { id: 'c9-1-3', date_time: '2026-11-18T12:00:00.000Z', info: 'Сообщение по заявке №9', object_id: 9, state: 2 },
];

describe('notifications (administration.md 2.4)', () => {
  test('the bell counts new notifications; "Открыть заявку" marks one read and opens its request on the chat tab', async () => {
    const { page, problems, context, notifications: fake } = await openPage(browser, { notifications: notifications() });
    const visited: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(frame.url());
    });
    await signIn(page, 'court');
    const bell = page.getByRole('button', { name: /^Уведомления/ });
    await expect.poll(() => bell.getAttribute('aria-label')).toBe('Уведомления: новых 2');

    await bell.click();
    const list = page.getByRole('list', { name: 'Уведомления' });
    await list.waitFor();
    const text = await list.textContent();
    expect(text).toContain('Сообщение по заявке №15');
    expect(text).toContain('20.11.2026 12:30'); // Moscow time of 09:30Z, DD.MM.YYYY
    expect(text).toContain('Заявка №12 выполнена');
    await screenshot(page, 'notifications-open');

    await list.getByRole('listitem').first().getByRole('button', { name: 'Открыть заявку' }).click();
    await expect.poll(() => fake.reads).toEqual(['c15-3-3']);
    await expect.poll(() => visited).toContain(appUrl('/requests?open=15&tab=chat'));
    // The list is reloaded after the change: one new notification is left. When request 15 exists
    // (other files of the run have created it), its dialog is open and, as a modal, hides the app
    // bar from the accessibility tree.
    const bellBehindDialog = page.getByRole('button', { name: /^Уведомления/, includeHidden: true });
    await expect.poll(() => bellBehindDialog.getAttribute('aria-label')).toBe('Уведомления: новых 1');
    expectNoProblems(problems);
    await context.close();
  });

  test('notifications are polled every 120 seconds while signed in', async () => {
    const { page, problems, context, notifications: fake } = await openPage(browser, { notifications: [] });
    // Requests on their way (the app's own fetching ahead of dialogs included): under a fake clock a
    // jump of two minutes would fire the 120 s timeout of a part still downloading in real time.
    const inFlight = new Set<object>();
    page.on('request', (r) => inFlight.add(r));
    page.on('requestfinished', (r) => inFlight.delete(r));
    page.on('requestfailed', (r) => inFlight.delete(r));
    await page.clock.install();
    await signIn(page, 'engineer');
    await expect.poll(() => fake.gets).toBe(1);
    // Once the screen's own reads are in, a second of the page's time starts what it fetches when quiet.
    await expect.poll(() => inFlight.size).toBe(0);
    await page.clock.runFor(1_000);
    await expect.poll(() => inFlight.size).toBe(0);
    await page.clock.fastForward(118_000);
    expect(fake.gets).toBe(1);
    await page.clock.fastForward(2_000);
    await expect.poll(() => fake.gets).toBe(2);
    expectNoProblems(problems);
    await context.close();
  });
});
