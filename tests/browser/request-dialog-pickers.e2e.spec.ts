import { describe, expect, test } from 'vitest';
import { expectNoProblems, fileBrowser, screenshot, withNotice } from '../support/browser-harness';
import { apiSession, choose, hostScript, openDialog, signInOnHost, takenRepair } from './request-dialog-host/host-page';
import { appUrl } from '../support/browser-harness';

/**
 * Two pickers of the request dialog (requests.md 2.5) on the real server: the typical fault search
 * appends the picked text to the description, and the commissioning equipment choice offers the
 * unit's sets and single tools awaiting commissioning, with checkboxes, select-all and 'Выбрать'
 * enabled only with a selection.
 */

const browser = fileBrowser(hostScript);

const session = async (login: string) => {
  const o = await browser.open();
  await signInOnHost(o.page, login);
  return o;
};

interface ForCommissioning {
  tools: { id: number; title: string }[];
  toolsSets: { id: number; inventar_number: string; tools: { id: number }[] }[];
}

describe('request dialog pickers (requests.md 2.5)', () => {
  test('a typical fault picked in its dialog is appended to the description on a new line', async () => {
    const { page, problems } = await session('court');
    const dialog = await openDialog(page, 'new=1');
    await choose(page, dialog, 'Тип заявки', 'Ремонт оборудования');
    const description = dialog.getByLabel('Описание', { exact: true });
    await description.fill('Не включается ИБП');

    await dialog.getByRole('button', { name: 'Типовая неисправность' }).click();
    const faults = page.getByRole('dialog', { name: 'Типовые неисправности' });
    await faults.waitFor();
    // Preset to the request's type; the list shows only faults of that type (or of every type).
    expect(await faults.getByRole('combobox', { name: 'Тип заявки' }).textContent()).toBe('Ремонт оборудования');
    const items = faults.getByRole('list', { name: 'Типовые неисправности' }).getByRole('button');
    await expect.poll(() => items.count()).toBeGreaterThan(0);
    const picked = (await items.first().textContent())!.trim();
    expect(picked.length).toBeGreaterThan(0);
    await screenshot(page, 'request-dialog-typical-fault');
    await items.first().click();
    await faults.waitFor({ state: 'detached' });
    expect(await description.inputValue()).toBe(`Не включается ИБП\n${picked}`);

    // A second pick appends again; nothing typed before is lost.
    await dialog.getByRole('button', { name: 'Типовая неисправность' }).click();
    await page.getByRole('dialog', { name: 'Типовые неисправности' }).getByRole('list', { name: 'Типовые неисправности' }).getByRole('button').first().click();
    expect(await description.inputValue()).toBe(`Не включается ИБП\n${picked}\n${picked}`);
    expectNoProblems(problems);
  });

  test('the commissioning equipment choice: sets and single tools awaiting commissioning, "Выбрать" only with a selection, select-all', async () => {
    const court = await apiSession('court');
    const engineer = await apiSession('engineer');
    // Two new tools delivered to the court's first building, awaiting commissioning (state 5).
    const unitId = 5;
    const sample = await engineer.call<{ tools: { id: number }[] }>('GET', `/tool/${encodeURIComponent(JSON.stringify({ unit_id: unitId, tool_kind_id: 4 }))}`);
    const card = (await engineer.call<{ tool: Record<string, unknown> }>('GET', `/tool_card/${sample.data.tools[0]!.id}`)).data.tool;
    const stamp = Date.now();
    for (const n of [1, 2]) {
      const form = new FormData();
      form.set('tool', JSON.stringify({
        id: null, unit_id: unitId, tool_kind_id: card.tool_kind_id, manufacturer_id: card.manufacturer_id, model_id: card.model_id, model: card.model,
        serial_number: `COM-${stamp}-${n}`, inventar_number: `ИН-COM-${stamp}-${n}`, owner_type_id: 2, cost_remain: '0', exchange_stock: false,
        work_in_dt: null, guaranty_dt: null, work_out_dt: null, state: 5, buh_name: 'Новая поставка', description: null, tool_softwares: [],
      }));
      const made = await fetch(appUrl('/api/tool'), { method: 'POST', headers: { userId: String(engineer.user.id), accessToken: engineer.user.accessToken }, body: form });
      expect(made.status, await made.clone().text()).toBe(200);
    }
    let waiting: ForCommissioning = { tools: [], toolsSets: [] };
    await expect
      .poll(async () => {
        waiting = (await court.call<ForCommissioning>('GET', `/tools_for_commissioning/${unitId}`)).data;
        return waiting.tools.filter((t) => t.title.includes(`COM-${stamp}`)).length;
      })
      .toBe(2);
    const created = await court.call<{ savedRequest: { id: number } }>('POST', '/request', {
      request: {
        request_kind_id: 3, region_id: 1, unit_id: unitId, contact_kind: 1, contact_id: court.user.id,
        request_text: 'Ввести в эксплуатацию новую поставку', request_performer_kind: 'FILIAL',
      },
    });
    expect(created.status).toBe(200);
    const id = created.data.savedRequest.id;
    expect((await (await apiSession('engineer')).call('POST', `/request/${id}/take`, {})).status).toBe(200);

    const { page, problems } = await session('engineer');
    const dialog = await openDialog(page, `open=${id}&tab=movement`);
    await dialog.getByRole('button', { name: 'Выбрать оборудование' }).click();
    const choice = page.getByRole('dialog', { name: 'Выбор оборудования для ввода в эксплуатацию' });
    await choice.getByRole('checkbox', { name: 'Выбрать все' }).waitFor();
    const pick = choice.getByRole('button', { name: 'Выбрать', exact: true });
    expect(await pick.isDisabled()).toBe(true);

    // Every set with tools and every single tool is offered once.
    const sets = waiting.toolsSets.filter((s) => s.tools.length > 0);
    const offered = choice.getByRole('checkbox').filter({ hasNot: page.getByText('Выбрать все') });
    expect(await choice.getByRole('checkbox').count()).toBe(1 + sets.length + waiting.tools.length);
    if (sets.length > 0) await choice.getByText('Комплекты, ожидающие ввода в эксплуатацию').waitFor();
    await choice.getByText('Оборудование вне комплектов').waitFor();
    for (const t of waiting.tools) await choice.getByRole('checkbox', { name: t.title, exact: true }).waitFor();

    // One tool: 'Выбрать' is enabled; unticked again, disabled.
    const first = choice.getByRole('checkbox', { name: waiting.tools[0]!.title, exact: true });
    await first.check();
    expect(await pick.isDisabled()).toBe(false);
    await first.uncheck();
    expect(await pick.isDisabled()).toBe(true);

    // Select-all ticks every line; a second click clears them.
    const all = choice.getByRole('checkbox', { name: 'Выбрать все' });
    await all.check();
    for (const box of await offered.all()) expect(await box.isChecked()).toBe(true);
    await all.uncheck();
    expect(await pick.isDisabled()).toBe(true);
    await screenshot(page, 'request-dialog-commissioning-choice');

    // The first single tool is taken into the request; the dialog offers it no more.
    await first.check();
    await pick.click();
    await choice.waitFor({ state: 'detached' });
    await dialog.getByText(waiting.tools[0]!.title, { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Выбрать оборудование' }).click();
    await choice.getByRole('checkbox', { name: 'Выбрать все' }).waitFor();
    expect(await choice.getByRole('checkbox', { name: waiting.tools[0]!.title, exact: true }).count()).toBe(0);
    await choice.getByRole('button', { name: 'Отменить' }).click();

    await withNotice(page, 'Заявка сохранена', () => dialog.getByRole('button', { name: 'Сохранить' }).click());
    const saved = await (await apiSession('engineer')).call<{ toolsCommissioning: { tool_id: number }[] }>('GET', `/request_tools_commissioning/${id}`);
    expect(saved.data.toolsCommissioning.map((t) => t.tool_id)).toEqual([waiting.tools[0]!.id]);
    expectNoProblems(problems);
  });

  test("the documents tab: with 20 documents a 21st is refused before anything is sent ('Не более 20 файлов'); with 19 it is offered", async () => {
    const { id } = await takenRepair({ withTool: true });
    const engineer = await apiSession('engineer');
    const upload = async (count: number, from: number) => {
      const form = new FormData();
      const names = Array.from({ length: count }, (_, i) => `lim-${from + i}.pdf`);
      form.set('request', JSON.stringify({ id }));
      form.set('newDocsList', JSON.stringify(names.map((file_name) => ({ file_name, sign_type: 'paper', signers_count: 2 }))));
      for (const n of names) form.append('files', new Blob([`%PDF-1.4 ${n}`], { type: 'application/pdf' }), n);
      const answer = await fetch(appUrl('/api/request'), { method: 'PUT', headers: { userId: String(engineer.user.id), accessToken: engineer.user.accessToken }, body: form });
      expect(answer.status, await answer.clone().text()).toBe(200);
    };
    await upload(19, 1);

    const { page, problems } = await session('engineer');
    const pick = async () => {
      const dialog = await openDialog(page, `open=${id}&tab=documents`);
      await dialog.getByRole('button', { name: 'Добавить документ' }).click();
      const adding = page.getByRole('dialog', { name: 'Добавить документ' });
      await adding.locator('input[type="file"]').setInputFiles({ name: 'lim-extra.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 extra') });
      await adding.getByTestId('document-file-name').filter({ hasText: 'lim-extra.pdf' }).waitFor();
      return adding;
    };
    // 19 kept: the 20th is offered.
    let adding = await pick();
    expect(await adding.getByText('Не более 20 файлов').count()).toBe(0);
    expect(await adding.getByRole('button', { name: 'Добавить', exact: true }).isDisabled()).toBe(false);

    // 20 kept: the 21st is refused in the dialog.
    await upload(1, 20);
    adding = await pick();
    await adding.getByText('Не более 20 файлов').waitFor();
    expect(await adding.getByRole('button', { name: 'Добавить', exact: true }).isDisabled()).toBe(true);
    await screenshot(page, 'request-dialog-documents-limit');
    expectNoProblems(problems);
  });
});
