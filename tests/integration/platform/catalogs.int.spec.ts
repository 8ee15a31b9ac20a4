import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'slonik';
import { startTestApp, type TestApp, type ApiClient } from '../../support/app';

let t: TestApp;
let admin: ApiClient;
beforeAll(async () => {
  t = await startTestApp();
  admin = await t.signIn('admin');
});
afterAll(async () => {
  await t.close();
});

const eventCount = async () => Number(await t.server.ctx.pool.oneFirst(sql.unsafe`SELECT count(*) FROM es_events`));

describe('reference catalogues through one generic mechanism', () => {
  it('creates, pages (20), updates and deletes positions; the list sees each change at once', async () => {
    for (let i = 1; i <= 25; i++) {
      const res = await admin.post('/api/posts', { post: { title: `Должность ${String(i).padStart(2, '0')}` } });
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe('Сохранено');
    }
    const page2 = (await admin.get('/api/posts?pageNumber=2&text=Должность')).json();
    expect(page2.itemsCount).toBe(25);
    expect(page2.pagesCount).toBe(2);
    expect(page2.posts).toHaveLength(5);
    const first = (await admin.get('/api/posts?pageNumber=1&text=Должность 01')).json().posts[0];
    const renamed = await admin.put(`/api/posts/${first.id}`, { post: { title: 'Главный специалист' } });
    expect(renamed.json().post).toEqual({ id: first.id, title: 'Главный специалист' });
    expect((await admin.delete(`/api/posts/${first.id}`)).json()).toEqual({ message: 'Удалено' });
    expect((await admin.get('/api/posts?text=Главный')).json().posts).toEqual([]);
  });

  it('refuses invalid items with the section 5 messages and appends nothing', async () => {
    const before = await eventCount();
    const cases: Array<[string, unknown, string]> = [
      ['/api/posts', { post: { title: '' } }, 'Значение от 1 до 100 символов'],
      ['/api/posts', { post: { title: 'x'.repeat(100) } }, 'Значение от 1 до 100 символов'],
      ['/api/regions', { region: { title: '', code: 1, filial_title: 'a', filial_phone: 'b', instrumental_case: 'c' } }, 'Введите наименование региона'],
      ['/api/regions', { region: { title: 'Регион', code: 0, filial_title: 'a', filial_phone: 'b', instrumental_case: 'c' } }, 'Введите код региона'],
      ['/api/regions', { region: { title: 'Регион', code: 5, filial_title: '', filial_phone: 'b', instrumental_case: 'c' } }, 'Введите наименование филиала'],
      ['/api/regions', { region: { title: 'Регион', code: 5, filial_title: 'a', filial_phone: '', instrumental_case: 'c' } }, 'Введите телефон филиала'],
      ['/api/regions', { region: { title: 'Регион', code: 5, filial_title: 'a', filial_phone: 'b', instrumental_case: '' } }, 'Введите наименование в творительном падеже'],
      ['/api/programs', { program: { type: 1, title: '', version: '1' } }, 'Укажите наименование'],
      ['/api/programs', { program: { type: 1, title: 'СПО', version: '' } }, 'Укажите версию'],
      ['/api/programs', { program: { title: 'СПО', version: '1' } }, 'Укажите тип программного обеспечения'],
      ['/api/programs', { program: { type: 2, title: 'ОПО', version: '1', description: 'x'.repeat(2000) } }, 'Не более 2000 символов'],
      ['/api/services_repairs', { serviceRepair: { title: '', region_id: 1, service_type: 2 } }, 'Укажите наименование'],
      ['/api/common_disrepairs', { disrepair: { description: '' } }, 'Укажите неисправность'],
      ['/api/organization_kind', { kind: { title: '' } }, 'Значение от 1 до 200 символов'],
      ['/api/organization', { organization: { region_id: 1, name: 'Суд', vncode: '77RS9999', is_host: false, host_id: null }, units: [{ name: 'Здание' }] }, 'Выберите балансодержателя'],
      ['/api/organization', { organization: { region_id: 1, name: 'Суд', vncode: '77RS9999', is_host: true }, units: [] }, 'Нужно ввести хотя бы одно здание'],
      ['/api/organization', { organization: { region_id: 1, name: '', vncode: '77RS9999', is_host: true }, units: [{ name: 'З' }] }, 'Укажите наименование'],
      ['/api/organization', { organization: { region_id: 1, name: 'Суд', vncode: '', is_host: true }, units: [{ name: 'З' }] }, 'Укажите VNCODE'],
      ['/api/organization', { organization: { name: 'Суд', vncode: 'X', is_host: true }, units: [{ name: 'З' }] }, 'Укажите регион'],
      ['/api/roles', { role: { title: '', role_order: 1, access_level: 1 } }, 'Значение от 1 до 100 символов'],
      ['/api/roles', { role: { title: 'Роль', role_order: 0, access_level: 1 } }, 'Число больше нуля'],
      ['/api/users', { user: { surname: '', name: 'И', email: 'a@b.ru', organization_id: 2, login: 'abc', password: 'secret1' } }, 'Введите фамилию'],
      ['/api/users', { user: { surname: 'Ф', name: '', email: 'a@b.ru', organization_id: 2, login: 'abc', password: 'secret1' } }, 'Введите имя'],
      ['/api/users', { user: { surname: 'Ф', name: 'И', email: 'not-mail', organization_id: 2, login: 'abc', password: 'secret1' } }, 'Укажите email'],
      ['/api/users', { user: { surname: 'Ф', name: 'И', email: 'a@b.ru', login: 'abc', password: 'secret1' } }, 'Укажите организацию'],
      ['/api/users', { user: { surname: 'Ф', name: 'И', email: 'a@b.ru', organization_id: 2, login: 'ab', password: 'secret1' } }, 'Введите login (минимум 3 символа)'],
      ['/api/users', { user: { surname: 'Ф', name: 'И', email: 'a@b.ru', organization_id: 2, login: 'логин', password: 'secret1' } }, 'Только латинские буквы и цифры'],
      ['/api/users', { user: { surname: 'Ф', name: 'И', email: 'a@b.ru', organization_id: 2, login: 'abc', password: 'secret1', due_order: 'x'.repeat(501) } }, 'Значение от 1 до 500 символов'],
      ['/api/users', { user: { hotline_worker: true, name: '', email: 'a@b.ru', login: 'abc', password: 'secret1' } }, 'Введите исполнителя'],
    ];
    for (const [url, body, message] of cases) {
      const res = await admin.post(url, body);
      expect({ url, status: res.statusCode, message: res.json().message }).toEqual({ url, status: 400, message });
    }
    // An edit of an organisation that does not exist creates nothing.
    const unknown = await admin.put('/api/organization/987654', { organization: { region_id: 1, name: 'Суд', vncode: '77RS9998', is_host: true }, units: [{ name: 'Здание' }] });
    expect({ status: unknown.statusCode, message: unknown.json().message }).toEqual({ status: 404, message: 'Организация не найдена' });
    expect(await eventCount()).toBe(before);
  });

  it('keeps region e-mail settings to holders of their right', async () => {
    const chiefRole = await admin.post('/api/roles', { role: { title: 'Справочники регионов', role_order: 20, access_level: 3, rightsObject: { RIGHT_REGIONS: 2 } } });
    await admin.post('/api/users', {
      user: { surname: 'Ред', name: 'Регионов', email: 'reg@courts.example.ru', organization_id: 2, login: 'regions_editor', password: 'secret123', users_roles: [chiefRole.json().id] },
    });
    const editor = await t.signIn('regions_editor', 'secret123');
    const region = (await editor.get('/api/regions')).json().regions[0];
    const refused = await editor.put(`/api/regions/${region.id}`, { region: { immediate_email_to_engineer: !region.immediate_email_to_engineer } });
    expect(refused.statusCode).toBe(403);
    const ok = await editor.put(`/api/regions/${region.id}`, { region: { filial_phone: '+7 (495) 000-00-00' } });
    expect(ok.json()).toMatchObject({ message: 'Регион сохранен', region: { filial_phone: '+7 (495) 000-00-00' } });
  });

  it('organisations: host must be of the same region; ticking is-host clears the host; buildings can move', async () => {
    const orgs = (await admin.get('/api/organization')).json().organizations as Array<{ id: number; region_id: number; is_host: boolean; name: string; units: Array<{ id: number }> }>;
    const hostElsewhere = orgs.find((o) => o.is_host && o.region_id !== 1)!;
    const bad = await admin.post('/api/organization', {
      organization: { region_id: 1, name: 'Новый суд', vncode: '77RS0099', is_host: false, host_id: hostElsewhere.id },
      units: [{ name: 'Новый суд, здание 1' }],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Балансодержатель должен быть организацией того же региона');
    const host = orgs.find((o) => o.is_host && o.region_id === 1)!;
    const created = await admin.post('/api/organization', {
      organization: { region_id: 1, name: 'Новый суд', vncode: '77RS0099', is_host: true, host_id: host.id },
      units: [{ name: 'Новый суд, здание 1' }, { name: 'Новый суд, здание 2' }],
    });
    expect(created.statusCode).toBe(200);
    expect(created.json().message).toBe('Организация сохранена');
    expect(created.json().organization).toMatchObject({ is_host: true, host_id: null });
    const [first] = created.json().organization.units;
    const move = await admin.post(`/api/update_unit_attr/${first.id}`, { organization_id: host.id });
    expect(move.statusCode).toBe(200);
    const moved = (await admin.get(`/api/organization/${host.id}`)).json().organization;
    expect(moved.units.map((u: { id: number }) => u.id)).toContain(first.id);
    const source = (await admin.get(`/api/organization/${created.json().id}`)).json().organization;
    expect(source.units).toHaveLength(1);
  });
});
