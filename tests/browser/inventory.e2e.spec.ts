import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { describe, expect, test } from 'vitest';
import { apiAs, appUrl, expectNoProblems, fileBrowser, screenshot } from '../support/browser-harness';

/** Polls for up to 15 s: the machine is shared. */
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000, interval: 100 });

const browser = fileBrowser();

/** The address printed as the QR code of a single thermal label (rendered by poppler, decoded by jsQR). */
const labelAddress = (pdf: Buffer): string => {
  const dir = mkdtempSync(join(tmpdir(), 'label-e2e-'));
  try {
    writeFileSync(join(dir, 'l.pdf'), pdf);
    execFileSync('pdftoppm', ['-r', '150', '-png', join(dir, 'l.pdf'), join(dir, 'p')]);
    const png = PNG.sync.read(readFileSync(join(dir, readdirSync(dir).find((f) => f.endsWith('.png'))!)));
    const found = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    if (!found) throw new Error('no QR code on the label');
    return found.data;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

interface ToolPage { tools: Array<{ id: number; unit_id: number; serial_number: string; unit_name: string }> }

describe('labels and an inventory round on a phone (360×740)', () => {
  test('a label opens its card after signing in; scan by typing; finish the round', async () => {
    const api = await apiAs('engineer');
    const rounds = await api.get<{ rounds: Array<{ status: string; unit_ids: number[] }> }>('/inventory');
    const busy = new Set(rounds.rounds.filter((r) => r.status === 'open').flatMap((r) => r.unit_ids));
    const tools = (await api.get<ToolPage>(`/tool/${encodeURIComponent(JSON.stringify({ pageNumber: 1 }))}`)).tools;
    const tool = tools.find((t) => !busy.has(t.unit_id))!;
    const label = await api.raw('POST', '/tool_labels', { layout: 'thermal-58x40', ids: [tool.id] });
    expect(label.status).toBe(200);
    const address = new URL(labelAddress(Buffer.from(await label.arrayBuffer())));
    expect(address.pathname).toBe(`/tools/${tool.id}`);

    const { page, problems } = await browser.open();
    await page.setViewportSize({ width: 360, height: 740 });
    // Not signed in: the label's address asks for the password on the spot, then opens the card.
    await page.goto(appUrl(address.pathname));
    await page.getByLabel('Логин').fill('engineer');
    await page.getByLabel('Пароль').fill('demo2026');
    await page.getByRole('button', { name: 'Войти', exact: true }).click();
    await page.getByTestId('tool-card-title').waitFor();
    await poll(() => new URL(page.url()).searchParams.get('open')).toBe(String(tool.id));
    const noSideScroll = () => page.evaluate(() => document.querySelector('[role="dialog"] .MuiDialogContent-root')!.scrollWidth <= window.innerWidth + 1);
    for (const tab of ['Размещение', 'История', 'Общие']) {
      await page.getByRole('tab', { name: tab }).click();
      expect(await noSideScroll()).toBe(true);
    }
    await screenshot(page, 'inventory-card-phone');
    await page.getByRole('button', { name: 'Отмена' }).click();

    // A round over the tool's object, from the phone.
    await page.goto(appUrl('/inventory'));
    await page.getByLabel('Объекты инвентаризации').fill(tool.unit_name.slice(0, 12));
    await page.getByRole('option', { name: tool.unit_name, exact: true }).first().click();
    await page.getByRole('button', { name: 'Начать инвентаризацию' }).click();
    await page.getByTestId('inventory-round-title').waitFor();
    await page.getByLabel('Код единицы').fill(tool.serial_number);
    await page.getByRole('button', { name: 'Отметить', exact: true }).first().click();
    await poll(() => page.getByTestId('inventory-scan-message').textContent()).toMatch(/^Найдено: /);
    await poll(() => page.getByTestId('inventory-counts').textContent()).toMatch(/найдено 1 /);
    // A code the registry lacks: refused in Russian until confirmed.
    await page.getByLabel('Код единицы').fill('НЕТ-ТАКОГО-E2E');
    await page.getByRole('button', { name: 'Отметить', exact: true }).first().click();
    await poll(() => page.getByTestId('inventory-scan-message').textContent()).toContain('не найден в реестре');
    await screenshot(page, 'inventory-round-phone');
    // Nothing of the screen sticks out to the right (the list and messages wrap; the tab strip scrolls itself).
    const wide = await page.evaluate(() =>
      [...document.querySelectorAll('main *')].filter((e) => !e.closest('.MuiTabs-scroller') && e.getBoundingClientRect().right > window.innerWidth + 1).map((e) => `${e.tagName}.${String(e.className).slice(0, 60)}`).slice(0, 5),
    );
    expect(wide).toEqual([]);
    await page.getByRole('button', { name: 'Завершить инвентаризацию' }).click();
    await poll(() => page.getByText(/^Завершена /).count()).toBe(1);
    expectNoProblems(problems, [/status of 400/]);
  });
});
