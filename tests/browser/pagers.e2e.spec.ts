import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { apiAs, appUrl, expectNoProblems, fileBrowser, screenshot, signIn } from '../support/browser-harness';

/**
 * The pager under the paged lists (administration.md 9, equipment.md 9, requests.md 9): with 165 rows
 * or more (9 pages of 20 and up) at most 8 page numbers, the first and the last page always among them,
 * the current one marked, gaps where numbers are skipped, on the first, a middle and the last page.
 * The rows are written first in the Novosibirsk region (its users see only their own), so the lists of
 * the other files' users stay as the demo made them.
 */

const browser = fileBrowser();
const PAGE_SIZE = 20;

const REGION = 54;
/** The lists checked and who looks at them. */
const lists = [
  { path: '/requests', login: `court_${REGION}`, min: 165 },
  { path: '/tools', login: `engineer_${REGION}`, min: 165 },
  { path: '/request-inner', login: `court_${REGION}`, min: 165 },
] as const;

const numbersOn = async (page: Page): Promise<number[]> => {
  const pager = page.getByRole('navigation', { name: 'Страницы' }).first();
  const labels = await pager.getByRole('button', { name: /^Страница \d+$/ }).evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''));
  return labels.map((l) => Number(l.replace('Страница ', '')));
};
const currentOn = async (page: Page): Promise<number> =>
  Number((await page.getByRole('navigation', { name: 'Страницы' }).first().locator('[aria-current="page"]').getAttribute('aria-label'))?.replace('Страница ', ''));

const expectPagerShape = (numbers: number[], pages: number, current: number) => {
  expect(numbers.length).toBe(8);
  expect(numbers[0]).toBe(1);
  expect(numbers.at(-1)).toBe(pages);
  expect(numbers).toContain(current);
  expect([...numbers].sort((a, b) => a - b)).toEqual(numbers);
};

describe('the pager of the paged lists at 165 rows and more', () => {
  test('170 requests, 170 tools and 170 requests to the administrator are written first', async () => {
    const court = await apiAs(`court_${REGION}`);
    const me = await court.get<{ region_id: number; units: Array<{ id: number }> }>('/auth/me');
    const requests = await court.get<{ itemsCount: number }>(`/request/${encodeURIComponent(JSON.stringify({ pageNumber: 1 }))}`);
    for (let i = requests.itemsCount; i < 170; i++)
      await court.call('POST', '/request', {
        request: { request_kind_id: 8, region_id: me.region_id, unit_id: me.units[0]!.id, contact_kind: 1, contact_id: court.user.id, request_text: `Проверка страниц ${i + 1}` },
      });

    const inner = await court.get<{ iRequestsInnerCount: number }>(`/request_inner/${encodeURIComponent(JSON.stringify({ pageNumber: 1 }))}`);
    for (let i = inner.iRequestsInnerCount; i < 170; i++)
      await court.call('POST', '/request_inner', { innerRequest: { message: `Проверка страниц ${i + 1}`, author_email: `court_${REGION}@courts.example.ru` } }, true);

    const engineer = await apiAs(`engineer_${REGION}`);
    const tools = await engineer.get<{ tools: Array<{ id: number }>; itemsCount: number }>(`/tool/${encodeURIComponent(JSON.stringify({ pageNumber: 1 }))}`);
    const { tool: card } = await engineer.get<{ tool: Record<string, unknown> }>(`/tool_card/${tools.tools[0]!.id}`);
    const stamp = Date.now();
    for (let i = tools.itemsCount; i < 170; i++) {
      const tool = {
        id: null, unit_id: card.unit_id, tool_kind_id: card.tool_kind_id, manufacturer_id: card.manufacturer_id, model_id: card.model_id, model: card.model,
        serial_number: `PG-${stamp}-${i}`, inventar_number: `ИН-PG-${stamp}-${i}`, owner_type_id: 2, cost_remain: '0', exchange_stock: false,
        work_in_dt: '2024-01-10', guaranty_dt: null, work_out_dt: null, state: 1, buh_name: 'Проверка страниц', description: null, tool_softwares: [],
      };
      await engineer.call('POST', '/tool', { tool }, true);
    }
  });

  for (const list of lists)
    test(`${list.path}: 8 numbers with the first and the last page, on the first, a middle and the last page`, async () => {
      const { page, problems } = await browser.open();
      await signIn(page, list.login);
      await page.goto(appUrl(list.path));
      await page.getByRole('navigation', { name: 'Страницы' }).first().waitFor();
      const first = await numbersOn(page);
      const pages = first.at(-1)!;
      expect(pages, `${list.path} has ${list.min}+ rows`).toBeGreaterThanOrEqual(Math.ceil(list.min / PAGE_SIZE));
      expectPagerShape(first, pages, 1);
      expect(await currentOn(page)).toBe(1);
      expect(first).toEqual([1, 2, 3, 4, 5, 6, 7, pages]);

      // The last page: its number is there, and the seven before it are the window.
      await page.getByRole('navigation', { name: 'Страницы' }).first().getByRole('button', { name: `Страница ${pages}`, exact: true }).click();
      await expect.poll(() => currentOn(page)).toBe(pages);
      const last = await numbersOn(page);
      expectPagerShape(last, pages, pages);
      expect(last).toEqual([1, ...Array.from({ length: 7 }, (_, i) => pages - 6 + i)]);

      // A middle page: both boundary numbers and its neighbours.
      const middle = Math.ceil(pages / 2);
      await page.getByRole('navigation', { name: 'Страницы' }).first().getByRole('button', { name: 'Страница 1', exact: true }).click();
      await expect.poll(() => currentOn(page)).toBe(1);
      for (let p = 1; p < middle; p++) {
        await page.getByRole('navigation', { name: 'Страницы' }).first().getByRole('button', { name: 'Следующая страница' }).click();
        await expect.poll(() => currentOn(page)).toBe(p + 1);
      }
      const mid = await numbersOn(page);
      expectPagerShape(mid, pages, middle);
      expect(mid).toContain(middle - 1);
      expect(mid).toContain(middle + 1);
      await screenshot(page, `pager${list.path.replaceAll('/', '-')}`);
      expectNoProblems(problems);
    });
});
