import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { appUrl, expectNoProblems, fileBrowser, signIn } from '../support/browser-harness';

const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 30_000, interval: 100 });
const browser = fileBrowser();

/** The branch and object signers of a document dialog: a single candidate is preselected; otherwise the first is picked. */
const chooseSigners = async (page: Page, dialog: Locator) => {
  for (const label of ['Подписант от филиала', 'Подписант от объекта']) {
    const box = dialog.getByRole('combobox', { name: label, exact: true });
    await poll(async () => (await box.getAttribute('aria-disabled')) !== 'true').toBe(true);
    if (((await box.textContent()) ?? '').trim().replace(/\u200b/g, '') === '') {
      await box.click();
      await page.getByRole('option').first().click();
    }
  }
};

/** A technical document from the menu Документация (decisions 87–96): dialog, check, generate, download. */
describe('technical document dialogs', () => {
  test('formulary: the object user\'s building preset, signers, year → the Word file downloads', async () => {
    const { page, problems } = await browser.open();
    await signIn(page, 'court');
    await page.getByRole('navigation', { name: 'Главное меню' }).getByRole('button', { name: 'Документация', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Формуляр', exact: true }).click();
    await page.waitForURL(appUrl('/technical-docs/formular'));
    const dialog = page.getByRole('dialog', { name: 'Формуляр' });
    await dialog.waitFor();
    // An object user's own building is preset (the server still refuses a document without one: technical-docs.int.spec.ts).
    await poll(() => dialog.getByRole('combobox', { name: 'Объект', exact: true }).textContent()).toMatch(/Басманный районный суд/);
    // Object signers work in the court itself (requests.md 6): the demo court's one signer, preselected; the branch
    // director (demo `signer`, serving the court with the object-signing right) is offered for the branch only.
    const objectSigner = dialog.getByRole('combobox', { name: 'Подписант от объекта', exact: true });
    await poll(async () => (await objectSigner.textContent())?.replace(/\u200b/g, '').trim()).toMatch(/^Белова Ольга Николаевна, /);
    await objectSigner.click();
    const offered = await page.getByRole('listbox').getByRole('option').allTextContents();
    await page.keyboard.press('Escape');
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    expect(offered).toHaveLength(1);
    expect(offered[0]).toMatch(/^Белова Ольга Николаевна, /);
    const branchSigner = dialog.getByRole('combobox', { name: 'Подписант от филиала', exact: true });
    await branchSigner.click();
    expect((await page.getByRole('listbox').getByRole('option').allTextContents()).join('|')).toContain('Сидоров Николай Петрович');
    await page.keyboard.press('Escape');
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    await chooseSigners(page, dialog);
    const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Сформировать' }).click()]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`_Формуляр_${new Date().getFullYear()}\\.docx$`));
    await page.waitForURL(appUrl('/'));
    expectNoProblems(problems);
  });

  test('each document of a session is fetched on the first answer that its job is done, within a second of its end', async () => {
    const { page, problems } = await browser.open();
    await signIn(page, 'court');
    // Every status answer in the order the browser saw it (its body is read later), and when the file was
    // asked for: the client must ask for it on the first answer that says 'done'.
    let statusAnswers: Array<{ seq: number; body: Promise<{ finishedAt?: string; state?: string } | null> }> = [];
    let fileAskedAt = -1;
    let seq = 0;
    page.on('response', (res) => {
      if (!/\/api\/reports\/jobs\/[^/]+$/.test(res.url()) || res.request().method() !== 'GET') return;
      statusAnswers.push({ seq: ++seq, body: res.json().catch(() => null) });
    });
    page.on('request', (req) => {
      if (/\/api\/reports\/jobs\/[^/]+\/file$/.test(req.url())) fileAskedAt = ++seq;
    });
    const timings: Array<{ total: number; afterJob: number; doneAnswers: number }> = [];
    for (const [id, menu, title] of [['formular', 'Формуляр', 'Формуляр'], ['passport_tools', 'Паспорт оборудования', 'Паспорт технических средств'], ['formular', 'Формуляр', 'Формуляр']] as const) {
      // Through the menu, in one page: a session's later documents were the slow ones.
      await page.getByRole('navigation', { name: 'Главное меню' }).getByRole('button', { name: 'Документация', exact: true }).click();
      await page.getByRole('menuitem', { name: menu, exact: true }).click();
      await page.waitForURL(appUrl(`/technical-docs/${id}`));
      const dialog = page.getByRole('dialog', { name: title });
      await dialog.waitFor();
      await poll(() => dialog.getByRole('combobox', { name: 'Объект', exact: true }).textContent()).toMatch(/Басманный/);
      await chooseSigners(page, dialog);
      statusAnswers = [];
      fileAskedAt = -1;
      const clicked = Date.now();
      const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), dialog.getByRole('button', { name: 'Сформировать' }).click()]);
      const downloaded = Date.now();
      expect(download.suggestedFilename()).toMatch(/\.docx$/);
      const answers = await Promise.all(statusAnswers.map(async (a) => ({ seq: a.seq, body: await a.body })));
      const done = answers.filter((a) => a.body?.state === 'done' && a.body.finishedAt && a.seq < fileAskedAt);
      expect(done.length, 'a status answer said done before the file was asked for').toBeGreaterThan(0);
      // The job's own end, as the server's view of the run names it (same machine, same clock).
      const finishedAt = Date.parse(done[0]!.body!.finishedAt!);
      timings.push({ total: downloaded - clicked, afterJob: downloaded - finishedAt, doneAnswers: done.length });
      await page.waitForURL(appUrl('/'));
    }
    console.log(`technical documents, click → download (ms): ${timings.map((t) => `${t.total} (after the job's end ${t.afterJob})`).join(', ')}`);
    // Structure for every document: the file is asked for on the first 'done' (no waiting for more polls).
    for (const t of timings) expect(t.doneAnswers, JSON.stringify(timings)).toBe(1);
    // Time on the median document: one sample on a loaded 2-core machine may lose a scheduler slice
    // (seen: 1263 ms beside 852 and 588), the ~20 s wait this guards against fails every sample.
    const median = [...timings].sort((a, b) => a.afterJob - b.afterJob)[1]!;
    expect(median.afterJob, JSON.stringify(timings)).toBeLessThan(1000);
    expectNoProblems(problems);
  });
});
