import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'slonik';
import { startTestApp, type ApiClient, type TestApp } from '../../support/app';

let t: TestApp;
let admin: ApiClient;
let engineer: ApiClient;
let court: ApiClient;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.signIn('admin');
  engineer = await t.signIn('engineer');
  court = await t.signIn('court');
});
afterAll(async () => {
  await t.close();
});

const eventCount = async () => Number(await t.server.ctx.pool.oneFirst(sql.unsafe`SELECT count(*) FROM es_events`));
const png = (name = 'front.png') => ({
  field: 'pictures',
  name,
  content: Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from(`png ${Math.random()}`)]),
  type: 'image/png',
});

/** The printer kind (4) with its demo characteristics and a manufacturer. */
const printerFacts = async () => {
  const kind = (await engineer.get(`/api/tool_kind_traits/${encodeURIComponent(JSON.stringify({ kindId: 4 }))}`)).json() as {
    traits: Array<{ tool_trait_id: number; values: Array<{ value_id: number }> }>;
  };
  const manufacturer = Number(await t.server.ctx.pool.oneFirst(sql.unsafe`SELECT id FROM rm_catalog_items WHERE catalog = 'manufacturer' AND NOT deleted ORDER BY id LIMIT 1`));
  return { traits: kind.traits, manufacturer };
};

interface ModelView {
  id: number;
  model: string;
  traits: Array<{ tool_trait_id: number; trait_value_id: number }>;
  files: Array<{ file_id: string; section: string; file_name: string }>;
}

describe('tool models (multipart with trait values and files)', () => {
  it('saves a model with a trait value, a picture and a document; keeps, drops and serves files', async () => {
    const f = await printerFacts();
    const trait = f.traits[0]!;
    const created = await admin.multipart(
      'POST',
      '/api/tool_model',
      { toolModel: { tool_kind_id: 4, manufacturer_id: f.manufacturer, model: 'Модель с картинкой', traits: [{ tool_trait_id: trait.tool_trait_id, trait_value_id: trait.values[0]!.value_id }], files: [{ forged: true }] } },
      [png(), { field: 'documents', name: 'manual.pdf', content: Buffer.from('%PDF-1.4 test'), type: 'application/pdf' }],
    );
    expect(created.statusCode, created.body).toBe(200);
    const model = created.json().toolModel as ModelView;
    expect(model.traits).toHaveLength(1);
    expect(model.files.map((x) => x.section).sort()).toEqual(['tool_docs', 'tool_model_pictures']);
    const picture = model.files.find((x) => x.section === 'tool_model_pictures')!;
    const served = await court.get(`/api/tool_model_file/${model.id}/${picture.file_id}`);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.subarray(0, 4)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47]));

    const kept = await admin.multipart('PUT', `/api/tool_model/${model.id}`, { toolModel: { model: 'Модель с картинкой 2' }, filesList: [picture.file_id] });
    expect(kept.statusCode, kept.body).toBe(200);
    const after = kept.json().toolModel as ModelView;
    expect(after.model).toBe('Модель с картинкой 2');
    expect(after.files.map((x) => x.file_id)).toEqual([picture.file_id]);
    // The generic list still serves the catalogue reads (request dialog, tool card).
    const listed = (await engineer.get('/api/tool_model?tool_kind_id=4')).json().tool_model as Array<{ id: number }>;
    expect(listed.some((m) => m.id === model.id)).toBe(true);

    expect((await admin.delete(`/api/tool_model/${model.id}`)).json().message).toBe('Удалено');
  });

  it('refuses a value of a trait the kind lacks, a fake picture and non-holders; writes nothing', async () => {
    const f = await printerFacts();
    const before = await eventCount();
    const monitorTrait = (await engineer.get(`/api/tool_kind_traits/${encodeURIComponent(JSON.stringify({ kindId: 3 }))}`)).json().traits[0] as { tool_trait_id: number; values: Array<{ value_id: number }> };
    const wrongTrait = await admin.multipart('POST', '/api/tool_model', {
      toolModel: { tool_kind_id: 4, manufacturer_id: f.manufacturer, model: 'Чужая характеристика', traits: [{ tool_trait_id: monitorTrait.tool_trait_id, trait_value_id: monitorTrait.values[0]!.value_id }] },
    });
    expect(wrongTrait.statusCode).toBe(400);
    const fake = await admin.multipart('POST', '/api/tool_model', { toolModel: { tool_kind_id: 4, manufacturer_id: f.manufacturer, model: 'Фальшивая картинка' } }, [
      { field: 'pictures', name: 'x.png', content: Buffer.from('%PDF'), type: 'image/png' },
    ]);
    expect(fake.statusCode).toBe(400);
    expect(fake.json().message).toBe('Допустимые типы изображений: png, jpeg, jpg');
    const noName = await admin.multipart('POST', '/api/tool_model', { toolModel: { tool_kind_id: 4, manufacturer_id: f.manufacturer, model: '' } });
    expect(noName.json().message).toBe('Укажите наименование оборудования');
    expect((await engineer.multipart('POST', '/api/tool_model', { toolModel: { tool_kind_id: 4, manufacturer_id: f.manufacturer, model: 'Нет права' } })).statusCode).toBe(403);
    expect(await eventCount()).toBe(before);
  });
});

