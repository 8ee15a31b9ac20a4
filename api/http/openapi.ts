import type { ZodTypeAny } from 'zod';
import { zodToJsonSchema } from 'zod-to-json-schema';
import { catalogs } from '../../domain/catalog/definitions';
import { id } from '../../domain/shared/primitives';
import type { RegisteredRoute, RouteDoc } from './route-registry';

/**
 * The OpenAPI 3.1 document of the API (GET /api/openapi.json), built from the route registry (every
 * registered route appears, nothing is listed by hand twice) and the zod schemas each route registered
 * with itself (`documented`, api/http/route-registry.ts): the ones it validates with, converted by
 * zod-to-json-schema (the domain's schemas are zod 3). Descriptions are Russian; the spec's names
 * (payload keys, the documented spellings) are in the schemas.
 */

/** Section 7 calls and other routes with a hand-written description; the rest get a generated one. */
const summaries: Readonly<Record<string, string>> = {
  'GET /api/openapi.json': 'Описание API в формате OpenAPI 3.1',
  'GET /api/docs': 'Справочник API для администраторов и интеграторов',
  'POST /api/auth/signin': 'Вход: username, password → данные пользователя и токен',
  'POST /api/auth/signout': 'Выход',
  'GET /api/auth/rights': 'Права текущего пользователя: rights, accessLevel, rightsObject',
  'GET /api/request': 'Список заявок: requests, pagesCount, itemsCount',
  'GET /api/request/:filter': 'Список заявок по фильтру (JSON с pageNumber)',
  'POST /api/request': 'Создание заявки (multipart): message, savedRequest',
  'PUT /api/request': 'Сохранение заявки (multipart): message, savedRequest',
  'PUT /api/request/:id': 'Сохранение заявки (multipart): message, savedRequest',
  'DELETE /api/request/:id': 'Удаление заявки',
  'GET /api/request_single/:id': 'Одна заявка',
  'GET /api/request_history/:id': 'История заявки: request_history',
  'POST /api/request_comments': 'Комментарий к заявке (multipart: requestComment, files)',
  'POST /api/request_set_new_number': 'Смена номера заявки: requestId, newNumber',
  'POST /api/request_set_new_date': 'Смена даты заявки: requestId, newDate',
  'POST /api/request_hot_line_register': 'Регистрация заявки на горячей линии',
  'POST /api/create_notifications': 'Уведомления: notificationType, requestId, usersIds, notificationInfo',
  'GET /api/tool/:filter': 'Список оборудования по фильтру: tools, pagesCount, itemsCount',
  'GET /api/tool_history/:id': 'История оборудования: toolHistory, requestsWithTool',
  'GET /api/tools_check_traits': 'Проверка характеристик оборудования региона (query regionId)',
  'POST /api/tool_traits': 'Создание характеристики: «Параметр сохранен»',
  'PUT /api/tool_traits/:id': 'Изменение характеристики: «Параметр сохранен»',
  'DELETE /api/tool_traits/:id': 'Удаление характеристики: «Параметр удален»',
  'POST /api/tool_traits_add_value': 'Добавление значения характеристики: «Значение параметра добавлено»',
  'GET /api/tools_for_passport': 'Данные паспорта объекта (query unit_id)',
  'GET /api/tools_for_passport_with_sofware': 'Данные паспорта объекта с ПО (query unit_id)',
  'GET /api/requests_formular': 'Заявки формуляра объекта (query unit_id, date_beg, date_end; по умолчанию текущий год)',
  'GET /api/requests_formular/:json': 'Заявки формуляра объекта (JSON unit_id, date_beg, date_end; по умолчанию текущий год)',
  'DELETE /api/users/:id': 'Удаление пользователя («Ошибка» при неверном id)',
};

const dataCalls: Readonly<Record<string, string>> = {
  requests_enclosure_1: 'Приложение 1',
  requests_enclosure_2: 'Приложение 2',
  requests_enclosure_3: 'Приложение 3',
  requests_for_archive: 'Журнал для архива',
  repair_report: 'Отчет по ремонтам',
  requests_soft: 'Заявки по подсистемам',
  tools_waiting_repair: 'Оборудование, ожидающее ремонта (списки tServers, tSysBlocksMonitors, tTerminalsVks…)',
  tools_repair_detail: 'Ремонты подробно (списки tServers, tSysBlocksMonitors, tTerminalsVks…)',
  tools_for_hw_report: 'Отчет по оборудованию 1',
};

