import { request as httpRequest } from 'node:http';
import { Readable } from 'node:stream';
import type { AddressInfo } from 'node:net';
import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type ApiClient, type TestApp } from '../../support/app';
import { filesUnder } from '../../support/files-on-disk';

let app: TestApp;
let admin: ApiClient;
let court: ApiClient;
let special: number;
let common: number;

const PDF = Buffer.from('%PDF-1.4\n%тест\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f7d5a90000000049454e44ae426082', 'hex');
const MP4 = Buffer.concat([Buffer.from('000000186674797069736d0000000069736f6d69736f32', 'hex'), Buffer.alloc(1000, 7)]);

/** Every file under the store (committed blobs and staged temporaries). */
const storedFiles = () => filesUnder(app.server.ctx.files.root);
const eventCount = async () => Number(await app.server.ctx.pool.oneFirst(sql.unsafe`SELECT count(*) FROM es_events`));

beforeAll(async () => {
  app = await startTestApp();
  [admin, court] = await Promise.all([app.signIn('admin'), app.signIn('court')]);
  const programs = await app.server.ctx.pool.any(sql.unsafe`SELECT id, (data->>'type')::int AS type FROM rm_catalog_items WHERE catalog = 'programs' AND NOT deleted ORDER BY id`);
  special = Number(programs.find((p) => p.type === 1)!.id);
  common = Number(programs.find((p) => p.type === 2)!.id);
});
afterAll(async () => {
  await app?.close();
});

const news = (f: Record<string, unknown> = {}) => admin.get(`/api/gas_soft_renewals?filter=${encodeURIComponent(JSON.stringify({ pageNumber: 1, ...f }))}`);

