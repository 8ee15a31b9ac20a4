import { sql } from 'slonik';
import { catalogs } from '../../domain/catalog/definitions';
import type { Caller } from '../../api/routes/access-table';
import { DEMO_PASSWORD, type TestApp, type ApiClient } from './app';

/** Ids of existing demo rows the benign calls of the rights matrix name. */
export interface DemoRows {
  readonly courtUnit: number;
  readonly courtOrganization: number;
  readonly courtUserId: number;
  readonly regionId: number;
  readonly toolId: number;
  readonly requestId: number;
  readonly catalogItem: Readonly<Record<string, number>>;
  readonly spareRoleId: number;
  readonly spareUserId: number;
  readonly userIds: Readonly<Record<string, number>>;
}

/** Registers a repair request in the court user's unit, as the court user; returns its id. */
export const registerDemoRequest = async (court: ApiClient, rows: Pick<DemoRows, 'regionId' | 'courtUnit' | 'courtUserId' | 'toolId'>) => {
  const res = await court.multipart('POST', '/api/request', {
    request: {
      region_id: rows.regionId,
      unit_id: rows.courtUnit,
      request_kind_id: 2,
      contact_kind: 1,
      contact_id: rows.courtUserId,
      request_text: 'Не включается принтер в кабинете 12, индикатор питания не горит',
      tool_id: rows.toolId,
    },
  });
  if (res.statusCode !== 200) throw new Error(`registering a demo request: ${res.statusCode} ${res.body}`);
  return Number((res.json() as { savedRequest: { id: number } }).savedRequest.id);
};

/** Looks up the demo rows and adds the few throwaway ones (a role, a user, a request) the writes may change. */
export const demoRows = async (t: TestApp, admin: ApiClient, court: ApiClient): Promise<DemoRows> => {
  const pool = t.server.ctx.pool;
  const courtUser = await pool.one(sql.unsafe`SELECT id, units, organization_id FROM rm_users WHERE login = 'court'`);
  const courtUnit = Number((courtUser.units as number[])[0]);
  const regionId = Number(await pool.oneFirst(sql.unsafe`SELECT region_id FROM rm_units WHERE id = ${courtUnit}`));
  const toolId = Number(await pool.oneFirst(sql.unsafe`SELECT id FROM rm_tools WHERE unit_id = ${courtUnit} ORDER BY id LIMIT 1`));
  const catalogItem: Record<string, number> = {};
  for (const def of catalogs) {
    const list = (await admin.get(`/api/${def.name}`)).json() as Record<string, Array<{ id: number }>>;
    const last = list[def.name]?.at(-1);
    if (last) catalogItem[def.name] = last.id;
  }
  const role = await admin.post('/api/roles', { role: { title: 'Роль для проверки прав', role_order: 99, role_is_hotline: false, access_level: 1, rightsObject: {} } });
  if (role.statusCode !== 200) throw new Error(`creating a spare role: ${role.statusCode} ${role.body}`);
  const user = await admin.post('/api/users', {
    user: { surname: 'Запасной', name: 'Работник', email: 'spare@courts.example.ru', organization_id: Number(courtUser.organization_id), login: 'matrix_spare', password: 'secret123', users_roles: [3] },
  });
  if (user.statusCode !== 200) throw new Error(`creating a spare user: ${user.statusCode} ${user.body}`);
  const userIds: Record<string, number> = {};
  for (const r of await pool.any(sql.unsafe`SELECT id, login FROM rm_users WHERE login IS NOT NULL`)) userIds[String(r.login)] = Number(r.id);
  const base = { courtUnit, regionId, courtUserId: Number(courtUser.id), toolId };
  return {
    ...base,
    courtOrganization: Number(courtUser.organization_id),
    requestId: await registerDemoRequest(court, base),
    catalogItem,
    spareRoleId: Number(role.json().id),
    spareUserId: Number(user.json().id),
    userIds,
  };
};

export interface Sample {
  readonly url: string;
  readonly body?: unknown;
}

const json = (v: unknown) => encodeURIComponent(JSON.stringify(v));
const catalogNames = new Set(catalogs.map((d) => d.name));

/**
 * A benign, valid-shaped call of route `method url` by `caller`: path parameters name existing demo
 * rows (the caller's own account for notification lists), bodies are what the client would send.
 * `freshRequest` gives a request of the court's unit the call may change (state-changing routes).
 */
