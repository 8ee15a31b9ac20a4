import PizZip from 'pizzip';
import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderActCopy } from '../../../api/acts/render-copy';
import { startTestApp, type ApiClient, type TestApp } from '../../support/app';
import { countFilesUnder } from '../../support/files-on-disk';
import { demoFacts, eventCount, registerRepair, today, type Facts } from '../requests/helpers';

let t: TestApp;
let court: ApiClient;
let engineer: ApiClient;
let admin: ApiClient;
let facts: Facts;
let userIds: Record<string, number>;

/** Files in the store (tmp included): a refused call must leave none behind. */
const storedFiles = () => countFilesUnder(t.server.ctx.files.root);
const textOf = (docx: Buffer) => (new PizZip(docx).file('word/document.xml')?.asText() ?? '').replace(/<[^>]+>/g, '');

/** A repair request of its own, in PERFORMING with the inspection after repair and the hot line number: СО-8 may be generated. */
const repairReadyForCo8 = async () => {
  const saved = (await registerRepair(court, facts)).json().savedRequest;
  const taken = (await engineer.post(`/api/request/${saved.id}/take`, { revision: saved.revision })).json().savedRequest;
  const res = await engineer.multipart('PUT', '/api/request', {
    request: { id: saved.id, view_res_before: 1, comment_before: 'Неисправен блок питания', view_res_after: 1, comment_after: 'Заменён блок питания, принтер работает', hotlinegas_number: '2026-000777' },
    revision: taken.revision,
  });
  expect(res.statusCode, res.body).toBe(200);
  return saved.id as number;
};

beforeAll(async () => {
  t = await startTestApp();
  court = await t.signIn('court');
  engineer = await t.signIn('engineer');
  admin = await t.signIn('admin');
  facts = await demoFacts(t);
  const rows = await t.server.ctx.pool.any(sql.unsafe`SELECT id, login FROM rm_users WHERE login IN ('admin', 'signer', 'signer_unit', 'engineer')`);
  userIds = Object.fromEntries(rows.map((r) => [String(r.login), Number(r.id)]));
});
afterAll(async () => {
  await t.close();
});

