import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'slonik';
import { startTestApp, type ApiClient, type TestApp } from '../../support/app';

let app: TestApp;
let admin: ApiClient;
let court: ApiClient;

beforeAll(async () => {
  app = await startTestApp();
  [admin, court] = await Promise.all([app.signIn('admin'), app.signIn('court')]);
});

afterAll(async () => {
  await app?.close();
});

const eventCount = async () => Number(await app.db.pool.oneFirst(sql.unsafe`SELECT count(*) FROM es_events`));

interface Entry {
  id: number;
  version: string;
  date: string;
  notes: string;
}

/** The version history of /about (administration.md 2.10, 6 'FULL app-versions-edit', 7 versions-history). */
describe('version history', () => {
  it('stores sanitised HTML, lists newest first, edits and deletes; others only read', async () => {
    const hostile =
      '<p onclick="steal()">Исправлено <strong>окно</strong> <a href="javascript:alert(1)">ссылка</a> <a href="https://example.ru/x">док</a></p>' +
      '<script>alert(1)</script><img src=x onerror="alert(2)"><style>p{}</style><h2 onmouseover="x()">Новое</h2>';
    const older = await admin.post('/api/versions-history', { version: { version: '7.16.68', date: '2026-01-10', notes: '<p>Первая</p>' } });
    expect(older.statusCode, older.body).toBe(200);
    const created = await admin.post('/api/versions-history', { version: { version: '7.16.69', date: '2026-02-01', notes: hostile } });
    expect(created.statusCode, created.body).toBe(200);
    const entry = (created.json() as { version: Entry }).version;
    expect(entry.notes).not.toMatch(/script|onclick|onerror|onmouseover|javascript:|<img|<style/i);
    expect(entry.notes).toContain('<strong>окно</strong>');
    expect(entry.notes).toContain('href="https://example.ru/x"');
    expect(entry.notes).toContain('<h2>Новое</h2>');

    // Everyone signed in reads the history, newest first; nobody else writes it.
    const list = await court.get('/api/versions-history');
    expect(list.statusCode).toBe(200);
    const versions = (list.json() as { versions: Entry[] }).versions;
    expect(versions.map((v) => v.version).slice(0, 2)).toEqual(['7.16.69', '7.16.68']);
    const before = await eventCount();
    expect((await court.post('/api/versions-history', { version: { version: '1', date: '2026-01-01', notes: '<p>x</p>' } })).statusCode).toBe(403);
    expect((await app.anonymous.get('/api/versions-history')).statusCode).toBe(401);

    // Bad input and notes that are empty once sanitised: a Russian 400, nothing appended.
    const bad = await admin.post('/api/versions-history', { version: { version: '', date: '2026-13-01', notes: '<script>x</script>' } });
    expect(bad.statusCode).toBe(400);
    expect((bad.json() as { errors: Record<string, string> }).errors).toMatchObject({ version: 'Укажите версию', date: 'Укажите дату' });
    const onlyScript = await admin.post('/api/versions-history', { version: { version: '9', date: '2026-01-01', notes: '<script>x</script>' } });
    expect(onlyScript.statusCode).toBe(400);
    expect(onlyScript.json()).toMatchObject({ message: 'Опишите изменения' });
    expect(await eventCount()).toBe(before);

    const edited = await admin.put(`/api/versions-history/${entry.id}`, { version: { ...entry, notes: '<p>Исправлено окно</p>' } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((edited.json() as { version: Entry }).version.notes).toBe('<p>Исправлено окно</p>');
    expect((await admin.put('/api/versions-history/999999', { version: entry })).statusCode).toBe(404);
    expect((await admin.delete(`/api/versions-history/${entry.id}`)).json()).toMatchObject({ message: 'Удалено' });
    const after = (await admin.get('/api/versions-history')).json() as { versions: Entry[] };
    expect(after.versions.some((v) => v.id === entry.id)).toBe(false);
  });
});

/** /units-import (administration.md 2.10, 5): kinds and hosts from the code fragments, matched by VNCODE. */
describe('units import', () => {
  it('previews, imports through the organisation write path, counts, reports bad rows and is idempotent', async () => {
    const existing = (await app.db.pool.one(sql.unsafe`SELECT id, vncode, name FROM rm_organizations WHERE vncode = '77RS0001'`)) as { id: number; name: string };
    const ud = Number(await app.db.pool.oneFirst(sql.unsafe`SELECT id FROM rm_organizations WHERE vncode = '77UD0000'`));
    const text = [
      'VNCODE\tНаименование\tПолное наименование\tАдрес',
      '77RS0901\tНовый районный суд\tНовый районный суд г. Москвы\tг. Москва, ул. Новая, д. 1',
      `77RS0001\t${existing.name} (переименован)`,
      '77OS0000\tМосковский городской суд',
      '77ZZ0001\tНеизвестный вид',
      '99RS0001\tСуд несуществующего региона',
      '77RS0901\tПовтор кода',
      '77AJ0001\tВид без справочника',
      'плохая строка',
      '',
    ].join('\n');
    const before = await eventCount();
    const preview = await admin.post('/api/units_import', { text, dryRun: true });
    expect(preview.statusCode, preview.body).toBe(200);
    const p = preview.json() as { counts: { created: number; updated: number; unchanged: number; bad: number }; bad: Array<{ line: number; reason: string }>; imported: boolean };
    expect(p.imported).toBe(false);
    expect(p.counts).toMatchObject({ created: 1, updated: 1, bad: 5 });
    expect(p.bad.map((b) => b.line)).toEqual([5, 6, 7, 8, 9]);
    expect(p.bad.find((b) => b.line === 5)?.reason).toBe('Неизвестный вид организации «ZZ» в VNCODE');
    expect(p.bad.find((b) => b.line === 6)?.reason).toBe('Регион с кодом 99 не найден');
    expect(p.bad.find((b) => b.line === 7)?.reason).toBe('VNCODE 77RS0901 уже есть в строке 2');
    expect(p.bad.find((b) => b.line === 8)?.reason).toMatch(/^Вид организации 5 \(«AJ»\) отсутствует/);
    expect(await eventCount()).toBe(before);

    // Only with the right; the dry run of someone else changes nothing either.
    expect((await court.post('/api/units_import', { text, dryRun: true })).statusCode).toBe(403);

    const first = await admin.post('/api/units_import', { text });
    expect(first.statusCode, first.body).toBe(200);
    const f = first.json() as { counts: { created: number; updated: number; unchanged: number }; message: string };
    expect(f.message).toBe('Импорт завершен');
    expect(f.counts.created).toBe(1);
    expect(f.counts.updated).toBe(1);
    expect(f.counts.created + f.counts.updated + f.counts.unchanged).toBe(p.counts.created + p.counts.updated + p.counts.unchanged);

    const created = (await app.db.pool.one(sql.unsafe`
      SELECT o.id, o.kind_id, o.is_host, o.host_id, o.fullname, (SELECT count(*) FROM rm_units u WHERE u.organization_id = o.id AND NOT u.deleted)::int AS units
      FROM rm_organizations o WHERE o.vncode = '77RS0901'`)) as Record<string, unknown>;
    expect(created).toMatchObject({ kind_id: 7, is_host: false, host_id: ud, fullname: 'Новый районный суд г. Москвы', units: 1 });
    const renamed = (await admin.get(`/api/organization/${existing.id}`)).json() as { organization: { name: string; units: unknown[] } };
    expect(renamed.organization.name).toBe(`${existing.name} (переименован)`);
    // Its buildings are kept as they were (the import names organisations, not their buildings).
    expect(renamed.organization.units.length).toBe(2);

    // The same paste again: nothing new, everything unchanged, no event appended.
    const again = await eventCount();
    const second = await admin.post('/api/units_import', { text });
    expect(second.statusCode).toBe(200);
    expect((second.json() as { counts: Record<string, number> }).counts).toMatchObject({ created: 0, updated: 0, bad: 5 });
    expect(await eventCount()).toBe(again);
  });

  it('imports a paste of a thousand rows in one call', async () => {
    const rows = Array.from({ length: 1000 }, (_, i) => `50RS${String(5000 + i).padStart(4, '0')}\tСуд ${i}\t\tг. Красногорск, д. ${i}`);
    const started = Date.now();
    const r = await admin.post('/api/units_import', { text: rows.join('\n') });
    expect(r.statusCode, r.body).toBe(200);
    expect((r.json() as { counts: Record<string, number> }).counts).toMatchObject({ created: 1000, bad: 0 });
    expect(Date.now() - started).toBeLessThan(120_000);
  }, 180_000);
});
