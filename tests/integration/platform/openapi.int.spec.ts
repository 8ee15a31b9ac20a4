import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogs } from '../../../domain/catalog/definitions';
import { openApiPath, type OpenApiDocument } from '../../../api/http/openapi';
import { startTestApp, type TestApp } from '../../support/app';
import { documentedRoutes, multipartRouteKeys, openApiDocument, registeredRoutes } from '../../support/route-list';

/**
 * GET /api/openapi.json: a valid OpenAPI 3.1 document (checked by a validator package) naming every
 * registered route and no other, with the zod schemas' fields, the spec's names and the multipart
 * parts; the reference page lists the same calls. Open without signing in.
 */
let t: TestApp;
let doc: OpenApiDocument;

beforeAll(async () => {
  t = await startTestApp();
  doc = await openApiDocument(t.server.app);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const key = (r: { method: string; url: string }) => `${r.method} ${r.url}`;
type Operation = { summary: string; parameters?: Array<{ name: string; in: string }>; requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> } };
const op = (path: string, method: string) => (doc.paths as Record<string, Record<string, Operation>>)[path]![method]!;

describe('the OpenAPI document', () => {
  it('validates as OpenAPI 3.1', async () => {
    expect(doc.openapi).toBe('3.1.0');
    const result = await new Validator().validate(doc as unknown as Record<string, unknown>);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('names every registered route and no other', () => {
    const registered = registeredRoutes(t.server.app).map(key).sort();
    const documented = documentedRoutes(doc).map(key).sort();
    expect(registered.length).toBeGreaterThan(50);
    expect(documented).toEqual(registered);
  });

  it('describes every operation in Russian', () => {
    for (const [path, ops] of Object.entries(doc.paths as Record<string, Record<string, Operation>>))
      for (const [method, o] of Object.entries(ops)) expect(o.summary, `${method} ${path}`).toMatch(/\S/);
    expect(op('/api/tool_traits_add_value', 'post').summary).toContain('Значение параметра добавлено');
  });

  it('carries the catalogue schemas under the payload key, and the documented names of the data calls', () => {
    for (const def of catalogs.filter((c) => !c.ownWriteRoutes)) {
      const body = op(`/api/${def.name}`, 'post').requestBody!.content['application/json']!.schema;
      expect(Object.keys(body.properties ?? {}), def.name).toEqual([def.payloadKey]);
    }
    const manufacturer = op('/api/manufacturer', 'post').requestBody!.content['application/json']!.schema.properties!.manufacturer as { properties: Record<string, unknown> };
    expect(Object.keys(manufacturer.properties)).toEqual(['title']);
    const query = op('/api/tools_waiting_repair', 'get').parameters!.filter((p) => p.in === 'query').map((p) => p.name);
    expect(query).toEqual(expect.arrayContaining(['region_id', 'date_beg', 'date_end', 'regionId', 'dateStart', 'dateFinsh']));
  });

  it('describes the body of every write from the schema the route validates with', () => {
    const missing: string[] = [];
    const bare: string[] = [];
    for (const route of registeredRoutes(t.server.app)) {
      if (route.method !== 'POST' && route.method !== 'PUT' && route.method !== 'PATCH') continue;
      const o = op(openApiPath(route.url), route.method.toLowerCase());
      const content = o.requestBody?.content ?? {};
      if (!content['application/json'] && !content['multipart/form-data']) missing.push(key(route));
      // A JSON body with no fields must be the declared "no body" (noBody), never a forgotten schema.
      const json = content['application/json']?.schema as { properties?: Record<string, unknown>; anyOf?: unknown[]; description?: string } | undefined;
      if (json && !json.anyOf && Object.keys(json.properties ?? {}).length === 0 && json.description !== 'Тело не требуется') bare.push(key(route));
    }
    expect(missing).toEqual([]);
    expect(bare).toEqual([]);
    // The schemas are the routes' own: the spec's payload names and their rules appear.
    const number = op('/api/request_set_new_number', 'post').requestBody!.content['application/json']!.schema.properties!;
    expect(Object.keys(number)).toEqual(['requestId', 'newNumber']);
    const request = op('/api/request', 'post').requestBody!.content['multipart/form-data']!.schema.properties!.request as { properties: Record<string, unknown> };
    expect(Object.keys(request.properties)).toEqual(expect.arrayContaining(['region_id', 'unit_id', 'request_kind_id', 'contact_kind', 'contact_id', 'request_text', 'tool_id']));
    const signin = op('/api/auth/signin', 'post').requestBody!.content['application/json']!.schema as { required?: string[] };
    expect(signin.required).toEqual(['username', 'password']);
    const hotline = op('/api/request_hot_line_register', 'post').requestBody!.content['application/json']!.schema.properties!;
    expect(Object.keys(hotline)).toContain('request_id');
  });

  it('describes path ids and JSON filters', () => {
    const history = op('/api/tool_history/{id}', 'get').parameters![0] as unknown as { schema: { type: string; minimum: number } };
    expect(history.schema).toMatchObject({ type: 'integer', minimum: 1 });
    // The list filters: the JSON of the path segment is the list's own filter contract.
    const filter = op('/api/request/{filter}', 'get').parameters![0] as unknown as { content: { 'application/json': { schema: { properties: Record<string, unknown> } } } };
    expect(Object.keys(filter.content['application/json'].schema.properties)).toContain('pageNumber');
    expect(op('/api/tool', 'get').parameters!.map((p) => p.name)).toContain('pageNumber');
  });

  it('documents the multipart calls with their parts', () => {
    const multipart = multipartRouteKeys(doc);
    expect(multipart).toContain('POST /api/request');
    expect(multipart).toContain('POST /api/request_comments');
    const parts = op('/api/request', 'post').requestBody!.content['multipart/form-data']!.schema.properties!;
    expect(Object.keys(parts)).toEqual(['request', 'engineers', 'spares', 'sparesPbs', 'works', 'toolsCommissioning', 'filesList', 'oldDocsList', 'newDocsList', 'files']);
    // Every documented multipart route is registered.
    const registered = new Set(registeredRoutes(t.server.app).map(key));
    expect([...multipart].filter((k) => !registered.has(k))).toEqual([]);
  });

  it('serves the document and the reference page without signing in', async () => {
    expect((await t.anonymous.get('/api/openapi.json')).statusCode).toBe(200);
    const page = await t.anonymous.get('/api/docs');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Справочник');
    expect(page.body).toContain('POST /api/request_set_new_number');
  });
});
