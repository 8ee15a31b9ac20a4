import PizZip from 'pizzip';
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import type { SoftKey } from '../../domain/signing/soft-signer';
import { apiAs, appUrl, DEMO_PASSWORD, expectNoProblems, fileBrowser, screenshot, signIn, withNotice } from '../support/browser-harness';
import { makeKeyFile, makeTestCa, signBytes } from '../support/demo-signing';
import { choose } from './request-dialog-host/host-page';

const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 20_000, interval: 200 });
const { open } = fileBrowser();
/** Today in the browser's time zone (the contexts run in Europe/Moscow, UTC+3), YYYY-MM-DD: the act date's default. */
const browserToday = () => new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10);

type Api = Awaited<ReturnType<typeof apiAs>>;

type Role = 'iac' | 'unit' | 'final';
interface Candidate {
  readonly id: number;
  readonly name: string;
  readonly post: string;
}

interface Signer {
  readonly login: string;
  readonly id: number;
  readonly key: SoftKey;
  readonly json: string;
}

/**
 * A repair in PERFORMING ready for its СО-8 (inspection after repair, comment, registry number), a test CA
 * trusted by the administrator, the signer candidates of the act and three different people to sign it,
 * with a key file each (what the demo seed makes for the demo users, here for this run's own CA).
 */
const prepare = async () => {
  const [admin, court, engineer, signer, signerUnit] = await Promise.all([apiAs('admin'), apiAs('court'), apiAs('engineer'), apiAs('signer'), apiAs('signer_unit')]);
  // A third signer of the branch: the demo has two people holding signing rights there (admin and signer).
  const stamp = Date.now();
  const login = `signer3_${stamp}`;
  const units = (await signer.call<{ user_unit: Array<{ id: number }> }>('GET', '/user_unit')).user_unit.map((u) => u.id);
  await admin.call('POST', '/users', {
    user: { surname: 'Третьяков', name: `Подписант${stamp % 1000}`, email: `${login}@courts.example.ru`, organization_id: signer.user.organization_id, login, password: DEMO_PASSWORD, users_roles: [5], units },
  });
  const third = await apiAs(login);
  const ca = await makeTestCa(`УЦ браузерного теста ${stamp}`);
  const trusted = await admin.raw('POST', '/trusted_cas', { certificate: ca.certificate }, true);
  expect([200, 409]).toContain(trusted.status);

  const { tools } = await court.call<{ tools: Array<{ id: number; unit_id: number; tool_kind_id?: number }> }>('GET', `/tool/${encodeURIComponent(JSON.stringify({ pageNumber: 1 }))}`);
  const me = await court.call<{ region_id: number }>('GET', '/auth/me');
  const tool = tools[0]!;
  const saved = await court.call<{ savedRequest: { id: number; revision: number } }>(
    'POST',
    '/request',
    { request: { region_id: me.region_id, unit_id: tool.unit_id, request_kind_id: 2, contact_kind: 1, contact_id: court.user.id, request_text: 'Не включается принтер, индикатор не горит', tool_id: tool.id } },
    true,
  );
  const id = saved.savedRequest.id;
  const taken = await engineer.call<{ savedRequest: { revision: number } }>('POST', `/request/${id}/take`, { revision: saved.savedRequest.revision });
  await engineer.call(
    'PUT',
    '/request',
    {
      request: { id, view_res_before: 1, comment_before: 'Неисправен блок питания', view_res_after: 1, comment_after: 'Заменён блок питания, принтер работает', hotlinegas_number: '2026-000778' },
      revision: taken.savedRequest.revision,
    },
    true,
  );
  // Who may sign in which role (requests.md 6): three different people, each a candidate of their role.
  const candidates = await engineer.call<Record<Role, Candidate[]>>('GET', `/act_signer_candidates/${id}?actKind=CO_8`);
  // The object signer works in the court (requests.md 6): the demo's `signer_unit`, never the branch staff.
  const people: Api[] = [admin, signer, third, signerUnit];
  const logins = new Map<Api, string>([[admin, 'admin'], [signer, 'signer'], [third, login], [signerUnit, 'signer_unit']]);
  const fits = (p: Api, kind: Role) => candidates[kind].some((x) => x.id === p.user.id);
  let order: [Api, Api, Api] | null = null;
  for (const a of people) for (const b of people) for (const f of people) {
    if (!order && a !== b && b !== f && a !== f && fits(a, 'iac') && fits(b, 'unit') && fits(f, 'final')) order = [a, b, f];
  }
  expect(order, JSON.stringify(candidates)).not.toBeNull();
  const [iac, unit, final] = order!;
  // Each key's certificate registered to its account (the employee card's 'Сертификаты'): the server takes no other.
  const signerOf = async (api: Api): Promise<Signer> => {
    const made = await makeKeyFile(ca, `Ключ ${logins.get(api)}`);
    const registered = await admin.raw('POST', `/users/${api.user.id}/certificates`, { certificate: made.key.certificate }, true);
    expect(registered.status, await registered.clone().text()).toBe(200);
    return { login: logins.get(api)!, id: api.user.id, ...made };
  };
  return { requestId: id, candidates, engineer, directorId: signer.user.id, iac: await signerOf(iac), unit: await signerOf(unit), final: await signerOf(final), finalApi: final };
};
type Prepared = Awaited<ReturnType<typeof prepare>>;