describe('acts generated from Word templates (decisions 72–86)', () => {
  it('generates СО-8 with its number, date and file; refusals append nothing and leave no file', async () => {
    const id = await repairReadyForCo8();
    const candidates = (await engineer.get(`/api/act_signer_candidates/${id}?actKind=CO_8`)).json();
    expect(candidates.iac.map((c: { id: number }) => c.id)).toContain(userIds.signer);
    // Object signers work in the request's organisation (requests.md 6): the court's own signer, never the
    // branch director who serves the court and holds the object-signing right.
    expect(candidates.unit.map((c: { id: number }) => c.id)).toEqual([userIds.signer_unit]);
    expect(candidates.final.map((c: { id: number }) => c.id)).toContain(userIds.admin);
    expect(candidates.actText).toMatch(/^Оборудование: /);

    const body = { requestId: id, actKind: 'CO_8', actDate: today(), signersCount: 2, signType: 'electron', signers: { iac: userIds.admin, unit: userIds.signer_unit } };
    const events = await eventCount(t);
    const files = await storedFiles();
    for (const [bad, message] of [
      [{ ...body, signers: { iac: userIds.admin } }, 'Укажите подписанта'],
      [{ ...body, signers: { iac: userIds.signer, unit: userIds.signer } }, 'Один и тот же сотрудник не может быть выбран подписантом дважды'],
      [{ ...body, signers: { iac: userIds.engineer, unit: userIds.signer_unit } }, 'Сотрудник не может подписывать документы в этой роли по заявке'],
      [{ ...body, signers: { iac: userIds.admin, unit: userIds.signer } }, 'Сотрудник не может подписывать документы в этой роли по заявке'],
      [{ ...body, actDate: '2020-01-01' }, 'Дата должна быть больше или равна'],
      // A hard repair carries only СО-7, СО-8, СО-4.1 and СО-4.2 (requests.md 4.2).
      [{ ...body, actKind: 'CO_3' }, 'Акт СО-3 не формируется для заявки вида «Ремонт оборудования»'],
      [{ ...body, actKind: 'LEARNING' }, 'Акт обучения не формируется для заявки вида «Ремонт оборудования»'],
    ] as const) {
      const res = await engineer.post('/api/request_act', bad);
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      expect(res.json().message).toContain(message);
    }
    // The branch director (demo `signer`) is named on the object signer's field only.
    const director = await engineer.post('/api/request_act', { ...body, signers: { iac: userIds.admin, unit: userIds.signer } });
    expect(director.statusCode).toBe(400);
    expect(director.json().errors).toEqual({ 'signers.unit': 'Сотрудник не может подписывать документы в этой роли по заявке' });
    expect(await court.post('/api/request_act', body).then((r) => r.statusCode)).toBe(403);
    expect(await eventCount(t)).toBe(events);
    expect(await storedFiles()).toBe(files);

    const res = await engineer.post('/api/request_act', body);
    expect(res.statusCode, res.body).toBe(200);
    const { message, document, savedRequest } = res.json();
    expect(message).toBe('Акт сформирован. Помещен в раздел Документы');
    const vncode = String(document.act_number).match(/^СР-(.+)-(\d+)\/(\d{4})$/);
    expect(vncode, document.act_number).not.toBeNull();
    expect(document.file_name).toBe(`${vncode![1]}_actCO8_${vncode![2]}_${vncode![3]}_req${savedRequest.number}.docx`);
    expect(document).toMatchObject({ act_kind: 'CO_8', sign_type: 'electron', signers_count: 2, signers: { iac: userIds.admin, unit: userIds.signer_unit, final: null }, act_date: today() });
    expect(savedRequest.co_8_number).toBe(document.act_number);
    expect(savedRequest.co_8_d).toBe(today());

    const docx = Buffer.concat(await t.server.ctx.files.open(document.checksum).toArray());
    const text = textOf(docx);
    expect(text).toContain(`АКТ СО-8 № ${document.act_number}`);
    expect(text).toContain('Заменён блок питания');
    expect(text).not.toContain('Документ подписан электронной подписью');

    await t.settled();
    const docs = (await engineer.get(`/api/request_docs/${id}`)).json();
    expect(JSON.stringify(docs)).toContain(document.file_id);

    const again = await engineer.post('/api/request_act', body);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Акт уже сформирован. Перейдите в раздел Документы');

    // The stamped copy: the same template and data, one stamp per signature.
    const copy = await renderActCopy(t.server.ctx, document.file_id, [
      { role: 'iac', roleTitle: 'Филиал', owner: 'Смирнов Алексей Викторович', serial: '01AB', validFrom: '2026-01-01T00:00:00Z', validTo: '2027-01-01T00:00:00Z', signedAt: '2026-03-01T09:30:00Z' },
      { role: 'unit', roleTitle: 'Объект', owner: 'Сидоров Николай Петрович', serial: '02CD', validFrom: '2026-01-01T00:00:00Z', validTo: '2027-01-01T00:00:00Z', signedAt: '2026-03-01T10:00:00Z' },
    ]);
    const copyText = textOf(copy!);
    expect(copyText.split('Документ подписан электронной подписью')).toHaveLength(3);
    expect(copyText).toContain('Сертификат: 02CD');
    expect(copyText).toContain('Подписан: 01.03.2026 12:30 (МСК)');
    expect(copyText).toContain(`АКТ СО-8 № ${document.act_number}`);
  });

  it('an administrator replaces a template; a broken one or one with unknown tags is refused', async () => {
    const good = (await import('../../../scripts/make-act-templates')).actTemplateDocx('act-co-8');
    const withUnknown = new PizZip(good);
    withUnknown.file('word/document.xml', withUnknown.file('word/document.xml')!.asText().replace('{act_text}', '{act_text}{secret_field}'));
    const upload = (content: Buffer, client = admin) =>
      client.multipart('POST', '/api/act_templates/act-co-8', {}, [{ field: 'file', name: 'act-co-8.docx', content }]);

    const events = await eventCount(t);
    const notDocx = await upload(Buffer.from('это не документ'));
    expect(notDocx.statusCode).toBe(400);
    expect(notDocx.json().message).toBe('Шаблон должен быть документом Word (.docx)');
    const unknown = await upload(withUnknown.generate({ type: 'nodebuffer' }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('В шаблоне неизвестные поля: secret_field');
    const broken = new PizZip(good);
    broken.file('word/document.xml', broken.file('word/document.xml')!.asText().replace('{act_text}', '{act_text'));
    const brokenRes = await upload(broken.generate({ type: 'nodebuffer' }));
    expect(brokenRes.statusCode).toBe(400);
    expect(brokenRes.json().message).toMatch(/^Шаблон повреждён: /);
    expect((await upload(good, engineer)).statusCode).toBe(403);
    expect(await eventCount(t)).toBe(events);

    const restyled = new PizZip(good);
    restyled.file('word/document.xml', restyled.file('word/document.xml')!.asText().replace('Подписи сторон:', 'Подписи:'));
    const ok = await upload(restyled.generate({ type: 'nodebuffer' }));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().template).toMatchObject({ kind: 'act-co-8', version: 2 });
    const list = (await admin.get('/api/act_templates')).json().templates as Array<{ kind: string; version: number }>;
    expect(list.find((x) => x.kind === 'act-co-8')?.version).toBe(2);
    expect(list.find((x) => x.kind === 'act-co-7')?.version).toBe(1);
  });
});
