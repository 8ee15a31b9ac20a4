import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type ApiClient, type TestApp } from '../../support/app';
import { protectMessages } from '../../../domain/tool-import';
import { importFacts, importRow, importXlsx, runImportAs, type ImportFacts } from './support';

/**
 * Issue 33: the Excel import never deletes a tool a live request names. It lists them and writes
 * nothing until the user confirms that very list; then a file row with the tool's serial number
 * updates it, and a tool without such a row stays with the mark 'не найдено при импорте'.
 */
let t: TestApp;
let admin: ApiClient;
let f: ImportFacts;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.signIn('admin');
  f = await importFacts(t);
});
afterAll(async () => {
  await t.close();
});

const SN = (i: number) => `SN-P-${i}`;
const row = (i: number, over: Partial<Record<number, string | number | null>> = {}) => importRow(f, i, { 6: SN(i), ...over });

/** Every tool row of the object (deleted ones too), by serial number. */
const tools = async () => {
  await t.settled();
  const rows = await t.server.ctx.pool.any(sql.unsafe`
    SELECT id, serial_number, buh_name, description, tools_set_id, deleted FROM rm_tools WHERE unit_id = ${f.unit} ORDER BY id`);
  return rows.map((r) => ({ ...r }) as { id: number; serial_number: string; buh_name: string | null; description: string | null; tools_set_id: number | null; deleted: boolean });
};
const live = async () => (await tools()).filter((x) => !x.deleted);
const bySerial = async (serial: string) => (await live()).find((x) => x.serial_number === serial);
const eventCount = async () => Number(await t.server.ctx.pool.oneFirst(sql.unsafe`SELECT count(*) FROM es_events`));

/** Imports and confirms whatever is listed (the setup's own registry). */
const importConfirmed = async (content: Buffer) => {
  const first = await runImportAs(admin, f.unit, content);
  const token = first.result.confirmToken as string | null;
  const view = token ? await runImportAs(admin, f.unit, content, token) : first;
  expect(view.result.ok, JSON.stringify(view)).toBe(true);
  return view;
};