describe('registry checks', () => {
  it('lists models without pictures, counts a model\'s tools and copies its characteristics to its tools as a job', async () => {
    const without = (await admin.get('/api/tools_models_without_pictures')).json().toolsModelsWithoutPictures as Array<{ id: number }>;
    expect(without.length).toBeGreaterThan(0);
    const pool = t.server.ctx.pool;
    const tool = await pool.one(sql.unsafe`
      SELECT t.id, t.model_id, u.region_id FROM rm_tools t JOIN rm_units u ON u.id = t.unit_id
      WHERE NOT t.deleted AND t.tool_kind_id = 4 AND t.model_id IS NOT NULL AND jsonb_array_length(t.traits) = 0 ORDER BY t.id LIMIT 1`);
    const modelId = Number(tool.model_id);
    const inUse = await admin.delete(`/api/tool_model/${modelId}`);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().message).toMatch(/^Модель указана у оборудования \(\d+\), удалить нельзя$/);
    const fix = (await admin.post('/api/tools_models_fix', { modelId })).json();
    expect(fix.toolsCount).toBeGreaterThan(0);
    expect(fix.toolsWithoutTraits).toBeGreaterThan(0);

    const f = await printerFacts();
    const traits = f.traits.map((x) => ({ tool_trait_id: x.tool_trait_id, trait_value_id: x.values[0]!.value_id }));
    expect((await admin.multipart('PUT', `/api/tool_model/${modelId}`, { toolModel: { traits } })).statusCode).toBe(200);

    const check = (await admin.get(`/api/tools_check_traits?regionId=${Number(tool.region_id)}`)).json();
    expect(check.toolsWithoutTraits.some((x: { id: number }) => x.id === Number(tool.id))).toBe(true);
    expect((await court.get(`/api/tools_check_traits?regionId=${Number(tool.region_id)}`)).statusCode).toBe(403);

    const started = await admin.post('/api/tools_copy_traits', { modelId });
    expect(started.statusCode, started.body).toBe(200);
    const { jobId } = started.json() as { jobId: string };
    let view = (await admin.get(`/api/tools_copy_traits/${jobId}`)).json();
    // The job runs beside the server: wait for it by the clock, not by a count of polls (a loaded CI machine is slow).
    for (const deadline = Date.now() + 30_000; view.state === 'running' && Date.now() < deadline; ) {
      await new Promise((r) => setTimeout(r, 50));
      view = (await admin.get(`/api/tools_copy_traits/${jobId}`)).json();
    }
    expect(view).toMatchObject({ state: 'done', failed: 0 });
    expect(view.copied).toBe(view.total);
    expect(view.copied).toBeGreaterThan(0);
    const card = (await admin.get(`/api/tool_kind_traits/${encodeURIComponent(JSON.stringify({ kindId: 4, toolId: Number(tool.id) }))}`)).json();
    expect(card.traits.map((x: { trait_value_id: number | null }) => x.trait_value_id)).toEqual(traits.map((x) => x.trait_value_id));
  });
});