/** The route's own description (registered with it) with the generated summary where it gives none. */
const docOf = (route: RegisteredRoute): RouteDoc & { summary: string } => {
  const key = `${route.method} ${route.url}`;
  const [method, url] = [route.method, route.url];
  const name = url.split('/')[2] ?? '';
  const doc = route.doc ?? {};
  if (name in dataCalls) {
    const json = url.endsWith('/:json');
    return { ...doc, summary: `Данные отчета «${dataCalls[name]}»: ${json ? 'параметры JSON в пути' : 'параметры в query'}; даты по умолчанию — текущий год` };
  }
  const def = catalogs.find((c) => c.name === name);
  if (def && !doc.summary && !summaries[key]) {
    const item = url.endsWith('/:id');
    const verb = method === 'GET' ? (item ? 'запись' : 'список') : method === 'POST' ? 'создание' : method === 'PUT' ? 'изменение' : 'удаление';
    return { ...doc, summary: `Справочник «${def.title}»: ${verb}` };
  }
  return { ...doc, summary: doc.summary ?? summaries[key] ?? `${method} ${url.replace(/:([A-Za-z_]+)/g, '{$1}')}` };
};

const schemaOf = (s: ZodTypeAny): Record<string, unknown> => {
  const out = zodToJsonSchema(s, { target: 'openApi3', $refStrategy: 'none', effectStrategy: 'input' }) as Record<string, unknown>;
  delete out.$schema;
  return out;
};

const tagOf = (url: string) => {
  const name = url.split('/')[2] ?? '';
  if (catalogs.some((c) => c.name === name)) return 'Справочники';
  if (name.startsWith('request')) return 'Заявки';
  if (name.startsWith('tool') || name.startsWith('spares')) return 'Оборудование';
  if (name.startsWith('report') || name in dataCalls || name.startsWith('technical') || name.startsWith('public_docs')) return 'Отчеты и документы';
  if (name.startsWith('user') || name.startsWith('auth') || name.startsWith('roles')) return 'Пользователи и права';
  if (name.startsWith('sign') || name.startsWith('trusted') || name.startsWith('files_for_signers')) return 'Подписание';
  return 'Администрирование';
};

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { type: 'object', required: ['message'], properties: { message: { type: 'string' }, errors: { type: 'object', additionalProperties: { type: 'string' } } } } } },
});

/** Path parameters are ids (read by idParam, api/http/guard.ts) unless the route names their schema. */
const idLike = /^(id|unitId|requestId|regionId|toolId|modelId|itemId|userId)$/;
const idSchema = schemaOf(id());
const pathParameter = (name: string, schema: ZodTypeAny | undefined) => {
  const base = { name, in: 'path', required: true };
  if (!schema) return { ...base, schema: idLike.test(name) ? idSchema : { type: 'string' } };
  const json = schemaOf(schema);
  // A JSON filter in the path (GET /api/request/{filter}): its schema is the JSON the segment holds.
  return json.type === 'object' ? { ...base, content: { 'application/json': { schema: json } } } : { ...base, schema: json };
};

/** The OpenAPI path of a fastify URL: `:id` → `{id}`, the catch-all `*` → `{wildcard}`. */
export const openApiPath = (url: string) => url.replace(/:([A-Za-z_]+)/g, '{$1}').replace(/\*$/, '{wildcard}');
/** The fastify URL of an OpenAPI path (the inverse of openApiPath). */
export const fastifyUrl = (path: string) => path.replace(/\{wildcard\}$/, '*').replace(/\{([A-Za-z_]+)\}/g, ':$1');