/** A hard repair on the tool, registered through the API: open (waiting for an engineer). */
const hardRepair = async (toolId: number): Promise<{ id: number; number: number }> => {
  const res = await admin.multipart('POST', '/api/request', {
    request: {
      region_id: f.regionId, unit_id: f.unit, request_kind_id: 2, contact_kind: 2, contact_unknown_name: 'Петров П. П.',
      contact_unknown_email: 'petrov@example.ru', request_text: 'Не включается', tool_id: toolId,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  const saved = res.json().savedRequest as { id: number; number: number };
  return { id: saved.id, number: saved.number };
};

describe('the import keeps the tools of live requests', () => {
  it('asks first, writes nothing until the very list shown is confirmed, then keeps those tools', async () => {
    // The object's registry: four tools from an earlier import.
    await importConfirmed(await importXlsx([row(1), row(2), row(3), row(4)]));
    const p1 = (await bySerial(SN(1)))!;
    const p2 = (await bySerial(SN(2)))!;
    const p3 = (await bySerial(SN(3)))!;
    const p4 = (await bySerial(SN(4)))!;
    // Open hard repairs on 1 and 2; the one on 3 is cancelled (a completed request protects nothing).
    const r1 = await hardRepair(p1.id);
    const r2 = await hardRepair(p2.id);
    const r3 = await hardRepair(p3.id);
    const cancel = await admin.multipart('PUT', '/api/request', { request: { id: r3.id, request_kind_id: 9 } });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json().savedRequest.request_status_id).toBe(8);

    // The new file: 1 (changed, now in a set with 9), 3 and 5; 2 and 4 are not in it.
    const file = await importXlsx([
      row(1, { 2: f.setKind, 7: '000901', 12: 'Системный блок (из файла)' }),
      row(9, { 7: '000901' }),
      row(3),
      row(5),
    ]);
    const before = await tools();
    const events = await eventCount();

    const asked = await runImportAs(admin, f.unit, file);
    expect(asked.state).toBe('done');
    expect(asked.result).toMatchObject({ ok: false, message: protectMessages.confirm, setsAdded: 0, toolsAdded: 0 });
    expect(asked.result.confirmToken).toMatch(/^[0-9a-f]{40}$/);
    expect(asked.result.protectedTools).toEqual([
      { id: p1.id, serial_number: SN(1), inventar_number: 'ИН-1', model: f.model, requests: [{ id: r1.id, number: r1.number }], outcome: 'updated', row: 2 },
      { id: p2.id, serial_number: SN(2), inventar_number: 'ИН-2', model: f.model, requests: [{ id: r2.id, number: r2.number }], outcome: 'not_found', row: null },
    ]);
    expect(await eventCount()).toBe(events);
    expect(await tools()).toEqual(before);

    // A token of another list, or none that is well formed: nothing changes either.
    const wrong = await runImportAs(admin, f.unit, file, '0'.repeat(40));
    expect(wrong.result).toMatchObject({ ok: false, message: protectMessages.changed });
    expect(wrong.result.confirmToken).toBe(asked.result.confirmToken);
    const malformed = await admin.multipart('POST', '/api/tools_import', { unitId: String(f.unit), confirmToken: 'да' }, [{ field: 'file', name: 'реестр.xlsx', content: file }]);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe('Неверное подтверждение импорта: повторите импорт');
    expect(await eventCount()).toBe(events);

    // The list changes meanwhile (a new repair on 4): the confirmation of the old list asks again.
    const r4 = await hardRepair(p4.id);
    const eventsNow = await eventCount();
    const again = await runImportAs(admin, f.unit, file, asked.result.confirmToken as string);
    expect(again.result).toMatchObject({ ok: false, message: protectMessages.changed });
    expect(again.result.confirmToken).not.toBe(asked.result.confirmToken);
    expect((again.result.protectedTools as Array<{ id: number }>).map((x) => x.id)).toEqual([p1.id, p2.id, p4.id]);
    expect(await eventCount()).toBe(eventsNow);

    const done = await runImportAs(admin, f.unit, file, again.result.confirmToken as string);
    expect(done.result).toMatchObject({ ok: true, setsAdded: 1, toolsAdded: 3, toolsRemoved: 1, confirmToken: null });
    expect((done.result.protectedTools as Array<{ id: number; outcome: string; row: number | null }>).map((x) => [x.id, x.outcome, x.row])).toEqual([
      [p1.id, 'updated', 2],
      [p2.id, 'not_found', null],
      [p4.id, 'not_found', null],
    ]);

    const after = await live();
    expect(after.map((x) => x.serial_number).sort()).toEqual([SN(1), SN(2), SN(3), SN(4), SN(5), SN(9)]);
    // 1 is the same tool, updated from its row and in the new set with 9.
    const n1 = after.find((x) => x.serial_number === SN(1))!;
    expect(n1).toMatchObject({ id: p1.id, buh_name: 'Системный блок (из файла)' });
    expect(n1.tools_set_id).not.toBeNull();
    expect(after.find((x) => x.serial_number === SN(9))!.tools_set_id).toBe(n1.tools_set_id);
    // 2 and 4 stay, marked; 3 (its request cancelled) was replaced by the file's row.
    const today = new Date().toISOString().slice(0, 10).split('-').reverse().join('.');
    for (const p of [p2, p4]) expect(after.find((x) => x.id === p.id)!.description).toBe(`[не найдено при импорте ${today}]`);
    expect(after.find((x) => x.serial_number === SN(3))!.id).not.toBe(p3.id);
    expect((await tools()).find((x) => x.id === p3.id)!.deleted).toBe(true);

    // The requests still name tools of the registry.
    for (const r of [r1, r2, r4]) {
      const req = (await admin.get(`/api/request_single/${r.id}`)).json() as { request?: { tool_id: number } } & { tool_id?: number };
      const toolId = req.request?.tool_id ?? req.tool_id;
      expect(after.map((x) => x.id)).toContain(toolId);
    }

    // The clean call keeps them too.
    const clean = await admin.post(`/api/tools_and_sets_clean/${f.unit}`);
    expect(clean.statusCode, clean.body).toBe(200);
    expect(clean.json().toolsKept).toEqual([p1.id, p2.id, p4.id]);
    expect((await live()).map((x) => x.id)).toEqual([p1.id, p2.id, p4.id]);
  });
});
