import { readFileSync } from 'node:fs';
import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, startTestApp, type ApiClient, type TestApp } from '../../support/app';
import { courtWithHotlineAccount } from '../../support/hotline-accounts';
import { startHotlineDouble, type HotlineDouble } from '../../support/hotline-double';
import { startSmtpSink } from '../../support/smtp-sink';
import { demoFacts, eventCount, registerRepair, type Facts } from '../requests/helpers';

/**
 * Walks docs/api-conformance.md: every row with a sample is called as the spec writes it (as the
 * administrator) and must answer 200 with the row's keys. Then the policies the document states:
 * documented names beside ours, conflicts refused, the current year by default, section 8 texts.
 * The hot line calls go to the hot line double and the SMTP sink (the demo court's organisation
 * gets hot line credentials), so their rows are walked too.
 */
let t: TestApp;
let admin: ApiClient;
let court: ApiClient;
let facts: Facts;
let trait: number;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let double: HotlineDouble;
let plainUnit: number;

beforeAll(async () => {
  sink = await startSmtpSink();
  double = await startHotlineDouble();
  t = await startTestApp({ smtpUrl: sink.url, redis: true, env: { HOTLINE_URL: double.url, HOTLINE_EMAIL: 'gl@hotline.example.ru', HOTLINE_TIMEOUT_MS: '2000', HOTLINE_SECRET_KEY: 'test-key' } });
  admin = await t.signIn('admin');
  court = await t.signIn('court');
  facts = await demoFacts(t);
  ({ plainUnit } = await courtWithHotlineAccount(t, admin, facts));
  trait = Number(await t.server.ctx.pool.oneFirst(sql.unsafe`SELECT id FROM rm_catalog_items WHERE catalog = 'tools_traits' AND NOT deleted ORDER BY id LIMIT 1`));
}, 120_000);
afterAll(async () => {
  await t?.close();
  await double?.close();
  await sink?.close();
});

interface Row {
  readonly call: string;
  readonly status: string;
  readonly sample: string;
  readonly keys: string[];
}

/** The rows of the document's call tables (5 columns: call, handler, status, sample, keys). */
const rows = (): Row[] =>
  readFileSync(new URL('../../../docs/api-conformance.md', import.meta.url), 'utf8')
    .split('\n')
    .filter((l) => l.startsWith('| ') && !l.startsWith('| Call') && !l.startsWith('| ---'))
    .map((l) => l.slice(2, -2).split(' | '))
    .filter((c) => c.length === 5)
    .map(([call, , status, sample, keys]) => ({ call: call!, status: status!, sample: sample!.trim(), keys: keys!.split(',').map((k) => k.trim()).filter(Boolean) }));

const fresh = async () => {
  const res = await registerRepair(court, facts);
  expect(res.statusCode, res.body).toBe(200);
  // The administrator reads it next: wait until the read models have the court user's write.
  await t.settled();
  return Number((res.json() as { savedRequest: { id: number } }).savedRequest.id);
};

/** The id a write answers (`id`), for the rows that change what an earlier call of theirs created. */
const created = async (res: Promise<{ statusCode: number; body: string; json(): unknown }>, what: string) => {
  const r = await res;
  if (r.statusCode !== 200) throw new Error(`${what}: ${r.statusCode} ${r.body}`);
  await t.settled();
  return String((r.json() as { id: number }).id);
};
let serial = 0;
/** A program of the special software (news are about it only). */
const specialProgram = async () =>
  String(await t.server.ctx.pool.oneFirst(sql.unsafe`SELECT id FROM rm_catalog_items WHERE catalog = 'programs' AND NOT deleted AND data->>'type' = '1' ORDER BY id LIMIT 1`));
const once = new Map<string, Promise<string>>();
/** A value made once per run (a tool, a user… that the row's later calls change and delete). */
const made = (name: string, make: () => Promise<string>) => {
  if (!once.has(name)) once.set(name, make());
  return once.get(name)!;
};

