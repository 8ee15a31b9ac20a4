import { sql } from 'slonik';
import PizZip from 'pizzip';
import { expect } from 'vitest';
import { startTestApp, type ApiClient, type TestApp } from '../../support/app';

export const eventCount = async (t: TestApp) => Number(await t.server.ctx.pool.oneFirst(sql.unsafe`SELECT count(*) FROM es_events`));

/** Demo data facts the request tests use: the court user's unit and a tool in it, a unit of another court. */
export const demoFacts = async (t: TestApp) => {
  const pool = t.server.ctx.pool;
  const court = await pool.one(sql.unsafe`SELECT id, units, organization_id FROM rm_users WHERE login = 'court'`);
  const courtUnit = Number((court.units as number[])[0]);
  const unitRow = await pool.one(sql.unsafe`SELECT region_id FROM rm_units WHERE id = ${courtUnit}`);
  const otherUnit = Number(
    await pool.oneFirst(sql.unsafe`SELECT id FROM rm_units WHERE region_id = ${unitRow.region_id} AND NOT (id = ANY(${sql.array(court.units as number[], 'int4')})) ORDER BY id LIMIT 1`),
  );
  const printer = await pool.one(sql.unsafe`
    SELECT id, guaranty_dt FROM rm_tools WHERE unit_id = ${courtUnit} AND tool_kind_id = 4 AND state = 2 ORDER BY id LIMIT 1`);
  const engineer = Number(await pool.oneFirst(sql.unsafe`SELECT id FROM rm_users WHERE login = 'engineer'`));
  const engineer2 = Number(await pool.oneFirst(sql.unsafe`SELECT id FROM rm_users WHERE login = 'engineer2'`));
  return {
    courtUserId: Number(court.id),
    courtUnit,
    regionId: Number(unitRow.region_id),
    otherUnit,
    printerId: Number(printer.id),
    printerUnderWarranty: String(printer.guaranty_dt) >= new Date().toISOString().slice(0, 10),
    engineer,
    engineer2,
  };
};

export type Facts = Awaited<ReturnType<typeof demoFacts>>;

/** The demo app of a spec file with the court user and the engineer signed in, and the demo facts. */
export const startDeskApp = async () => {
  const t = await startTestApp();
  return { t, court: await t.signIn('court'), engineer: await t.signIn('engineer'), facts: await demoFacts(t) };
};

/** The court user's repair of its own printer: a request every rule accepts. */
export const repairRequest = (facts: Facts) => ({
  region_id: facts.regionId,
  unit_id: facts.courtUnit,
  request_kind_id: 2,
  contact_kind: 1,
  contact_id: facts.courtUserId,
  request_text: 'Не включается принтер в кабинете 12, индикатор питания не горит',
  tool_id: facts.printerId,
});

export const registerRepair = async (client: ApiClient, facts: Facts, over: Record<string, unknown> = {}) =>
  client.multipart('POST', '/api/request', { request: { ...repairRequest(facts), ...over } });

export const today = () => new Date().toISOString().slice(0, 10);

/**
 * The court's repair, taken and finished by the engineer with the given hot line number, and its СО-8 act
 * generated for two electronic signers (branch and object): the document the signing tests sign.
 */
export const electronicRepairAct = async (
  court: ApiClient,
  engineer: ApiClient,
  facts: Facts,
  { hotlineNumber, signers }: { readonly hotlineNumber: string; readonly signers: { readonly iac: number; readonly unit: number } },
) => {
  const saved = (await registerRepair(court, facts)).json().savedRequest;
  const taken = (await engineer.post(`/api/request/${saved.id}/take`, { revision: saved.revision })).json().savedRequest;
  const ready = await engineer.multipart('PUT', '/api/request', {
    request: { id: saved.id, view_res_before: 1, comment_before: 'Неисправен блок питания', view_res_after: 1, comment_after: 'Заменён блок питания, принтер работает', hotlinegas_number: hotlineNumber },
    revision: taken.revision,
  });
  expect(ready.statusCode, ready.body).toBe(200);
  const act = await engineer.post('/api/request_act', { requestId: saved.id, actKind: 'CO_8', actDate: today(), signersCount: 2, signType: 'electron', signers });
  expect(act.statusCode, act.body).toBe(200);
  return { requestId: saved.id as number, document: act.json().document as { file_id: string; checksum: string } };
};

/** A small real Word document (a zip with the package manifest and the main part): a hand-uploaded act. */
export const docxOf = (text: string): Buffer => {
  const zip = new PizZip();
  zip.file('[Content_Types].xml', '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>');
  zip.file('word/document.xml', `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>${text}</w:t></w:r></w:p></w:body></w:document>`);
  return zip.generate({ type: 'nodebuffer' });
};
