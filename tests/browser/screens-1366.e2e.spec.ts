import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { apiAs, appUrl, expectNoProblems, fileBrowser, screenshot, signIn } from '../support/browser-harness';

/**
 * A working day at 1366×768: the lists in the compact density (requests.md 2.1, equipment.md 2),
 * the request dialog's History tab, the roles grid (the Documents tab is measured in signing.e2e,
 * where a request has signed documents). Each screen is measured: no
 * content sticking out of a box that does not scroll, no header broken inside a word, and the
 * request list showing at least 12 rows without scrolling.
 */

const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000, interval: 100 });
const browser = fileBrowser();
const VIEWPORT = { width: 1366, height: 768 };

const open = async (login: string) => {
  const opened = await browser.open();
  await opened.page.setViewportSize(VIEWPORT);
  await signIn(opened.page, login);
  return opened;
};

/**
 * Elements under `selector` that stick out of their nearest box that clips (cut off) or, with no
 * such box, out of the viewport; a box that scrolls holds anything. Text cut with '…' is the text
 * node's, not an element's, so it passes.
 */
const overflowing = (page: Page, selector: string) =>
  page.evaluate((sel) => {
    const found: string[] = [];
    const clipper = (el: Element): Element | null => {
      for (let p = el.parentElement; p; p = p.parentElement) if (getComputedStyle(p).overflowX !== 'visible') return p;
      return null;
    };
    for (const root of document.querySelectorAll(sel))
      for (const el of root.querySelectorAll('*')) {
        const r = el.getBoundingClientRect();
        // Progress bars slide their parts in and out of view on purpose.
        if (r.width <= 1 || r.height <= 1 || el.closest('[role="progressbar"], [aria-hidden="true"]')) continue;
        const box = clipper(el);
        const style = box && getComputedStyle(box).overflowX;
        if (style === 'auto' || style === 'scroll') continue;
        const right = box ? box.getBoundingClientRect().right : window.innerWidth;
        if (r.right > right + 1) found.push(`${el.tagName.toLowerCase()} "${(el.textContent ?? '').slice(0, 30)}" ${Math.round(r.right)} > ${Math.round(right)}`);
      }
    if (document.documentElement.scrollWidth > window.innerWidth) found.push(`page ${document.documentElement.scrollWidth} > ${window.innerWidth}`);
    return found;
  }, selector);

/** Words of the headers under `selector` drawn on more than one line, or headers wider than their cell. */
const brokenHeaders = (page: Page, selector: string) => brokenWords(page, `${selector} th, ${selector} [role="columnheader"]`);

/** Words of the elements `selector` finds drawn on more than one line, or elements wider than their box. */
const brokenWords = (page: Page, selector: string) =>
  page.evaluate((sel) => {
    const found: string[] = [];
    for (const th of document.querySelectorAll(sel)) {
      const walker = document.createTreeWalker(th, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode() as Text | null; n; n = walker.nextNode() as Text | null)
        // A slash joins two words ('ГЛ/Филиал'): a line may end after it.
        for (const m of n.data.matchAll(/[^\s/]+/g)) {
          const range = document.createRange();
          range.setStart(n, m.index);
          range.setEnd(n, m.index + m[0].length);
          const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
          if (tops.size > 1) found.push(m[0]);
        }
      if (th.scrollWidth > th.clientWidth + 1) found.push(`${th.textContent} (wider than its cell)`);
    }
    return found;
  }, selector);

/** Rows under `selector` whose bottom is inside the window. */
const rowsInView = (page: Page, selector: string) =>
  page.evaluate((sel) => [...document.querySelectorAll(sel)].filter((r) => r.getBoundingClientRect().bottom <= window.innerHeight).length, selector);

const requestTable = 'table[aria-label="Список заявок"]';
const toolTable = 'table[aria-label="Список оборудования"]';