const fill = async (text: string) => {
  const year = new Date().getFullYear();
  const values: Record<string, () => Promise<string> | string> = {
    n: () => String(++serial),
    password: () => DEMO_PASSWORD,
    plainUnit: () => String(plainUnit),
    courtOrg: async () => String(await t.server.ctx.pool.oneFirst(sql.unsafe`SELECT organization_id FROM rm_users WHERE login = 'court'`)),
    model: async () => String(await t.server.ctx.pool.oneFirst(sql.unsafe`SELECT id FROM rm_catalog_items WHERE catalog = 'tool_model' AND NOT deleted ORDER BY id LIMIT 1`)),
    newTool: () =>
      made('tool', () =>
        created(admin.multipart('POST', '/api/tool', { tool: { id: null, unit_id: facts.courtUnit, tool_kind_id: 4, manufacturer_id: 1, model: 'Проверка соответствия', serial_number: 'SN-CONF-MADE', inventar_number: 'ИН-CONF-MADE', owner_type_id: 2, state: 5 } }), 'a tool'),
      ),
    newUser: () =>
      made('user', async () =>
        created(admin.post('/api/users', { user: { surname: 'Проверкин', name: 'Соответствий', email: 'conformance@courts.example.ru', organization_id: Number(await t.server.ctx.pool.oneFirst(sql.unsafe`SELECT organization_id FROM rm_users WHERE login = 'court'`)), login: 'conformance_user', password: 'secret123', users_roles: [3] } }), 'a user'),
      ),
    newInner: () => made('inner', () => created(admin.multipart('POST', '/api/request_inner', { innerRequest: { message: 'Запрос для проверки соответствия', author_email: 'author@courts.example.ru' } }), 'an inner request')),
    specialProgram: () => specialProgram(),
    newRenewal: () =>
      made('renewal', async () =>
        created(
          admin.multipart('POST', '/api/gas_soft_renewal', { renewal: { date: '2024-01-10', title: 'Обновление для проверки соответствия', program_id: Number(await specialProgram()) } }, [
            { field: 'files', name: 'notes.txt', content: Buffer.from('Проверка'), type: 'text/plain' },
          ]),
          'a renewal',
        ),
      ),
    manual: () => made('manual', () => created(admin.post('/api/manuals', { manual: { title: 'Инструкция для проверки соответствия' } }), 'a manual')),
    newManualItem: async () => {
      const folder = await made('manual', () => created(admin.post('/api/manuals', { manual: { title: 'Инструкция для проверки соответствия' } }), 'a manual'));
      return made('manualItem', () => created(admin.multipart('POST', '/api/manuals_items', { manualItem: { manual_id: Number(folder), title: 'Раздел для проверки соответствия' } }), 'a manual item'));
    },
    notification: async () => {
      const r = await fresh();
      expect((await admin.post('/api/create_notifications', { notificationType: 1, requestId: r, usersIds: [admin.userId], notificationInfo: 'Проверка' })).statusCode).toBe(200);
      await t.settled();
      const list = (await admin.get(`/api/notifications/${admin.userId}`)).json() as { notifications: Array<{ id: string }> };
      return list.notifications[0]!.id;
    },
    region: () => String(facts.regionId),
    unit: () => String(facts.courtUnit),
    tool: () => String(facts.printerId),
    printer: () => String(facts.printerId),
    courtUser: () => String(facts.courtUserId),
    user: () => String(admin.userId),
    year: () => String(year),
    today: () => new Date().toISOString().slice(0, 10),
    trait: () => String(trait),
    request: async () => String(await fresh()),
    // A request of the hot line's own (SENIOR, 'Ожидает ГЛ'): the one rule of the declarant message (decision 210).
    hotlineRequest: async () =>
      created(
        admin.multipart('POST', '/api/request', {
          request: { region_id: facts.regionId, unit_id: plainUnit, request_kind_id: 8, request_performer_kind: 'SENIOR', contact_kind: 2, contact_unknown_name: 'Иванов И. И.', contact_unknown_email: 'ivanov@example.ru', request_text: 'Проверка соответствия: вопрос к ГЛ' },
        }).then((r) => ({ statusCode: r.statusCode, body: r.body, json: () => ({ id: (r.json() as { savedRequest: { id: number } }).savedRequest.id }) })),
        'a hot line request',
      ),
  };
  let out = text;
  for (const [name, value] of Object.entries(values)) if (out.includes(`{${name}}`)) out = out.replaceAll(`{${name}}`, await value());
  return out;
};