export const buildOpenApi = (routes: readonly RegisteredRoute[], version: string) => {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const key = `${route.method} ${route.url}`;
    const doc = docOf(route);
    const path = openApiPath(route.url);
    const parameters: unknown[] = [...route.url.matchAll(/:([A-Za-z_]+)|\*$/g)].map((m) => pathParameter(m[1] ?? 'wildcard', doc.params?.[m[1] ?? 'wildcard']));
    if (doc.query) {
      const q = schemaOf(doc.query) as { properties?: Record<string, unknown>; required?: string[] };
      for (const [name, schema] of Object.entries(q.properties ?? {})) parameters.push({ name, in: 'query', required: q.required?.includes(name) ?? false, schema });
    }
    const requestBody = doc.multipart
      ? {
          required: true,
          content: {
            'multipart/form-data': {
              schema: {
                type: 'object',
                properties: Object.fromEntries(
                  Object.entries(doc.multipart).map(([name, part]) => [
                    name,
                    part.file
                      ? { type: 'array', items: { type: 'string', contentMediaType: 'application/octet-stream' }, description: part.description }
                      : { ...(part.schema ? schemaOf(part.schema) : { type: 'string' }), description: part.description },
                  ]),
                ),
              },
              // JSON parts travel as text: their schema is the JSON the text holds.
              encoding: Object.fromEntries(Object.entries(doc.multipart).filter(([, part]) => !part.file && part.schema).map(([name]) => [name, { contentType: 'application/json' }])),
            },
          },
        }
      : doc.body
        ? { required: true, content: { 'application/json': { schema: schemaOf(doc.body) } } }
        : undefined;
    paths[path] = {
      ...paths[path],
      [route.method.toLowerCase()]: {
        operationId: key.replace(/[^A-Za-z0-9]+/g, '_').replace(/^_|_$/g, ''),
        summary: doc.summary,
        tags: [tagOf(route.url)],
        ...(parameters.length ? { parameters } : {}),
        ...(requestBody ? { requestBody } : {}),
        responses: {
          '200': { description: 'Успешно', content: { 'application/json': { schema: { type: 'object' } } } },
          '400': errorResponse('Неверные данные (сообщение на русском, ошибки по полям)'),
          '401': errorResponse('Не выполнен вход'),
          '403': errorResponse('Недостаточно прав'),
          '404': errorResponse('Не найдено'),
        },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Служба ИТ-поддержки судов: API',
      version,
      description:
        'Вызовы раздела 7 спецификации. Заголовки userid и accesstoken (из ответа на вход) передаются с каждым вызовом; ' +
        'ответ может нести заголовок freshtoken. Ошибки — JSON { message, errors }. Неизвестные ключи полезной нагрузки ' +
        'игнорируются; документированное имя и наше с разными значениями — ошибка 400. Соответствие спецификации: docs/api-conformance.md.',
    },
    components: {
      securitySchemes: {
        userid: { type: 'apiKey', in: 'header', name: 'userid' },
        accesstoken: { type: 'apiKey', in: 'header', name: 'accesstoken' },
      },
    },
    security: [{ userid: [], accesstoken: [] }],
    paths,
  };
};

export type OpenApiDocument = ReturnType<typeof buildOpenApi>;

const escape = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** The reference page: the document as one HTML page, by area, with each call's parameters and parts. */
export const referencePage = (doc: OpenApiDocument): string => {
  const byTag = new Map<string, string[]>();
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops) as Array<[string, { summary: string; tags: string[]; parameters?: Array<{ name: string; in: string }>; requestBody?: { content: Record<string, { schema: { properties?: Record<string, { description?: string }> } }> } }]>) {
      const params = (op.parameters ?? []).map((p) => `${escape(p.name)} (${p.in === 'path' ? 'в пути' : 'query'})`).join(', ');
      const body = op.requestBody ? Object.entries(op.requestBody.content).map(([type, c]) => `${type}: ${Object.keys(c.schema.properties ?? {}).map(escape).join(', ')}`).join('; ') : '';
      const row = `<tr><td><code>${method.toUpperCase()} ${escape(path)}</code></td><td>${escape(op.summary)}</td><td>${params}</td><td>${body}</td></tr>`;
      const tag = op.tags[0] ?? 'Прочее';
      byTag.set(tag, [...(byTag.get(tag) ?? []), row]);
    }
  }
  const sections = [...byTag]
    .sort(([a], [b]) => a.localeCompare(b, 'ru'))
    .map(([tag, rows]) => `<h2>${escape(tag)}</h2><table><thead><tr><th>Вызов</th><th>Назначение</th><th>Параметры</th><th>Тело</th></tr></thead><tbody>${rows.join('')}</tbody></table>`)
    .join('');
  return `<!doctype html><html lang="ru"><head><meta charset="utf-8"><title>${escape(doc.info.title)}</title>
<style>body{font:14px/1.4 system-ui,sans-serif;margin:24px}table{border-collapse:collapse;width:100%;margin-bottom:24px}td,th{border:1px solid #ccc;padding:4px 8px;text-align:left;vertical-align:top}code{white-space:nowrap}</style></head>
<body><h1>${escape(doc.info.title)} (версия ${escape(doc.info.version)})</h1><p>${escape(doc.info.description)}</p>
<p>Машиночитаемое описание: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1).</p>${sections}</body></html>`;
};