const roleTitles: Record<Role, string> = { iac: 'От филиала ФГБУ ИАЦ Судебного департамента', unit: 'От объекта', final: 'Итоговый подписант' };
const optionText = (c: Candidate) => `${c.name}${c.post ? `, ${c.post}` : ''}`;

/**
 * The engineer generates the СО-8 in the request dialog (requests.md 2.5, 5): the act text and today's
 * date offered, 3 signers, single candidates preselected, 'Укажите подписанта' and nobody twice refused
 * before anything is sent; the act lands in the Documents tab with its number. Returns the document.
 */
const generateInBrowser = async (page: Page, p: Prepared) => {
  const c = p.candidates;
  await page.goto(appUrl(`/requests?open=${p.requestId}&tab=movement`));
  const dialog = page.getByRole('dialog').filter({ has: page.getByTestId('request-dialog-title') });
  await dialog.getByRole('button', { name: 'Сформировать Акт СО-8' }).click();
  const act = page.getByRole('dialog', { name: 'Сформировать Акт СО-8' });
  await poll(() => act.getByLabel('Текст акта', { exact: true }).inputValue()).toMatch(/^Оборудование: .+\nВыполнен ремонт: Заменён блок питания, принтер работает$/);
  const ruDate = browserToday().split('-').reverse().join('.');
  const dateField = act.getByLabel('Дата акта', { exact: true });
  expect(await dateField.inputValue()).toBe(ruDate);
  expect(await act.getByRole('radio', { name: 'Электронная подпись' }).isChecked()).toBe(true);
  await act.getByRole('radio', { name: '3', exact: true }).check();
  const roles: Role[] = ['iac', 'unit', 'final'];
  const shown = (role: Role) => act.getByRole('combobox', { name: roleTitles[role], exact: true }).textContent();
  // The object signer's list holds only the court's own staff: not the branch director (demo `signer`,
  // who serves the court and holds the object-signing right), nor the other branch signers.
  const branchStaff = [p.directorId, p.iac.id];
  await act.getByRole('combobox', { name: roleTitles.unit, exact: true }).click();
  const listed = await page.getByRole('listbox').getByRole('option').allTextContents();
  await page.keyboard.press('Escape');
  await page.getByRole('listbox').waitFor({ state: 'detached' });
  expect(listed.map((x) => x.trim()).filter((x) => x !== '')).toEqual(c.unit.map(optionText));
  expect(listed.join('|')).not.toContain('Сидоров Николай Петрович');
  for (const id of branchStaff) expect(c.unit.some((x) => x.id === id), `branch user ${id} offered as object signer`).toBe(false);
  // A role's only candidate is preselected; the others wait for a choice.
  for (const role of roles) expect((await shown(role))?.replace(/\u200b/g, '').trim(), role).toBe(c[role].length === 1 ? optionText(c[role][0]!) : '');
  const empty = roles.filter((role) => c[role].length !== 1);
  expect(empty.length, JSON.stringify(c)).toBeGreaterThan(0);
  let generations = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/api/request_act')) generations++;
  });
  await dateField.fill('');
  await act.getByRole('button', { name: 'Продолжить' }).click();
  await poll(() => act.getByText('Укажите подписанта', { exact: true }).count()).toBe(empty.length);
  await act.getByText('Введите дату', { exact: true }).waitFor();
  await dateField.pressSequentially(ruDate.replaceAll('.', ''));
  expect(await dateField.inputValue()).toBe(ruDate);

  // The same person in two roles (someone who may sign in both).
  const twice = roles.flatMap((r1) => roles.filter((r2) => r2 > r1).flatMap((r2) => c[r1].filter((x) => c[r2].some((y) => y.id === x.id)).map((x) => [r1, r2, x] as const)))[0];
  expect(twice, JSON.stringify(c)).toBeDefined();
  const [r1, r2, both] = twice!;
  await choose(page, act, roleTitles[r1], optionText(both));
  await choose(page, act, roleTitles[r2], optionText(both));
  await act.getByText('Один и тот же сотрудник не может быть выбран подписантом дважды', { exact: true }).waitFor();
  expect(generations).toBe(0);

  const who: Record<Role, Signer> = { iac: p.iac, unit: p.unit, final: p.final };
  for (const role of roles) await choose(page, act, roleTitles[role], optionText(c[role].find((x) => x.id === who[role].id)!));
  await screenshot(page, 'act-dialog-co-8');
  await withNotice(page, 'Акт сформирован. Помещен в раздел Документы', () => act.getByRole('button', { name: 'Продолжить' }).click());
  await act.waitFor({ state: 'detached' });
  expect(generations).toBe(1);

  // The number and date are the generation's, shown read-only on the Movement tab and beside the document.
  const numberField = dialog.getByLabel('Номер акта СО-8', { exact: true });
  await poll(() => numberField.inputValue()).toMatch(/^СР-.+-\d+\/\d{4}$/);
  const number = await numberField.inputValue();
  // One act of a kind: the button is off now ('Акт уже сформирован').
  expect(await dialog.getByRole('button', { name: 'Сформировать Акт СО-8' }).isDisabled()).toBe(true);
  expect(await dialog.getByLabel('Дата акта СО-8', { exact: true }).inputValue()).toBe(ruDate);
  const { docs } = await p.engineer.call<{ docs: Array<{ file_id: string; file_name: string; act_kind: string | null }> }>('GET', `/request_docs/${p.requestId}`);
  const doc = docs.find((d) => d.act_kind === 'CO_8');
  expect(doc, JSON.stringify(docs)).toBeDefined();
  await dialog.getByRole('tab', { name: 'Документы' }).click();
  const row = dialog.getByRole('table', { name: 'Документы' }).getByRole('row').filter({ hasText: doc!.file_name });
  expect(await row.locator('td').nth(1).textContent()).toBe(`Акт СО-8 № ${number} от ${ruDate}`);
  expect(await row.locator('td').nth(2).textContent()).toBe('Электронная подпись, 3 подп.');
  return doc!;
};

