import PizZip from 'pizzip';
import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../../api/context';
import { startTestApp, type ApiClient, type TestApp } from '../../support/app';
import { worldOf, type World } from '../request-read/support';

/**
 * A whole inventory round over real PostgreSQL through the routes: start (expected = the registry),
 * scans of each class (QR address, inventory and serial number, tick, unknown code confirmed),
 * refusals that change nothing (second open round, foreign and unknown codes, finishing with an
 * undecided move), the confirmed move as the tool's new object and Location entry, the finish,
 * the statement and the card's History.
 */

let app: TestApp;
let ctx: AppContext;
let w: World;
let engineer: ApiClient;
let court: ApiClient;
let unit: number;
let here: Array<{ id: number; inventar_number: string | null; serial_number: string }>;
let elsewhereTool: number;
let roundId: number;

const documentText = (docx: Buffer) => (new PizZip(docx).file('word/document.xml')?.asText() ?? '').replace(/<[^>]+>/g, '');
const headCount = async () => Number(await ctx.pool.oneFirst(sql.unsafe`SELECT count(*) FROM es_events`));
const url = (id: number) => `${ctx.config.publicUrl.replace(/\/+$/, '')}/tools/${id}`;

beforeAll(async () => {
  app = await startTestApp();
  ctx = app.server.ctx;
  w = await worldOf(ctx);
  [engineer, court] = await Promise.all([app.signIn('admin'), app.signIn('court')]);
  unit = w.courtUnits[0]!;
  here = (await ctx.pool.any(sql.unsafe`
    SELECT id, inventar_number, serial_number FROM rm_tools WHERE unit_id = ${unit} AND NOT deleted ORDER BY id`)).map((r) => ({
    id: Number(r.id), inventar_number: (r.inventar_number as string | null) ?? null, serial_number: String(r.serial_number),
  }));
  elsewhereTool = Number(await ctx.pool.oneFirst(sql.unsafe`SELECT id FROM rm_tools WHERE unit_id = ${w.moscowUnit} AND NOT deleted ORDER BY id LIMIT 1`));
});

afterAll(async () => {
  await app?.close();
});