/** administration.md 2.10, 5, 7: support news about software renewals. */
describe('support news', () => {
  it('is saved with a file, filtered, edited, refused with the spec messages, deleted; only the editor writes', async () => {
    const renewal = { date: '2026-01-15', title: 'Обновление АМИРС 2.1', description: 'Исправления ошибок', program_id: special };
    const filesBefore = await storedFiles();
    const eventsBefore = await eventCount();
    const refusals: Array<[Record<string, unknown>, Array<{ field: string; name: string; content: Buffer }>, string]> = [
      [renewal, [], 'Нужно добавить файлы'],
      [{ ...renewal, program_id: null }, [{ field: 'files', name: 'a.pdf', content: PDF }], 'Нужно выбрать'],
      [{ ...renewal, program_id: common }, [{ field: 'files', name: 'a.pdf', content: PDF }], 'Нужно выбрать специальное программное обеспечение'],
      [{ ...renewal, description: 'я'.repeat(2000) }, [{ field: 'files', name: 'a.pdf', content: PDF }], 'Не более 2000 символов'],
      [{ ...renewal, date: '2999-01-01' }, [{ field: 'files', name: 'a.pdf', content: PDF }], 'Дата не может быть позже сегодняшней'],
      // A picture is not among the news types; an executable renamed to .pdf fails the magic bytes.
      [renewal, [{ field: 'files', name: 'a.png', content: PNG }], 'Допустимые типы файлов: pdf, doc, docx, odt, xls, xlsx, zip, rar, 7z, exe, txt (a.png)'],
      [renewal, [{ field: 'files', name: 'a.pdf', content: Buffer.from('MZ\x90\x00fake') }], 'Допустимые типы файлов: pdf, doc, docx, odt, xls, xlsx, zip, rar, 7z, exe, txt (a.pdf)'],
    ];
    for (const [body, files, message] of refusals) {
      const r = await admin.multipart('POST', '/api/gas_soft_renewal', { renewal: body }, files);
      expect(r.statusCode, r.body).toBe(400);
      expect(r.json().message).toBe(message);
    }
    expect(await eventCount()).toBe(eventsBefore);
    expect(await storedFiles()).toEqual(filesBefore);
    const denied = await court.multipart('POST', '/api/gas_soft_renewal', { renewal }, [{ field: 'files', name: 'a.pdf', content: PDF }]);
    expect(denied.statusCode).toBe(403);

    const created = await admin.multipart('POST', '/api/gas_soft_renewal', { renewal }, [{ field: 'files', name: 'Описание.pdf', content: PDF }]);
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().message).toBe('Сохранено');
    const id = Number(created.json().id);
    const row = (await news()).json().renewals.find((n: { id: number }) => n.id === id);
    expect(row).toMatchObject({ date: '2026-01-15', title: 'Обновление АМИРС 2.1', program_id: special, program_type: 1 });
    const fileId = row.gas_soft_renewals_files[0].file_id;
    await app.settled();
    const download = await court.get(`/api/gas_soft_renewal_file/${id}/${fileId}`);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(PDF)).toBe(true);

    // Filters: dates, software title text, software.
    expect((await news({ date_from: '2026-01-16' })).json().renewals.some((n: { id: number }) => n.id === id)).toBe(false);
    expect((await news({ date_to: '2026-01-15', program_id: special })).json().renewals.some((n: { id: number }) => n.id === id)).toBe(true);
    expect((await news({ text: 'нет такого ПО' })).json().renewals).toHaveLength(0);

    // Edit: the file dropped from filesList and a new one added; the old file is no longer served.
    const edited = await admin.multipart('PUT', `/api/gas_soft_renewal/${id}`, { renewal: { title: 'Обновление АМИРС 2.2' }, filesList: [] }, [{ field: 'files', name: 'notes.txt', content: Buffer.from('Список изменений') }]);
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().renewal).toMatchObject({ title: 'Обновление АМИРС 2.2' });
    expect(edited.json().renewal.gas_soft_renewals_files.map((f: { file_name: string }) => f.file_name)).toEqual(['notes.txt']);
    expect((await admin.get(`/api/gas_soft_renewal_file/${id}/${fileId}`)).statusCode).toBe(404);

    expect((await court.delete(`/api/gas_soft_renewal/${id}`)).statusCode).toBe(403);
    const deleted = await admin.delete(`/api/gas_soft_renewal/${id}`);
    expect(deleted.json().message).toBe('Удалено');
    expect((await news()).json().renewals.some((n: { id: number }) => n.id === id)).toBe(false);
    expect((await admin.delete(`/api/gas_soft_renewal/${id}`)).statusCode).toBe(404);
  });

  it('streams a 60 MB upload to the file store without holding it in memory', async () => {
    await app.server.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.app.server.address() as AddressInfo).port;
    const boundary = '----itsupbig';
    const SIZE = 60 * 1024 * 1024;
    const chunk = Buffer.alloc(64 * 1024, 0x41);
    async function* body() {
      yield Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="renewal"\r\n\r\n${JSON.stringify({ date: '2026-02-01', title: 'Дистрибутив', program_id: special })}\r\n`);
      yield Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="dist.zip"\r\nContent-Type: application/zip\r\n\r\n`);
      yield Buffer.from([0x50, 0x4b, 0x03, 0x04]);
      for (let sent = 4; sent < SIZE; sent += chunk.length) yield chunk.subarray(0, Math.min(chunk.length, SIZE - sent));
      yield Buffer.from(`\r\n--${boundary}--\r\n`);
    }
    const token = await app.server.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { username: 'admin', password: 'demo2026' } });
    const { id: userId, accessToken } = token.json() as { id: number; accessToken: string };
    const before = process.memoryUsage();
    let peak = before.rss;
    let peakBuffers = before.arrayBuffers;
    const timer = setInterval(() => {
      const m = process.memoryUsage();
      peak = Math.max(peak, m.rss);
      peakBuffers = Math.max(peakBuffers, m.arrayBuffers);
    }, 20);
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest({ port, host: '127.0.0.1', method: 'POST', path: '/api/gas_soft_renewal', headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, userid: String(userId), accesstoken: accessToken } }, (res) => {
        let text = '';
        res.on('data', (d: Buffer) => (text += d.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      });
      req.on('error', reject);
      Readable.from(body()).pipe(req);
    });
    clearInterval(timer);
    expect(answer.status, answer.body).toBe(200);
    // Client and server share this process, so the socket chunks both sides drop before a GC count too
    // (measured ~33 MB): holding the 60 MB upload anywhere would push both past 60 MB.
    expect(peakBuffers - before.arrayBuffers).toBeLessThan(45 * 1024 * 1024);
    expect(peak - before.rss).toBeLessThan(45 * 1024 * 1024);
    const saved = JSON.parse(answer.body) as { renewal: { gas_soft_renewals_files: Array<{ size: number }> } };
    expect(saved.renewal.gas_soft_renewals_files[0]!.size).toBe(SIZE);
  });
});