describe('the lists at 1366×768', () => {
  test('the request list: ≥12 one-line rows in view, whole headers, nothing cut off; the density is the user’s', async () => {
    const chief = await apiAs('chief');
    const units = (await chief.get<{ user_unit: Array<{ id: number }> }>('/user_unit')).user_unit.map((u) => u.id);
    // Long texts: a compact row still takes one line.
    for (let i = 0; i < Math.ceil(24 / units.length); i++)
      await chief.call('POST', '/request_multiple', { unitsIds: units, requestText: `Плановая проверка оборудования залов судебных заседаний и рабочих мест секретарей, круг ${i + 1}: принтеры, сканеры, система аудиопротоколирования` });

    const { page, problems } = await open('chief');
    await page.goto(appUrl('/requests'));
    await page.locator(`${requestTable}[aria-busy="false"] tbody tr[data-request-id]`).first().waitFor();
    expect(await page.locator(requestTable).getAttribute('data-density')).toBe('compact');
    const height = await page.locator(`${requestTable} tbody tr[data-request-id]`).first().evaluate((r) => r.getBoundingClientRect().height);
    expect(height).toBeLessThan(36);
    expect(await rowsInView(page, `${requestTable} tbody tr[data-request-id]`)).toBeGreaterThanOrEqual(12);
    expect(await brokenHeaders(page, requestTable)).toEqual([]);
    expect(await overflowing(page, 'main')).toEqual([]);
    // The whole text is in the tooltip.
    const text = page.locator(`${requestTable} tbody tr[data-request-id]`).first().locator('td span[title]').last();
    expect(await text.getAttribute('title')).toMatch(/^Плановая проверка .* аудиопротоколирования$/);
    await screenshot(page, 'screens-1366-requests-compact');

    // 'Обычно' wraps the rows; the choice stays after a reload, for this user only.
    await page.getByRole('button', { name: 'Обычно' }).click();
    await poll(() => page.locator(requestTable).getAttribute('data-density')).toBe('normal');
    expect(await brokenHeaders(page, requestTable)).toEqual([]);
    await page.reload();
    await page.locator(`${requestTable}[aria-busy="false"] tbody tr[data-request-id]`).first().waitFor();
    expect(await page.locator(requestTable).getAttribute('data-density')).toBe('normal');
    await page.getByRole('button', { name: 'Компактно' }).click();
    await poll(() => page.locator(requestTable).getAttribute('data-density')).toBe('compact');
    expectNoProblems(problems);
  });

  test('the equipment list: whole headers, one-line rows, nothing cut off outside its scrolling table', async () => {
    const { page, problems } = await open('admin');
    await page.goto(appUrl('/tools'));
    await page.locator(`${toolTable}[aria-busy="false"] tbody tr[data-tool-id]`).first().waitFor();
    expect(await page.locator(toolTable).getAttribute('data-density')).toBe('compact');
    expect(await brokenHeaders(page, toolTable)).toEqual([]);
    expect(await overflowing(page, 'main')).toEqual([]);
    expect(await rowsInView(page, `${toolTable} tbody tr[data-tool-id]`)).toBeGreaterThanOrEqual(10);
    await screenshot(page, 'screens-1366-tools-compact');
    await page.getByRole('button', { name: 'Обычно' }).click();
    await poll(() => page.locator(toolTable).getAttribute('data-density')).toBe('normal');
    expect(await brokenHeaders(page, toolTable)).toEqual([]);
    expect(await overflowing(page, 'main')).toEqual([]);
    await screenshot(page, 'screens-1366-tools-normal');
    expectNoProblems(problems);
  });
});

describe('the request dialog at 1366×768', () => {
  test('the History tab: one group per save with one moment button, names whole, nothing cut off', async () => {
    const chief = await apiAs('chief');
    const court = await apiAs('court');
    const units = (await court.get<{ user_unit: Array<{ id: number }> }>('/user_unit')).user_unit;
    const { savedRequest } = await chief.call<{ savedRequest: { id: number } }>('POST', '/request', {
      request: { region_id: chief.user.region_id, unit_id: units[0]!.id, contact_kind: 1, contact_id: court.user.id, request_kind_id: 11, request_text: 'Консультация по работе модуля «Судебное делопроизводство»' },
    });
    const { page, problems } = await open('chief');
    await page.goto(appUrl(`/requests?open=${savedRequest.id}`));
    const dialog = page.getByRole('dialog');
    const text = dialog.getByLabel('Описание', { exact: true });
    for (const add of [' Уточнение: модуль обновлён.', ' Путь: \\\\srv-sudrf-01\\logs\\print-spooler\\queue-error-0x0000011b-details.txt']) {
      await text.fill((await text.inputValue()) + add);
      await dialog.getByRole('button', { name: 'Сохранить' }).click();
      await poll(() => dialog.getByRole('button', { name: 'Сохранить' }).isDisabled().catch(() => true)).toBe(false);
    }
    await dialog.getByRole('tab', { name: 'История' }).click();
    const history = dialog.getByRole('table', { name: 'История' });
    await poll(() => history.locator('tbody tr[data-change-group]').count()).toBe(3);
    const rows = await history.locator('tbody tr[data-change-row]').count();
    expect(rows).toBeGreaterThan(3);
    // One moment button per save, not per row.
    expect(await history.getByRole('button', { name: 'Как было в этот момент' }).count()).toBe(3);
    expect(await overflowing(page, '[role="dialog"]')).toEqual([]);
    expect(await brokenHeaders(page, 'table[aria-label="История"]')).toEqual([]);
    expect(await brokenWords(page, 'table[aria-label="История"] td.field')).toEqual([]);
    await screenshot(page, 'screens-1366-history');
    expectNoProblems(problems);
  });
});

describe('the roles grid at 1366×768', () => {
  test('scrolls sideways inside the grid with the rights column in place; level names whole', async () => {
    const { page, problems } = await open('admin');
    await page.goto(appUrl('/roles'));
    const grid = page.locator('table[aria-label="Роли и права"]');
    await grid.locator('tbody th').first().waitFor();
    // The rights' rows show before the roles arrive: wait for the roles' columns and their level fields.
    await grid.locator('[data-testid^="role-column-"]').last().waitFor();
    expect(await grid.locator('.MuiSelect-select').count()).toBeGreaterThan(0);
    expect(await overflowing(page, 'main')).toEqual([]);
    // Every access level reads whole in its field.
    const cut = await grid.locator('.MuiSelect-select').evaluateAll((els) => els.filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => e.textContent));
    expect(cut).toEqual([]);
    // The last role is reached by scrolling the grid's own box; the rights' names stay at its left edge.
    const box = grid.locator('xpath=..');
    const before = await grid.locator('tbody th').first().boundingBox();
    await box.evaluate((el) => el.scrollBy({ left: 10_000 }));
    await poll(() => box.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    const after = await grid.locator('tbody th').first().boundingBox();
    expect(Math.round(after!.x)).toBe(Math.round(before!.x));
    const last = await grid.locator('thead th').last().boundingBox();
    expect(last!.x + last!.width).toBeLessThanOrEqual(VIEWPORT.width);
    await screenshot(page, 'screens-1366-roles');
    expectNoProblems(problems);
  });
});