describe('an inventory round', () => {
  it('starts with the registry as the expected list; one open round per object', async () => {
    expect(here.length).toBeGreaterThan(3);
    const start = await engineer.post('/api/inventory', { unit_ids: [unit] });
    expect(start.statusCode, start.body).toBe(200);
    roundId = start.json().id;
    const round = (await engineer.get(`/api/inventory/${roundId}`)).json();
    expect(round.round.status).toBe('open');
    expect(round.round.expected).toBe(here.length);
    expect(round.items.map((i: { tool_id: number }) => i.tool_id).sort()).toEqual(here.map((t) => t.id).sort());
    const before = await headCount();
    const second = await engineer.post('/api/inventory', { unit_ids: [unit, w.moscowUnit] });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe('На объекте уже идёт инвентаризация: завершите её');
    expect((await court.post('/api/inventory', { unit_ids: [unit] })).statusCode).toBe(403);
    expect((await engineer.post('/api/inventory', { unit_ids: [] })).json().message).toBe('Выберите объект');
    expect(await headCount()).toBe(before);
  });

  it('classes scans: found by QR, inventory and serial number or a tick; elsewhere; unknown only when confirmed', async () => {
    const scan = (body: object) => engineer.post(`/api/inventory/${roundId}/scan`, body);
    const qr = await scan({ code: url(here[0]!.id) });
    expect(qr.json()).toMatchObject({ recorded: true, result: 'found' });
    const withInventory = here.find((t, i) => i > 0 && t.inventar_number && !/^0+$/.test(t.inventar_number));
    if (withInventory) expect((await scan({ code: ` ${withInventory.inventar_number!.toLowerCase()} ` })).json()).toMatchObject({ result: 'found' });
    expect((await scan({ code: here[2]!.serial_number })).json()).toMatchObject({ result: 'found' });
    expect((await scan({ tool_id: here[3]!.id })).json()).toMatchObject({ result: 'found' });
    // Twice: recorded once.
    expect((await scan({ code: url(here[0]!.id) })).json()).toMatchObject({ recorded: false });
    expect((await scan({ code: url(elsewhereTool) })).json()).toMatchObject({ recorded: true, result: 'elsewhere' });

    const before = await headCount();
    const unknown = await scan({ code: 'НЕТ-В-РЕЕСТРЕ-42' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toContain('не найден в реестре');
    const foreign = await scan({ code: 'https://example.org/tools/1' });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe('Этот QR-код не относится к реестру оборудования');
    expect((await scan({ code: '' })).statusCode).toBe(400);
    expect((await scan({ code: 'x'.repeat(301) })).statusCode).toBe(400);
    expect(await headCount()).toBe(before);
    expect((await scan({ code: 'НЕТ-В-РЕЕСТРЕ-42', confirm_unknown: true })).json()).toMatchObject({ recorded: true, result: 'unknown' });
  });

  it('refuses to finish with an undecided move, then moves the unit on confirmation and finishes', async () => {
    const before = await headCount();
    const early = await engineer.post(`/api/inventory/${roundId}/finish`, {});
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toBe('Подтвердите или отклоните перемещение найденных на других объектах единиц (1)');
    expect(await headCount()).toBe(before);

    const move = await engineer.post(`/api/inventory/${roundId}/move`, { tool_id: elsewhereTool, move: true, room: 'Зал 3' });
    expect(move.statusCode, move.body).toBe(200);
    const card = (await engineer.get(`/api/tool_card/${elsewhereTool}`)).json().tool;
    expect(card.unit_id).toBe(unit);
    expect(card.tool_places.at(-1)).toMatchObject({ unit_id: unit, room: 'Зал 3' });
    expect((await engineer.post(`/api/inventory/${roundId}/move`, { tool_id: elsewhereTool, move: false })).statusCode).toBe(409);

    const finish = await engineer.post(`/api/inventory/${roundId}/finish`, { signers: [{ post: 'Инженер', name: 'Иванов И. И.' }] });
    expect(finish.statusCode, finish.body).toBe(200);
    const round = (await engineer.get(`/api/inventory/${roundId}`)).json();
    expect(round.round).toMatchObject({ status: 'finished', elsewhere: 1, unknown: 1 });
    const byResult = (r: string) => round.items.filter((i: { result: string }) => i.result === r).length;
    expect(byResult('found')).toBe(round.round.found);
    expect(byResult('missing')).toBe(here.length - round.round.found);
    expect(byResult('elsewhere')).toBe(1);
    expect(byResult('unknown')).toBe(1);
    // Finished: no more scans; a new round may start.
    expect((await engineer.post(`/api/inventory/${roundId}/scan`, { tool_id: here.at(-1)!.id })).statusCode).toBe(409);
    const next = await engineer.post('/api/inventory', { unit_ids: [unit] });
    expect(next.statusCode).toBe(200);
    // The statement: the lists and the signer, read from the docx's text.
    const statement = await engineer.get(`/api/inventory/${roundId}/statement`);
    expect(statement.statusCode, statement.body).toBe(200);
    const xml = documentText(statement.rawPayload);
    expect(xml).toContain(`ИНВЕНТАРИЗАЦИОННАЯ ВЕДОМОСТЬ № ${roundId}`);
    expect(xml).toContain('Иванов И. И.');
    expect(xml).toContain('НЕТ-В-РЕЕСТРЕ-42');
    expect(xml).toContain('Перемещено на');
    expect(xml).toContain(`Не найдено: ${here.length - round.round.found}.`);
    expect((await engineer.get(`/api/inventory/${next.json().id}/statement`)).json().message).toBe('Ведомость формируется после завершения инвентаризации');
    // The card's History lists the round with what it found.
    const history = (await engineer.get(`/api/tool_history/${elsewhereTool}`)).json().toolHistory as Array<{ history_type: string; object_attr_title: string; value_new: string }>;
    expect(history.find((h) => h.history_type === 'inventory' && h.object_attr_title === `Инвентаризация № ${roundId}`)?.value_new).toBe('Числится на другом объекте, перемещено');
  });

  it('shows the round to the court user of the object and hides it from others', async () => {
    const list = (await court.get(`/api/inventory?unit_id=${unit}`)).json();
    expect(list.rounds.some((r: { id: number }) => r.id === roundId)).toBe(true);
    const hotline = await app.signIn('hotline');
    expect((await hotline.get(`/api/inventory/${roundId}`)).statusCode).toBe(403);
  });
});