const call = async (sample: string) => {
  const [method, rawPath, ...rest] = sample.split(' ');
  const multipart = rest[0] === 'multipart';
  const bodyText = (multipart ? rest.slice(1) : rest).join(' ');
  const [pathPart, query] = rawPath!.split('?');
  const path = pathPart!.split('/').map((seg) => (seg.startsWith('{') ? encodeURIComponent(seg) : seg)).join('/') + (query ? `?${query}` : '');
  const body = bodyText ? (JSON.parse(bodyText) as Record<string, unknown>) : undefined;
  if (multipart) {
    // "$file": a GET path whose answer is sent as the file part (the import's own Excel template), or
    // the name of a small text file to attach.
    const { $file, ...fields } = body ?? {};
    const files =
      typeof $file !== 'string'
        ? []
        : $file.startsWith('/')
          ? [{ field: 'file', name: 'import.xlsx', content: (await admin.get($file)).rawPayload }]
          : [{ field: 'files', name: $file, content: Buffer.from('Проверка соответствия'), type: 'text/plain' }];
    return admin.multipart(method as 'POST', path, fields, files);
  }
  if (method === 'GET') return admin.get(path);
  if (method === 'DELETE') return admin.delete(path);
  if (method === 'POST') return admin.post(path, body);
  return admin.put(path, body);
};

describe('the calls of section 7, as docs/api-conformance.md lists them', () => {
  it('has a row for every call, each with a status', () => {
    const all = rows();
    expect(all.length).toBeGreaterThan(50);
    for (const r of all) expect(r.status, r.call).toMatch(/^(as written|ours|difference)/);
  });

  it('answers every sample with 200 and the documented keys', { timeout: 300_000 }, async () => {
    const failures: string[] = [];
    const walked = rows().filter((r) => /^(GET|POST|PUT|DELETE) /.test(r.sample));
    expect(walked.length).toBeGreaterThan(50);
    // A cell may hold several calls of the row, in order, separated by ' ;; '.
    for (const [row, sample] of walked.flatMap((r) => r.sample.split(' ;; ').map((one) => [r, one] as const))) {
      let res: Awaited<ReturnType<typeof call>>;
      try {
        res = await call(await fill(sample));
      } catch (error) {
        failures.push(`${sample}: ${(error as Error).message}`);
        continue;
      }
      if (res.statusCode !== 200) {
        failures.push(`${sample} → ${res.statusCode} ${res.body.slice(0, 200)}`);
        continue;
      }
      const json = res.json() as Record<string, unknown>;
      for (const key of row.keys) {
        const [name, value] = key.split('=');
        if (!(name! in json)) failures.push(`${sample}: no key ${name} (has ${Object.keys(json).join(', ')})`);
        else if (value !== undefined && json[name!] !== value) failures.push(`${sample}: ${name} = ${String(json[name!])}, expected ${value}`);
      }
    }
    expect(failures).toEqual([]);
  });
});

