import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { apiAs, appUrl, expectNoProblems, fileBrowser, screenshot, signIn } from '../support/browser-harness';

/** Polls for up to 15 s: the machine is shared. */
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000, interval: 100 });

/**
 * The age counts /tools-list (equipment.md 2 'Equipment age count'): per kind total, older and
 * younger than 5 years, one bar per kind, and counts that open /tools with the matching filter.
 */

interface AgeCounts {
  kinds: Array<{ tool_kind_id: number; tool_kind: string | null; total: number; old: number; new: number }>;
  total: { total: number; old: number; new: number };
}

const browser = fileBrowser();

const openAges = async (page: Page, login: string) => {
  await signIn(page, login);
  await page.getByRole('navigation', { name: 'Главное меню' }).getByRole('button', { name: 'Оборудование', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Возраст оборудования' }).click();
  await page.waitForURL(appUrl('/tools-list'));
};

describe('the age counts (equipment.md 2 /tools-list)', () => {
  test('counts per kind and a bar per kind; a count opens the list with its filter', async () => {
    const api = await apiAs('admin');
    const region = (await api.get<{ region_id: number | null }>('/auth/me')).region_id;
    const counts = await api.get<AgeCounts>(`/tools_age_count${region === null ? '' : `?region_id=${region}`}`);
    expect(counts.kinds.length).toBeGreaterThan(1);
    const { page, problems } = await browser.open();
    await openAges(page, 'admin');
    const table = page.getByRole('table', { name: 'Возраст оборудования' });
    await table.waitFor();
    // One row per kind plus the total; one bar per kind.
    expect(await table.locator('tbody tr[data-kind-id]').count()).toBe(counts.kinds.length + 1);
    await poll(() => page.getByTestId('age-bar').count()).toBe(counts.kinds.length);
    const kind = [...counts.kinds].sort((a, b) => b.old - a.old)[0]!;
    const name = kind.tool_kind ?? '';
    const bar = page.locator(`[data-testid="age-bar"][data-kind-id="${kind.tool_kind_id}"]`);
    expect(await bar.getAttribute('aria-label')).toBe(`${name}: всего ${kind.total}, старше 5 лет ${kind.old}, моложе 5 лет ${kind.new}`);
    const row = table.locator(`tr[data-kind-id="${kind.tool_kind_id}"]`);
    expect(await row.locator('td').allTextContents()).toEqual([name, String(kind.total), String(kind.old), String(kind.new)]);
    await screenshot(page, 'tools-age');

    await page.getByRole('link', { name: `${name}, старше 5 лет: ${kind.old}` }).click();
    await page.waitForURL((url) => url.pathname === '/tools');
    await poll(() => page.getByTestId('tools-title').textContent()).toBe(`Оборудование (${kind.old})`);
    const chips = await page.getByRole('list', { name: 'Условия фильтра' }).getByRole('listitem').allTextContents();
    expect(chips).toContain(`Вид: ${name}`);
    expect(chips).toContain('Возраст: старше 5 лет');
    // The age link's parameters are read once; the address names only the dialog afterwards.
    await poll(() => new URL(page.url()).search).toBe('');
    expectNoProblems(problems);
  });

  test('the object filter narrows the counts; an OWN user sees only their objects', async () => {
    const api = await apiAs('court');
    const counts = await api.get<AgeCounts>('/tools_age_count');
    const { page, problems } = await browser.open();
    await openAges(page, 'court');
    const table = page.getByRole('table', { name: 'Возраст оборудования' });
    await table.waitFor();
    const total = table.locator('tr[data-kind-id="total"] td');
    await poll(() => total.nth(1).textContent()).toBe(String(counts.total.total));
    const units = (await api.get<{ user_unit: Array<{ id: number; name: string }> }>('/user_unit')).user_unit;
    const unit = units[0]!;
    const narrowed = await api.get<AgeCounts>(`/tools_age_count?unit_id=${unit.id}`);
    await page.getByRole('combobox', { name: 'Объект' }).click();
    await page.getByRole('option', { name: unit.name, exact: true }).click();
    await poll(() => total.nth(1).textContent()).toBe(String(narrowed.total.total));
    expectNoProblems(problems);
  });
});
