import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'slonik';
import { startTestApp, type ApiClient, type TestApp } from '../../support/app';
import { demoFacts, eventCount, registerRepair, type Facts } from '../requests/helpers';

let t: TestApp;
let admin: ApiClient;
let court: ApiClient;
let engineer: ApiClient;
let chief: ApiClient;
let facts: Facts;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.signIn('admin');
  court = await t.signIn('court');
  engineer = await t.signIn('engineer');
  chief = await t.signIn('chief');
  facts = await demoFacts(t);
});
afterAll(async () => {
  await t.close();
});

interface SetView {
  id: number;
  region_id: number;
  title: string;
  contract: string;
  spares_sets_items: Array<{ id: number; title: string; amount: number; used: number; remainder: number; code: number; cost: number }>;
}

const newSet = (over: Record<string, unknown> = {}) => ({
  sparesSet: {
    region_id: facts.regionId,
    title: 'ЗИП проверки',
    contract: 'Контракт 1/2026',
    spares_sets_items: [
      { code: 101, title: 'Картридж', cost: 1500.5, amount: 5 },
      { code: 102, title: 'Ролик подачи', cost: 300, amount: 3 },
    ],
    ...over,
  },
});

const listOf = async (client: ApiClient, text: string): Promise<SetView[]> => {
  const res = await client.get(`/api/spares_sets?text=${encodeURIComponent(text)}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { sparesSets: SetView[] }).sparesSets;
};

describe('spares sets (Комплекты ЗИП)', () => {
  it('creates, edits and deletes a set with the spec messages; reading needs READ, writing FULL', async () => {
    const created = await chief.post('/api/spares_sets', newSet({ title: 'ЗИП круговой' }));
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().message).toBe('ЗИП сохранен');
    const id = Number(created.json().id);
    const [set] = await listOf(engineer, 'ЗИП круговой');
    expect(set!.spares_sets_items.map((i) => [i.title, i.amount, i.remainder])).toEqual([['Картридж', 5, 5], ['Ролик подачи', 3, 3]]);

    expect((await engineer.post('/api/spares_sets', newSet())).statusCode).toBe(403);
    expect((await court.get('/api/spares_sets')).statusCode).toBe(403);

    const items = set!.spares_sets_items;
    const edited = await chief.put(`/api/spares_sets/${id}`, {
      sparesSet: { region_id: facts.regionId, title: 'ЗИП круговой 2', contract: 'К-2', spares_sets_items: [{ ...items[0], amount: 7 }, { code: 103, title: 'Термоблок', cost: 9000, amount: 1 }] },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const after = edited.json().sparesSet as SetView;
    expect(after.title).toBe('ЗИП круговой 2');
    expect(after.spares_sets_items.map((i) => [i.title, i.amount])).toEqual([['Картридж', 7], ['Термоблок', 1]]);
    expect(after.spares_sets_items[0]!.id).toBe(items[0]!.id);

    const removed = await chief.delete(`/api/spares_sets/${id}/items/${after.spares_sets_items[1]!.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    const last = await chief.delete(`/api/spares_sets/${id}/items/${after.spares_sets_items[0]!.id}`);
    expect(last.statusCode).toBe(409);
    expect(last.json().message).toBe('Нельзя удалить последнюю позицию ЗИП');

    const deleted = await chief.delete(`/api/spares_sets/${id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await listOf(chief, 'ЗИП круговой')).toEqual([]);
  });

  it("keeps a branch to its own region's stock: another region's set is neither listed nor written", async () => {
    const regionIds = (await t.server.ctx.pool.anyFirst(sql.unsafe`SELECT DISTINCT region_id FROM rm_units ORDER BY region_id`)).map(Number);
    const otherRegion = regionIds.find((r) => r !== facts.regionId)!;
    // The administrator (FULL access) keeps every region's stock.
    const foreign = await admin.post('/api/spares_sets', newSet({ region_id: otherRegion, title: 'ЗИП чужого региона' }));
    expect(foreign.statusCode, foreign.body).toBe(200);
    const foreignId = Number(foreign.json().id);
    expect(await listOf(admin, 'ЗИП чужого региона')).toHaveLength(1);
    expect(await listOf(chief, 'ЗИП чужого региона')).toEqual([]);
    expect(await listOf(engineer, 'ЗИП чужого региона')).toEqual([]);
    const before = await eventCount(t);
    expect((await chief.post('/api/spares_sets', newSet({ region_id: otherRegion, title: 'ЗИП не свой' }))).statusCode).toBe(403);
    expect((await chief.put(`/api/spares_sets/${foreignId}`, newSet({ title: 'Переименован' }))).statusCode).toBe(404);
    expect((await chief.delete(`/api/spares_sets/${foreignId}`)).statusCode).toBe(404);
    expect(await eventCount(t)).toBe(before);
  });

  it('refuses bad input with the spec messages and writes nothing', async () => {
    const before = await eventCount(t);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ spares_sets_items: [] }, 'Добавьте хотя бы одну позицию ЗИП'],
      [{ title: '' }, 'Значение от 1 до 100 символов'],
      [{ spares_sets_items: [{ code: 1, title: 'x', cost: -1, amount: 1 }] }, 'Cтоимость ?'],
      [{ spares_sets_items: [{ code: 1, title: 'x', cost: 1, amount: 'много' }] }, 'Kоличество ?'],
      [{ spares_sets_items: [{ code: 1, title: '', cost: 1, amount: 1 }] }, 'Наименование от 1 до 100 символов'],
      [{ region_id: 999999 }, 'Укажите регион'],
    ];
    for (const [over, message] of cases) {
      const res = await chief.post('/api/spares_sets', newSet(over));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await chief.put('/api/spares_sets/999999', newSet())).statusCode).toBe(404);
    expect(await eventCount(t)).toBe(before);
  });

  it('shows the remainder after a request uses an item and keeps that item and its amount', async () => {
    const created = await chief.post('/api/spares_sets', newSet({ title: 'ЗИП для заявки' }));
    const id = Number(created.json().id);
    const set = created.json().sparesSet as SetView;
    const cartridge = set.spares_sets_items[0]!;
    const req = (await registerRepair(court, facts)).json().savedRequest as { id: number };
    expect((await engineer.post(`/api/request/${req.id}/take`, {})).statusCode).toBe(200);
    const saved = await engineer.multipart('PUT', '/api/request', {
      request: { id: req.id, view_res_before: 1, repair_type_id: 5 },
      spares: [{ spares_set_id: id, item_id: cartridge.id, amount: 2 }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const [listed] = await listOf(engineer, 'ЗИП для заявки');
    expect(listed!.spares_sets_items[0]).toMatchObject({ amount: 5, used: 2, remainder: 3 });

    const before = await eventCount(t);
    const dropUsed = await chief.put(`/api/spares_sets/${id}`, { sparesSet: { ...set, spares_sets_items: [set.spares_sets_items[1]] } });
    expect(dropUsed.statusCode).toBe(409);
    expect(dropUsed.json().message).toBe('Позиция ЗИП использована в заявках, ее нельзя удалить');
    const belowUsed = await chief.put(`/api/spares_sets/${id}`, { sparesSet: { ...set, spares_sets_items: [{ ...cartridge, amount: 1 }, set.spares_sets_items[1]] } });
    expect(belowUsed.statusCode).toBe(400);
    expect(belowUsed.json().message).toBe('Количество не может быть меньше 2 (использовано в заявках)');
    expect((await chief.delete(`/api/spares_sets/${id}`)).statusCode).toBe(409);
    expect(await eventCount(t)).toBe(before);
    // The request dialog's search still offers the rest.
    const offers = await engineer.get(`/api/spares_sets/${encodeURIComponent(JSON.stringify({ title: 'Картридж', request_id: null }))}`);
    expect(offers.statusCode, offers.body).toBe(200);
  });
});

describe('characteristics (tools_traits)', () => {
  it('saves a trait with two values, adds a value, and the kind and tool card read them', async () => {
    const created = await admin.post('/api/tool_traits', { toolTrait: { title: 'Разрешение сканирования', values: [{ value_title: '600 dpi' }, { value_title: '1200 dpi' }] } });
    expect(created.statusCode, created.body).toBe(200);
    const trait = created.json().toolTrait as { id: number; values: Array<{ value_id: number; value_title: string }> };
    expect(trait.values).toEqual([{ value_id: 1, value_title: '600 dpi' }, { value_id: 2, value_title: '1200 dpi' }]);

    const added = await admin.post('/api/tool_traits_add_value', { traitId: trait.id, value_title: '2400 dpi' });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().value_id).toBe(3);

    const listed = (await engineer.get('/api/tools_traits')).json().tools_traits as Array<{ id: number; values: unknown[] }>;
    expect(listed.find((x) => x.id === trait.id)?.values).toHaveLength(3);

    const kind = await admin.post('/api/tool_kind', { toolKind: { title: 'Сканер проверки', soft_updatable: false, traits: [trait.id] } });
    expect(kind.statusCode, kind.body).toBe(200);
    const kindTraits = await engineer.get(`/api/tool_kind_traits/${encodeURIComponent(JSON.stringify({ kindId: kind.json().id }))}`);
    expect(kindTraits.statusCode, kindTraits.body).toBe(200);
    expect(kindTraits.json().traits[0]).toMatchObject({ tool_trait_id: trait.id, values: [{ value_id: 1 }, { value_id: 2 }, { value_id: 3 }] });

    // Named by the kind, the trait is not deleted; once the kind lets it go, it is.
    const before = await eventCount(t);
    const refusedDelete = await admin.delete(`/api/tool_traits/${trait.id}`);
    expect(refusedDelete.statusCode).toBe(409);
    expect(refusedDelete.json().message).toMatch(/^Характеристика используется: видов оборудования — 1/);
    expect(await eventCount(t)).toBe(before);
    const freed = await admin.put(`/api/tool_kind/${kind.json().id}`, { toolKind: { title: 'Сканер проверки', soft_updatable: false, traits: [] } });
    expect(freed.statusCode, freed.body).toBe(200);
    const deleted = await admin.delete(`/api/tool_traits/${trait.id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
  });

  it('refuses a kind naming a missing trait, duplicate or empty values, and writes for non-holders', async () => {
    const before = await eventCount(t);
    const badKind = await admin.post('/api/tool_kind', { toolKind: { title: 'Вид с пропавшей характеристикой', traits: [999999] } });
    expect(badKind.statusCode).toBe(400);
    expect(badKind.json().message).toBe('Характеристика не найдена');
    const dup = await admin.post('/api/tool_traits', { toolTrait: { title: 'Повтор', values: [{ value_title: 'А' }, { value_title: 'а' }] } });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().message).toBe('Такое значение уже есть');
    const empty = await admin.post('/api/tool_traits', { toolTrait: { title: 'Пусто', values: [{ value_title: ' ' }] } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Наименование от 1 до 100 символов');
    expect((await engineer.post('/api/tool_traits', { toolTrait: { title: 'Чужая' } })).statusCode).toBe(403);
    expect((await admin.post('/api/tool_traits_add_value', { traitId: 999999, value_title: 'x' })).statusCode).toBe(404);
    expect(await eventCount(t)).toBe(before);
  });

  it('gives the demo kinds characteristics the tool card offers', async () => {
    const n = Number(await t.server.ctx.pool.oneFirst(sql.unsafe`SELECT count(*) FROM rm_catalog_items WHERE catalog = 'tools_traits' AND NOT deleted`));
    expect(n).toBeGreaterThanOrEqual(4);
    const printer = await engineer.get(`/api/tool_kind_traits/${encodeURIComponent(JSON.stringify({ kindId: 4 }))}`);
    expect(printer.json().traits.map((x: { title: string }) => x.title)).toEqual(['Тип печати', 'Цветность печати']);
  });
});