describe('documented names beside ours', () => {
  const enc = (o: unknown) => encodeURIComponent(JSON.stringify(o));
  const year = new Date().getFullYear();

  it('the repair calls answer the documented and our names alike, with ASCII keys and the named lists', async () => {
    const documented = await admin.get(`/api/tools_waiting_repair/${enc({ regionId: facts.regionId, dateStart: `${year}-01-01`, dateFinsh: `${year}-12-31` })}`);
    const ours = await admin.get(`/api/tools_waiting_repair/${enc({ region_id: facts.regionId, date_beg: `${year}-01-01`, date_end: `${year}-12-31` })}`);
    const query = await admin.get(`/api/tools_waiting_repair?regionId=${facts.regionId}`);
    expect(documented.statusCode, documented.body).toBe(200);
    expect(ours.json()).toEqual(documented.json());
    expect(query.json()).toEqual(documented.json());
    const json = documented.json() as Record<string, unknown> & { tools: Array<Record<string, unknown>>; columns: Array<{ key: string; title: string }> };
    for (const row of json.tools) for (const key of Object.keys(row)) expect(key).toMatch(/^[a-z0-9_]+$/);
    expect(json.columns.map((c) => c.key)).toEqual(['tool_kind', 'waiting_count']);
    expect(json.columns.map((c) => c.title)).toEqual(['Вид оборудования', 'Ожидает ремонта, ед.']);
    // Every counted row lands in exactly one named list.
    const listed = ['tServers', 'tSysBlocksMonitors', 'tTerminalsVks', 'tPrinters', 'tNetwork', 'tUps', 'tOthers'].flatMap((k) => json[k] as unknown[]);
    expect(listed.length).toBe(json.tools.filter((r) => !r.row_style).length);
  });

  it('refuses a documented name and ours with different values, and changes nothing', async () => {
    const before = await eventCount(t);
    const res = await admin.get(`/api/tools_repair_detail/${enc({ regionId: facts.regionId, region_id: facts.regionId + 1 })}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Параметры «regionId» и «region_id» заданы с разными значениями');
    // The same value under both names is one value.
    expect((await admin.get(`/api/tools_repair_detail/${enc({ regionId: facts.regionId, region_id: facts.regionId })}`)).statusCode).toBe(200);
    expect(await eventCount(t)).toBe(before);
  });

  it('takes the hardware report and the passport data as query parameters', async () => {
    const hw = await admin.get(`/api/tools_for_hw_report?region_id=${facts.regionId}`);
    expect(hw.statusCode, hw.body).toBe(200);
    expect((await admin.get(`/api/tools_for_hw_report?regionId=${facts.regionId}`)).json()).toEqual(hw.json());
    const passport = await admin.get(`/api/tools_for_passport?unitId=${facts.courtUnit}`);
    expect(passport.json()).toEqual((await admin.get(`/api/tools_for_passport?unit_id=${facts.courtUnit}`)).json());
  });

  it('defaults the dates of every report data call to the current year', async () => {
    const place = (c: string) => (c.startsWith('requests_enclosure') ? { all_regions: true } : { region_id: facts.regionId });
    for (const c of ['requests_enclosure_1', 'requests_enclosure_2', 'requests_for_archive', 'repair_report', 'requests_soft', 'tools_repair_detail']) {
      const bare = await admin.get(`/api/${c}/${enc(place(c))}`);
      expect(bare.statusCode, `${c} ${bare.body}`).toBe(200);
      const explicit = await admin.get(`/api/${c}/${enc({ ...place(c), date_beg: `${year}-01-01`, date_end: `${year}-12-31` })}`);
      expect(bare.json(), c).toEqual(explicit.json());
    }
    const formular = await admin.get(`/api/requests_formular/${enc({ unit_id: facts.courtUnit })}`);
    expect(formular.json()).toEqual((await admin.get(`/api/requests_formular?unit_id=${facts.courtUnit}&date_beg=${year}-01-01&date_end=${year}-12-31`)).json());
  });
});

describe('section 8 texts', () => {
  it("answers 'Ошибка' for a user id that is no id, and nothing changes", async () => {
    const before = await eventCount(t);
    const res = await admin.delete('/api/users/abc');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Ошибка');
    expect(await eventCount(t)).toBe(before);
  });

  it("says 'Параметр сохранен', 'Значение параметра добавлено' and 'Параметр удален' for characteristics", async () => {
    const saved = await admin.post('/api/tool_traits', { toolTrait: { title: 'Параметр проверки текстов', values: [] } });
    expect(saved.json().message).toBe('Параметр сохранен');
    const id = Number(saved.json().id);
    const added = await admin.post('/api/tool_traits_add_value', { traitId: id, value_title: '42' });
    expect(added.json().message).toBe('Значение параметра добавлено');
    expect((await admin.put(`/api/tool_traits/${id}`, { toolTrait: { title: 'Параметр проверки текстов 2', values: added.json().toolTrait.values } })).json().message).toBe('Параметр сохранен');
    expect((await admin.delete(`/api/tool_traits/${id}`)).json().message).toBe('Параметр удален');
  });
});

describe('ids beyond int4 in report parameters', () => {
  it('refuses a region or balance holder id above 2147483647 with 400, not a database error', async () => {
    const enc = (o: unknown) => encodeURIComponent(JSON.stringify(o));
    expect((await admin.get(`/api/tools_for_hw_report/${enc({ region_id: 2147483648 })}`)).statusCode).toBe(400);
    expect((await admin.post('/api/reports/archive', { region_id: 2147483648, date_beg: '2001-01-01', date_end: '2001-01-31' })).statusCode).toBe(400);
    expect((await admin.post('/api/reports/enclosure-1', { region_id: facts.regionId, balance_holder_id: 2147483648, date_beg: '2001-01-01', date_end: '2001-01-31' })).statusCode).toBe(400);
  });
});
