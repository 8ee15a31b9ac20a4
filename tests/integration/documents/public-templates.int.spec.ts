import { readFileSync } from 'node:fs';
import PizZip from 'pizzip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtInTemplate } from '../../../commands/act/templates';
import { publicTemplates } from '../../../domain/report/public-templates';
import { eventCount } from '../requests/helpers';
import { startTestApp, type ApiClient, type TestApp } from '../../support/app';

/**
 * GET /public/templates/{name} (requests.md 7, equipment.md 7): the templates in use, read-only, for
 * the holders of the right of what each produces; an unknown name is a Russian 404, never the page.
 */
let t: TestApp;
let court: ApiClient;
let hotline: ApiClient;

beforeAll(async () => {
  t = await startTestApp();
  [court, hotline] = await Promise.all([t.signIn('court'), t.signIn('hotline')]);
});
afterAll(async () => {
  await t?.close();
});

const textOf = (docx: Buffer) => (new PizZip(docx).file('word/document.xml')?.asText() ?? '').replace(/<[^>]+>/g, '');

describe('templates in use at /public/templates/{name}', () => {
  it('serves every listed template as a Word file; the act template is the version in use', async () => {
    const before = await eventCount(t);
    for (const template of publicTemplates) {
      const res = await court.get(`/public/templates/${template.name}`);
      expect(res.statusCode, template.name).toBe(200);
      expect(res.headers['content-type']).toContain('wordprocessingml');
      expect(new PizZip(res.rawPayload).file('word/document.xml'), template.name).not.toBeNull();
    }
    const act = await court.get('/public/templates/act-co-8.docx');
    expect(act.rawPayload.equals((await builtInTemplate('act-co-8')).bytes)).toBe(true);
    expect(textOf(act.rawPayload)).toContain('{#spares_branch}');
    const formular = await court.get('/public/templates/formular-RS');
    expect(formular.rawPayload.equals(readFileSync('templates/technical/formular-RS.docx'))).toBe(true);
    expect(textOf((await court.get('/public/templates/equipment-lst')).rawPayload)).toContain('Список оборудования');
    expect(textOf((await court.get('/public/templates/requests-list')).rawPayload)).toContain('Список заявок');
    // Reading changes nothing.
    expect(await eventCount(t)).toBe(before);
  });

  it('refuses an unknown name with a Russian 404, a caller without the right with 403, an anonymous one with 401', async () => {
    for (const name of ['no-such', 'act-co-9', '..%2F..%2Fpackage.json', 'formular-XX', 'index.html']) {
      const res = await court.get(`/public/templates/${name}`);
      expect(res.statusCode, name).toBe(404);
      expect(res.json().message).toBe('Шаблон не найден');
    }
    const empty = await court.get('/public/templates/');
    expect(empty.statusCode).toBe(404);
    expect(empty.headers['content-type']).toContain('application/json');
    // The hot line operator reads requests but not the equipment list.
    expect((await hotline.get('/public/templates/equipment-lst')).statusCode).toBe(403);
    expect((await hotline.get('/public/templates/act-co-8')).statusCode).toBe(200);
    expect((await t.anonymous.get('/public/templates/act-co-8')).statusCode).toBe(401);
  });
});