/** administration.md 2.10, 3, 7: manual folders and items. */
describe('manuals', () => {
  it('a folder holds items with files; a video is served in ranges; a folder with items cannot be deleted', async () => {
    expect((await court.post('/api/manuals', { manual: { title: 'Папка' } })).statusCode).toBe(403);
    expect((await admin.post('/api/manuals', { manual: { title: '' } })).json().message).toBe('Значение от 1 до 100 символов');
    const folder = await admin.post('/api/manuals', { manual: { title: 'Видеоуроки', order: 1 } });
    expect(folder.statusCode, folder.body).toBe(200);
    const folderId = Number(folder.json().id);

    const filesBefore = await storedFiles();
    const bad = await admin.multipart('POST', '/api/manuals_items', { manualItem: { manual_id: folderId, title: 'Урок' } }, [{ field: 'files', name: 'x.exe', content: Buffer.from('MZ') }]);
    expect(bad.statusCode).toBe(400);
    expect(await storedFiles()).toEqual(filesBefore);
    const noFolder = await admin.multipart('POST', '/api/manuals_items', { manualItem: { manual_id: 999999, title: 'Урок' } }, [{ field: 'files', name: 'v.mp4', content: MP4 }]);
    expect(noFolder.statusCode).toBe(404);
    expect(await storedFiles()).toEqual(filesBefore);

    const item = await admin.multipart('POST', '/api/manuals_items', { manualItem: { manual_id: folderId, title: 'Вход в систему', contents: 'Как войти' } }, [
      { field: 'files', name: 'урок.mp4', content: MP4 },
      { field: 'files', name: 'экран.png', content: PNG },
    ]);
    expect(item.statusCode, item.body).toBe(200);
    const itemId = Number(item.json().id);
    const list = (await court.get('/api/manuals')).json().manuals as Array<{ id: number; manual_items: Array<{ id: number; manual_item_files: Array<{ file_id: string }> }> }>;
    const tree = list.find((f) => f.id === folderId)!;
    expect(tree.manual_items.map((i) => i.id)).toEqual([itemId]);
    const video = tree.manual_items[0]!.manual_item_files[0]!.file_id;
    const part = await app.server.app.inject({ method: 'GET', url: `/api/manual_item_file/${itemId}/${video}`, headers: { ...(await headersOf('court')), range: 'bytes=4-11' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-type']).toBe('video/mp4');
    expect(part.headers['content-range']).toBe(`bytes 4-11/${MP4.length}`);
    expect(part.rawPayload.equals(MP4.subarray(4, 12))).toBe(true);

    const refused = await admin.delete(`/api/manuals/${folderId}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Нельзя удалить папку, в которой есть материалы');
    const edited = await admin.multipart('PUT', `/api/manuals_items/${itemId}`, { manualItem: { title: 'Вход' }, filesList: [video] });
    expect(edited.json().manualItem.manual_item_files).toHaveLength(1);
    expect((await admin.delete(`/api/manuals_items/${itemId}`)).json().message).toBe('Удалено');
    expect((await admin.delete(`/api/manuals/${folderId}`)).json().message).toBe('Удалено');
    expect(((await admin.get('/api/manuals')).json().manuals as Array<{ id: number }>).some((f) => f.id === folderId)).toBe(false);
  });
});

const headersOf = async (login: string) => {
  const r = await app.server.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { username: login, password: 'demo2026' } });
  const { id, accessToken } = r.json() as { id: number; accessToken: string };
  return { userid: String(id), accesstoken: accessToken };
};