/** Picks the key file in the certificate chooser and signs. */
const signWithKey = async (page: Page, who: Signer) => {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Файл ключа', { exact: true }).setInputFiles({ name: `${who.login}.key.json`, mimeType: 'application/json', buffer: Buffer.from(who.json) });
  await dialog.getByRole('table', { name: 'Сертификаты' }).getByText(`Ключ ${who.login}`, { exact: true }).waitFor();
  await dialog.getByRole('button', { name: 'Подписать' }).click();
};

const rowOf = (page: Page, fileName: string) => page.getByRole('table', { name: 'Документы на подпись' }).getByRole('row').filter({ hasText: fileName });
const marks = async (page: Page, fileName: string) => (await rowOf(page, fileName).locator('td').allTextContents()).slice(2, 5);

describe('act СО-8 and its ordered electronic signing in the browser (decisions 72–86)', () => {
  test('the engineer generates СО-8 for 3 signers; branch → object → final sign in order with their key files; final not before object; three stamps; the act performs the request', async () => {
    const p = await prepare();
    const engineerPage = await open();
    await signIn(engineerPage.page, 'engineer');
    const doc = await generateInBrowser(engineerPage.page, p);
    const name = doc.file_name;

    // The final signer first: no button, and the server refuses out of order.
    const finalPage = await open();
    await signIn(finalPage.page, p.final.login);
    await finalPage.page.goto(appUrl('/documents-list'));
    await rowOf(finalPage.page, name).waitFor();
    expect(await rowOf(finalPage.page, name).getByRole('button', { name: /^Подписать/ }).count()).toBe(0);
    const original = await (await p.finalApi.raw('GET', `/sign_document/${doc.file_id}/original`)).arrayBuffer();
    const early = await p.finalApi.raw('POST', '/signs', { docId: doc.file_id, signerKind: 'final', signerId: String(p.final.id), certificate: p.final.key.certificate }, true, [
      { field: 'file', name: 'act.sig', content: await signBytes(p.final.key, new Uint8Array(original)) },
    ]);
    expect(early.status).toBe(409);

    // The branch signer signs one document from the list.
    const iacPage = await open();
    await signIn(iacPage.page, p.iac.login);
    await iacPage.page.goto(appUrl('/documents-list'));
    await rowOf(iacPage.page, name).getByRole('button', { name: `Подписать ${name}` }).click();
    // The CryptoPro path: CryptoPro's loader comes with the client (the crypto-pro package), nothing copied in by
    // hand; this browser has no CryptoPro extension, so the chooser says so in red. Then the demo key file.
    const chooser = iacPage.page.getByRole('dialog');
    const loader = iacPage.page.waitForResponse((r) => /\/assets\/crypto-pro\.min-[\w-]+\.js$/.test(r.url()));
    await chooser.getByRole('radio', { name: 'КриптоПро ЭЦП Browser plug-in' }).check();
    expect((await loader).status()).toBe(200);
    await chooser.getByText('КриптоПро ЭЦП Browser plug-in не установлен или не разрешён для этого сайта').waitFor({ timeout: 60_000 });
    await chooser.getByRole('radio', { name: 'Файл ключа (.key.json) — демонстрационная подпись' }).check();
    await withNotice(iacPage.page, 'Документ подписан', () => signWithKey(iacPage.page, p.iac));
    await poll(() => marks(iacPage.page, name)).toEqual(['Подписан', 'Не подписан', 'Не подписан']);

    // The object signer signs everything waiting for them ('Подписать все'), with a progress line.
    const unitPage = await open();
    await signIn(unitPage.page, p.unit.login);
    await unitPage.page.goto(appUrl('/documents-list'));
    await rowOf(unitPage.page, name).waitFor();
    await unitPage.page.getByRole('button', { name: 'Подписать все' }).click();
    await signWithKey(unitPage.page, p.unit);
    await poll(() => unitPage.page.getByTestId('sign-progress').textContent()).toMatch(/^Подписано \d+ из \d+$/);
    await unitPage.page.getByRole('list', { name: 'Результаты подписания' }).getByText(`${name}: Документ подписан`).waitFor();

    // Now the final signer's turn: the button appears after a reload.
    await finalPage.page.reload();
    await rowOf(finalPage.page, name).getByRole('button', { name: `Подписать ${name}` }).click();
    await signWithKey(finalPage.page, p.final);
    await poll(() => marks(finalPage.page, name)).toEqual(['Подписан', 'Подписан', 'Подписан']);
    await screenshot(finalPage.page, 'documents-list-signed');

    // A mark opens its signature's details: the account, the certificate's owner, the chain, and the check now.
    await rowOf(finalPage.page, name).getByRole('button', { name: /^Подписан: итоговый подписант/ }).click();
    const details = finalPage.page.getByRole('dialog', { name: `Подпись: ${name}` });
    await poll(() => details.getByTestId('verified-now').textContent()).toMatch(/^Проверка сейчас: Подпись верна; отзыв: статус отзыва не проверен/);
    const facts = details.getByRole('table', { name: 'Сведения о подписи' });
    expect(await facts.textContent()).toContain(`Ключ ${p.final.login}`);
    expect(await details.getByRole('list', { name: 'Цепочка сертификатов' }).getByRole('listitem').count()).toBe(2);
    await details.getByText('Демонстрационная подпись: сделана программным ключом демонстрационного стенда, юридической силы не имеет').waitFor();
    await screenshot(finalPage.page, 'signature-details');
    await details.getByRole('button', { name: 'Закрыть' }).last().click();

    // The copy with the stamps: one stamp per signature.
    const [download] = await Promise.all([finalPage.page.waitForEvent('download'), rowOf(finalPage.page, name).getByRole('button', { name: 'С отметками о подписи' }).click()]);
    const stream = await download.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    const xml = new PizZip(Buffer.concat(chunks)).file('word/document.xml')?.asText() ?? '';
    expect(xml.split('Документ подписан электронной подписью').length - 1).toBe(3);

    // The request dialog's Documents tab shows the same marks to the engineer (no button: not a signer).
    const page = engineerPage.page;
    await page.goto(appUrl(`/requests?open=${p.requestId}&tab=documents`));
    const dialog = page.getByRole('dialog').filter({ has: page.getByTestId('request-dialog-title') });
    const docRow = dialog.getByRole('table', { name: 'Документы' }).getByRole('row').filter({ hasText: name });
    await poll(async () => (await docRow.locator('td').allTextContents()).slice(3, 6)).toEqual(['Подписан', 'Подписан', 'Подписан']);
    expect(await docRow.getByRole('button', { name: 'Подписать' }).count()).toBe(0);
    // Marks are icons (their words in tooltips), the three downloads one menu: the row fits the dialog.
    await docRow.getByRole('button', { name: /^Скачать / }).click();
    await page.getByRole('menuitem', { name: 'С подписями (архив)' }).waitFor();
    await page.keyboard.press('Escape');
    // At 1366×768 the table ends inside the normal dialog's content: nothing cut off at its edge.
    await page.setViewportSize({ width: 1366, height: 768 });
    const content = (await dialog.locator('.MuiDialogContent-root').boundingBox())!;
    const right = await dialog.getByRole('table', { name: 'Документы' }).locator('th, td').evaluateAll((cells) => Math.max(...cells.map((c) => c.getBoundingClientRect().right)));
    expect(right).toBeLessThanOrEqual(content.x + content.width + 0.5);
    await screenshot(page, 'request-documents-signed');

    // The generated act is the matching act (requests.md 4.2): the engineer's save performs the request.
    await dialog.getByRole('button', { name: 'Сохранить' }).click();
    await poll(() => page.getByTestId('request-dialog-title').textContent()).toMatch(/· Выполнена$/);
    const performed = await p.engineer.call<{ request: { request_status_id: number } }>('GET', `/request_single/${p.requestId}`);
    expect(performed.request.request_status_id).toBe(4);
    expectNoProblems(engineerPage.problems);
    expectNoProblems(finalPage.problems, [/409/]);
    // CryptoPro's loader, without the extension, probes for it and says so in the console.
    expectNoProblems(iacPage.problems, [/chrome-extension:\/\/invalid\//, /Плагин недоступен/]);
    expectNoProblems(unitPage.problems);
  }, 180_000);
});