export const benignSample = async (
  method: string,
  url: string,
  caller: Caller,
  rows: DemoRows,
  freshRequest: () => Promise<number>,
): Promise<Sample> => {
  const catalog = /^\/api\/([a-z_]+)(\/:id)?$/.exec(url);
  if (catalog && catalogNames.has(catalog[1]!)) {
    const name = catalog[1]!;
    const def = catalogs.find((d) => d.name === name)!;
    const id = rows.catalogItem[name] ?? 1;
    const path = catalog[2] ? `/api/${name}/${id}` : `/api/${name}`;
    return method === 'GET' || method === 'DELETE' ? { url: path } : { url: path, body: { [def.payloadKey]: { title: `Проверка прав ${caller}` } } };
  }
  const request = rows.requestId;
  const ownId = caller === 'anonymous' ? rows.courtUserId : rows.userIds[caller]!;
  const fixed: Record<string, () => Promise<Sample> | Sample> = {
    // Signed-in callers sign in as themselves: the client keeps the token the answer sends.
    'POST /api/auth/signin': () => ({ url, body: { username: caller === 'anonymous' ? 'court' : caller, password: DEMO_PASSWORD } }),
    'GET /api/organization/:id': () => ({ url: `/api/organization/${rows.courtOrganization}` }),
    'POST /api/organization': () => ({ url, body: { organization: { name: `Проверка прав ${caller}` }, units: [] } }),
    'PUT /api/organization/:id': () => ({ url: `/api/organization/${rows.courtOrganization}`, body: { organization: { name: 'Басманный районный суд' } } }),
    'DELETE /api/organization/:id': () => ({ url: `/api/organization/${rows.courtOrganization}` }),
    'POST /api/update_unit_attr/:unitId': () => ({ url: `/api/update_unit_attr/${rows.courtUnit}`, body: { organization_id: rows.courtOrganization } }),
    'POST /api/roles': () => ({ url, body: { role: { title: `Роль ${caller}`, role_order: 98, role_is_hotline: false, access_level: 1, rightsObject: {} } } }),
    'PUT /api/roles/:id': () => ({ url: `/api/roles/${rows.spareRoleId}`, body: { role: { title: 'Роль для проверки прав' } } }),
    'DELETE /api/roles/:id': () => ({ url: `/api/roles/${rows.spareRoleId}` }),
    'GET /api/users/:filter': () => ({ url: `/api/users/${json({})}` }),
    'POST /api/users': () => ({
      url,
      body: { user: { surname: 'Проверка', name: 'Прав', email: `m_${caller}@courts.example.ru`, organization_id: rows.courtOrganization, login: `matrix_${caller}`, password: 'secret123', users_roles: [3] } },
    }),
    'PUT /api/users/:id': () => ({ url: `/api/users/${rows.spareUserId}`, body: { user: { surname: 'Запасной', name: 'Работник', email: 'spare@courts.example.ru', organization_id: rows.courtOrganization, login: 'matrix_spare', users_roles: [3] } } }),
    'DELETE /api/users/:id': () => ({ url: `/api/users/${rows.spareUserId}` }),
    'GET /api/notifications/:userId': () => ({ url: `/api/notifications/${ownId}` }),
    'PUT /api/notifications/:id': () => ({ url: '/api/notifications/999999', body: { state: 2 } }),
    'PUT /api/notifications/request/:requestId': () => ({ url: `/api/notifications/request/${request}` }),
    'POST /api/create_notifications': () => ({ url, body: { notificationType: 1, requestId: request, usersIds: [rows.courtUserId], notificationInfo: 'Проверка прав' } }),
    // Requests to the administrator (decisions 57–66): writes name a request that does not exist, so no caller changes demo data.
    'GET /api/request_inner/:filter': () => ({ url: `/api/request_inner/${json({ pageNumber: 1 })}` }),
    'POST /api/request_inner': () => ({ url, body: { innerRequest: { message: `Проверка прав ${caller}`, parent_id: 999999 } } }),
    'PUT /api/request_inner/:id': () => ({ url: '/api/request_inner/999999', body: { state: 2 } }),
    'DELETE /api/request_inner/:id': () => ({ url: '/api/request_inner/999999' }),
    'GET /api/request_inner_file/:id/:fileId': () => ({ url: '/api/request_inner_file/999999/1' }),
    // News and manuals (decisions 57–66): writes name ids that do not exist or miss their files, so no demo item changes.
    'GET /api/gas_soft_renewals': () => ({ url: `/api/gas_soft_renewals?filter=${json({ pageNumber: 1 })}` }),
    'POST /api/gas_soft_renewal': () => ({ url, body: { renewal: { date: '2024-01-10', title: `Проверка прав ${caller}`, program_id: 1 } } }),
    'PUT /api/gas_soft_renewal/:id': () => ({ url: '/api/gas_soft_renewal/999999', body: { renewal: { title: 'Проверка прав' } } }),
    'DELETE /api/gas_soft_renewal/:id': () => ({ url: '/api/gas_soft_renewal/999999' }),
    'GET /api/gas_soft_renewal_file/:id/:fileId': () => ({ url: '/api/gas_soft_renewal_file/999999/1' }),
    'POST /api/manuals': () => ({ url, body: { manual: { title: '' } } }),
    'PUT /api/manuals/:id': () => ({ url: '/api/manuals/999999', body: { manual: { title: 'Проверка прав' } } }),
    'DELETE /api/manuals/:id': () => ({ url: '/api/manuals/999999' }),
    'POST /api/manuals_items': () => ({ url, body: { manualItem: { manual_id: 999999, title: 'Проверка прав' } } }),
    'PUT /api/manuals_items/:id': () => ({ url: '/api/manuals_items/999999', body: { manualItem: { title: 'Проверка прав' } } }),
    'DELETE /api/manuals_items/:id': () => ({ url: '/api/manuals_items/999999' }),
    'GET /api/manual_item_file/:itemId/:fileId': () => ({ url: '/api/manual_item_file/999999/1' }),
    'GET /api/request/:filter': () => ({ url: `/api/request/${json({ pageNumber: 1 })}` }),
    'GET /api/request_files/:section/:id': () => ({ url: `/api/request_files/attachments/${request}` }),
    'GET /api/request_contacts/:unitId': () => ({ url: `/api/request_contacts/${rows.courtUnit}` }),
    'GET /api/engineers/:regionId': () => ({ url: `/api/engineers/${rows.regionId}` }),
    'GET /api/request_export/:format': () => ({ url: '/api/request_export/xlsx' }),
    'GET /api/request_export/:format/:filter': () => ({ url: `/api/request_export/xlsx/${json({ pageNumber: 1 })}` }),
    'GET /api/request_file/:requestId/:fileId': () => ({ url: `/api/request_file/${request}/1` }),
    'GET /api/spares_sets/:filter': () => ({ url: `/api/spares_sets/${json({ request_id: request })}` }),
    // Equipment references (decisions 48–56): writes name ids that do not exist, so no caller changes demo data.
    'GET /api/spares_sets': () => ({ url: '/api/spares_sets?pageNumber=1' }),
    'POST /api/spares_sets': () => ({ url, body: { sparesSet: { region_id: rows.regionId, title: `ЗИП ${caller}`, contract: 'К-1', spares_sets_items: [{ code: 1, title: 'Картридж', cost: 10, amount: 1 }] } } }),
    'PUT /api/spares_sets/:id': () => ({ url: '/api/spares_sets/999999', body: { sparesSet: { region_id: rows.regionId, title: 'ЗИП', contract: 'К-1', spares_sets_items: [{ code: 1, title: 'Картридж', cost: 10, amount: 1 }] } } }),
    'DELETE /api/spares_sets/:id': () => ({ url: '/api/spares_sets/999999' }),
    'DELETE /api/spares_sets/:id/items/:itemId': () => ({ url: '/api/spares_sets/999999/items/1' }),
    'POST /api/tool_traits': () => ({ url, body: { toolTrait: { title: `Проверка прав ${caller}`, values: [{ value_title: 'Да' }] } } }),
    'PUT /api/tool_traits/:id': () => ({ url: '/api/tool_traits/999999', body: { toolTrait: { title: 'Проверка' } } }),
    'DELETE /api/tool_traits/:id': () => ({ url: '/api/tool_traits/999999' }),
    'POST /api/tool_traits_add_value': () => ({ url, body: { traitId: 999999, value_title: 'Проверка' } }),
    'GET /api/tool_model_file/:modelId/:fileId': () => ({ url: `/api/tool_model_file/${rows.catalogItem.tool_model ?? 1}/1` }),
    'GET /api/tools_check_traits': () => ({ url: `/api/tools_check_traits?regionId=${rows.regionId}` }),
    'POST /api/tools_copy_traits': () => ({ url, body: { modelId: 999999 } }),
    'GET /api/tools_copy_traits/:jobId': () => ({ url: '/api/tools_copy_traits/00000000-0000-0000-0000-000000000000' }),
    'POST /api/tools_model_fix_pictures': () => ({ url, body: { modelId: 999999 } }),
    'POST /api/tools_models_fix': () => ({ url, body: { modelId: 999999 } }),
    'POST /api/request': () => ({
      url,
      body: { request: { region_id: rows.regionId, unit_id: rows.courtUnit, request_kind_id: 2, contact_kind: 1, contact_id: rows.courtUserId, request_text: 'Не работает сканер в канцелярии', tool_id: rows.toolId } },
    }),
    'PUT /api/request': () => ({
      url,
      body: { request: { region_id: rows.regionId, unit_id: rows.courtUnit, request_kind_id: 2, contact_kind: 1, contact_id: rows.courtUserId, request_text: 'Не работает сканер в канцелярии', tool_id: rows.toolId } },
    }),
    'PUT /api/request/:id': async () => {
      const id = await freshRequest();
      return { url: `/api/request/${id}`, body: { request: { id, request_text: 'Проверка прав: не включается принтер в кабинете 14' } } };
    },
    'POST /api/request/:id/:action': async () => ({ url: `/api/request/${await freshRequest()}/take`, body: {} }),
    'DELETE /api/request/:id': async () => ({ url: `/api/request/${await freshRequest()}` }),
    'POST /api/request_set_new_number': async () => ({ url, body: { requestId: await freshRequest(), newNumber: `П-${caller}` } }),
    'POST /api/request_set_new_date': async () => ({ url, body: { requestId: await freshRequest(), newDate: new Date().toISOString().slice(0, 10) } }),
    'POST /api/request_comments': () => ({ url, body: { requestComment: { request_id: request, comment: 'Проверка прав' } } }),
    // Acts (decisions 72–86): the demo request is not performing, so a generation is refused (409) after the rights check.
    'GET /api/act_signer_candidates/:id': () => ({ url: `/api/act_signer_candidates/${request}?actKind=CO_7` }),
    'POST /api/request_act': () => ({ url, body: { requestId: request, actKind: 'CO_7', actDate: new Date().toISOString().slice(0, 10), signersCount: 2, signType: 'paper', signers: {} } }),
    'GET /api/act_templates': () => ({ url }),
    'GET /public/templates/:name': () => ({ url: '/public/templates/act-co-8' }),
    'POST /api/act_templates/:kind': () => ({ url: '/api/act_templates/act-co-8', body: {} }),
    'POST /api/request_multiple': () => ({ url, body: { unitsIds: [rows.courtUnit], requestText: 'Проверка прав: групповая заявка', requestKindId: 2 } }),
    // The hot line (decisions 68–71): a fresh request; without HOTLINE_EMAIL the registration and close are refused (409).
    'POST /api/request_hot_line_register': async () => ({ url, body: { request_id: await freshRequest() } }),
    'POST /api/request_hot_line_email_register': async () => ({ url, body: { request_id: await freshRequest() } }),
    'POST /api/request_hot_line_email_close': () => ({ url, body: { request_id: request } }),
    'POST /api/hot_line_email_to_declarant': () => ({ url, body: { request: { id: request }, messageToDeclarant: 'Проверка прав' } }),
    'GET /api/outbox': () => ({ url: '/api/outbox?status=failed' }),
    'GET /api/audit': () => ({ url: `/api/audit?filter=${json({ kind: 'request', limit: 20 })}` }),
    'GET /api/audit_users': () => ({ url: '/api/audit_users' }),
    'GET /api/audit_export': () => ({ url: `/api/audit_export?filter=${json({ date_from: '2099-01-01' })}` }),
    'GET /api/audit_export/:filter': () => ({ url: `/api/audit_export/${json({ date_from: '2099-01-01' })}` }),
    'POST /api/outbox/retry': () => ({ url, body: { key: 'hotline-register:request-0:0' } }),
    'GET /api/tool/:filter': () => ({ url: `/api/tool/${json({ pageNumber: 1 })}` }),
    'GET /api/tools_for_commissioning/:unitId': () => ({ url: `/api/tools_for_commissioning/${rows.courtUnit}` }),
    'GET /api/tool_history/:id': () => ({ url: `/api/tool_history/${rows.toolId}` }),
    'GET /api/tool_card/:id': () => ({ url: `/api/tool_card/${rows.toolId}` }),
    'GET /api/tools_count': () => ({ url: `/api/tools_count?region_id=${rows.regionId}` }),
    'GET /api/tools_age_count': () => ({ url: `/api/tools_age_count?unit_id=${rows.courtUnit}` }),
    'GET /api/tool_kind_traits/:filter': () => ({ url: `/api/tool_kind_traits/${json({ toolId: rows.toolId })}` }),
    'GET /api/tools_sets': () => ({ url: `/api/tools_sets?filter=${json({ units_ids: [rows.courtUnit] })}&pageNumber=1` }),
    'GET /api/tools_sets_search': () => ({ url: `/api/tools_sets_search?unit_id=${rows.courtUnit}&text=1` }),
    'GET /api/tool_export/:format': () => ({ url: `/api/tool_export/xlsx?toolId=${rows.toolId}` }),
    'GET /api/tool_export/:format/:filter': () => ({ url: `/api/tool_export/docx/${json({ toolId: rows.toolId })}` }),
    // Tool writes (decisions 41–47): ids that do not exist, so no demo tool or set is changed by the matrix.
    'POST /api/tool': () => ({ url, body: { tool: { id: null, unit_id: rows.courtUnit, tool_kind_id: 4, manufacturer_id: 1, model: 'Проверка прав', serial_number: `M-${caller}`, inventar_number: `ИН-M-${caller}`, owner_type_id: 2, state: 5 } } }),
    'PUT /api/tool/:id': () => ({ url: '/api/tool/999999', body: { tool: { id: 999999, description: 'Проверка прав' } } }),
    'PUT /api/tool_attr/:id': () => ({ url: '/api/tool_attr/999999', body: { tool: { tool_places: [] } } }),
    'DELETE /api/tool/:id': () => ({ url: '/api/tool/999999' }),
    'GET /api/tool_file/:toolId/:fileId': () => ({ url: `/api/tool_file/${rows.toolId}/1` }),
    'POST /api/tools_sets': () => ({ url, body: { toolsSet: { unit_id: rows.courtUnit }, tools: [], oldToolsIds: [] } }),
    'PUT /api/tools_sets/:id': () => ({ url: '/api/tools_sets/999999', body: { toolsSet: { id: 999999 }, tools: [], oldToolsIds: [] } }),
    'DELETE /api/tools_sets/:id': () => ({ url: '/api/tools_sets/999999' }),
    // Excel import (decisions 48–56): no file (400), an unknown run and an unknown object (404): no demo registry changes.
    'POST /api/tools_import': () => ({ url, body: { unitId: rows.courtUnit } }),
    'GET /api/tools_import/:jobId': () => ({ url: '/api/tools_import/00000000-0000-0000-0000-000000000000' }),
    'POST /api/tools_and_sets_clean/:unitId': () => ({ url: '/api/tools_and_sets_clean/999999' }),
    // Court reports (decisions 87–96): the archive journal of the demo region for a far-past period (an empty, quick run).
    'POST /api/reports/:reportId': () => ({ url: '/api/reports/archive', body: { region_id: rows.regionId, date_beg: '2001-01-01', date_end: '2001-01-31' } }),
    'GET /api/reports/jobs/:jobId': () => ({ url: '/api/reports/jobs/00000000-0000-0000-0000-000000000000' }),
    'DELETE /api/reports/jobs/:jobId': () => ({ url: '/api/reports/jobs/00000000-0000-0000-0000-000000000000' }),
    'GET /api/reports/jobs/:jobId/file': () => ({ url: '/api/reports/jobs/00000000-0000-0000-0000-000000000000/file' }),
    // The report data calls: the demo region over a far-past month (a quick, empty answer).
    ...Object.fromEntries(
      ['requests_enclosure_1', 'requests_enclosure_2', 'requests_enclosure_3', 'requests_for_archive', 'repair_report', 'requests_soft', 'tools_waiting_repair', 'tools_repair_detail', 'tools_for_hw_report'].flatMap(
        (call) => [
          [`GET /api/${call}`, () => ({ url: `/api/${call}` })],
          [`GET /api/${call}/:json`, () => ({ url: `/api/${call}/${encodeURIComponent(JSON.stringify({ region_id: rows.regionId, date_beg: '2001-01-01', date_end: '2001-01-31' }))}` })],
        ],
      ),
    ),
    // Technical documents (decisions 87–96): the court unit's data (the documents start through POST /api/reports/:reportId).
    'GET /api/technical_docs/units': () => ({ url: '/api/technical_docs/units' }),
    'GET /api/technical_docs/signers/:unitId': () => ({ url: `/api/technical_docs/signers/${rows.courtUnit}` }),
    'GET /api/tools_for_passport': () => ({ url: `/api/tools_for_passport?unit_id=${rows.courtUnit}` }),
    'GET /api/tools_for_passport_with_sofware': () => ({ url: `/api/tools_for_passport_with_sofware?unit_id=${rows.courtUnit}` }),
    'GET /api/requests_formular': () => ({ url: `/api/requests_formular?unit_id=${rows.courtUnit}` }),
    'GET /api/requests_formular/:json': () => ({ url: `/api/requests_formular/${encodeURIComponent(JSON.stringify({ unit_id: rows.courtUnit }))}` }),
    'GET /api/public_docs': () => ({ url: '/api/public_docs' }),
    'GET /api/public_docs/:name': () => ({ url: '/api/public_docs/order-1.pdf' }),
    'POST /api/public_docs': () => ({ url: '/api/public_docs', body: {} }),
    // Version history and units import (decisions 57–66): an unknown entry (404) and a dry run change nothing.
    'POST /api/versions-history': () => ({ url, body: { version: { version: `0.0.${caller.length}`, date: '2026-01-01', notes: '<p>Проверка прав</p>' } } }),
    'PUT /api/versions-history/:id': () => ({ url: '/api/versions-history/999999', body: { version: { version: '0.0.1', date: '2026-01-01', notes: '<p>Проверка</p>' } } }),
    'DELETE /api/versions-history/:id': () => ({ url: '/api/versions-history/999999' }),
    'POST /api/units_import': () => ({ url, body: { text: '77RS0001\tПроверка прав', dryRun: true } }),
    // Electronic signing (decisions 72–86): documents and roots that do not exist (404) or no signature file (400): nothing changes.
    'GET /api/files_for_signers': () => ({ url: '/api/files_for_signers?page=1&unsignedOnly=true' }),
    'POST /api/signs': () => ({ url, body: { docId: '999999999', signerKind: 'iac', signerId: ownId, certificate: '' } }),
    'GET /api/sign_document/:docId/original': () => ({ url: '/api/sign_document/999999999/original' }),
    'GET /api/sign_document/:docId/archive': () => ({ url: '/api/sign_document/999999999/archive' }),
    'GET /api/sign_document/:docId/stamped': () => ({ url: '/api/sign_document/999999999/stamped' }),
    'GET /api/sign_document/:docId/signatures/:kind': () => ({ url: '/api/sign_document/999999999/signatures/iac' }),
    // Certificates (decisions 80–86): a file that is no certificate or CRL (400), thumbprints nobody has (404).
    'POST /api/trusted_cas': () => ({ url, body: { certificate: 'bm90IGEgY2VydGlmaWNhdGU=' } }),
    'DELETE /api/trusted_cas/:thumbprint': () => ({ url: `/api/trusted_cas/${'0'.repeat(40)}` }),
    'POST /api/trusted_crls': () => ({ url, body: { crl: 'bm90IGEgQ1JM' } }),
    'DELETE /api/trusted_crls/:id': () => ({ url: `/api/trusted_crls/${'0'.repeat(40)}` }),
    'GET /api/users/:id/certificates': () => ({ url: `/api/users/${rows.spareUserId}/certificates` }),
    'POST /api/users/:id/certificates': () => ({ url: `/api/users/${rows.spareUserId}/certificates`, body: { certificate: 'bm90IGEgY2VydGlmaWNhdGU=' } }),
    'POST /api/users/:id/certificates/:thumbprint/confirm': () => ({ url: `/api/users/${rows.spareUserId}/certificates/${'0'.repeat(40)}/confirm` }),
    'DELETE /api/users/:id/certificate_proposals/:thumbprint': () => ({ url: `/api/users/${rows.spareUserId}/certificate_proposals/${'0'.repeat(40)}` }),
    'DELETE /api/users/:id/certificates/:thumbprint': () => ({ url: `/api/users/${rows.spareUserId}/certificates/${'0'.repeat(40)}` }),
  };
  const special = fixed[`${method} ${url}`];
  if (special) return special();
  // The request dialog's per-tab lists and anything else with one :id name the demo request.
  return { url: url.replace(/:id\b/, String(request)).replace(/:requestId\b/, String(request)) };
};
