import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { buildActData, actTextError, defaultActText, equipmentLine, objectLineOf, placeOf, type ActTool } from '../../../../domain/act/data';
import { actTagsOf, templateContractErrors } from '../../../../domain/act/contracts';
import { signerCandidates, signerErrors, preselected, type SignerUser } from '../../../../domain/act/signers';
import { stampRows } from '../../../../domain/act/stamp';
import { missingTags, signersCountOf, templateKindOf, unknownTags } from '../../../../domain/act/templates';
import { actNumber } from '../../../../domain/request/acts';
import { ActKind } from '../../../../domain/request/enums';
import { emptyRequestData } from '../../../../domain/request/state';
import { generateActRefusal } from '../../../../domain/request/generate-act';
import { given } from '../../../support/given-when-then';
import { foldRequest, requestDecider } from '../../../../domain/request/decider';
import { actor, baseFields } from '../request/fixtures';
import { doc, requestHistory } from '../../../support/request-histories';

const printer: ActTool = { id: 7, title: 'Принтер HP LaserJet M404', serial: 'SN100', inventory: 'ИН-00012' };
const place = { region: 'Москва', branch: 'Филиал ИАЦ по г. Москве', court: 'Басманный районный суд', courtAddress: 'ул. Станиславского, 14', unit: 'Здание 1', unitAddress: 'ул. Станиславского, 14' };

describe('act data', () => {
  it('СО-8 lists the request tool, works and spares, and the two signers of a 2-signer act', () => {
    const request = { ...emptyRequestData(), number: 12, tool_id: 7, comment_after: 'Заменён блок питания', works: [{ title: 'Замена блока питания', cost: 1 }], spares_pbs: [{ title: 'Блок питания', cost: 2 }] };
    const data = buildActData({
      kind: ActKind.CO_8, signersCount: 2, number: 'СР-77-3/2026', date: '2026-03-09', actText: 'текст', request, place,
      tools: new Map([[7, printer]]), spares: [], engineer: 'Петров И. С.',
      signers: { iac: { name: 'Смирнов А. В.', post: 'Начальник' }, unit: { name: 'Сидоров Н. П.', post: 'Администратор' }, final: { name: 'Лишний', post: '' } },
    });
    expect(data).toMatchObject({ act_title: 'АКТ СО-8', act_number: 'СР-77-3/2026', act_date: '09.03.2026', request_number: '12', has_final: false, final_name: '' });
    expect(data.tools).toEqual([{ n: 1, title: printer.title, serial: 'SN100', inventory: 'ИН-00012', place: '', person: '' }]);
    expect(data.works).toEqual([{ n: 1, title: 'Замена блока питания', cost: '' }]);
    expect(data.spares).toEqual([{ n: 1, title: 'Блок питания' }]);
    expect(data.signers.map((s) => s.name)).toEqual(['Смирнов А. В.', 'Сидоров Н. П.']);
  });

  it('СО-8 itemises branch spares, ПБС spares and works; costs to kopecks only for a viewer of costs', () => {
    const request = { ...emptyRequestData(), tool_id: 7, works: [{ title: 'Диагностика', cost: 500 }, { title: 'Замена ролика', cost: 1000.5 }], spares_pbs: [{ title: 'Ролик ПБС', cost: 350.255 }] };
    const input = {
      kind: ActKind.CO_8, signersCount: 2 as const, number: '1', date: '2026-03-09', actText: '', request, place, tools: new Map([[7, printer]]),
      spares: [{ code: 1009, title: 'Батарея для ИБП 12 В 9 А·ч', amount: 2, cost: 2300 }], engineer: '', signers: {},
    };
    const withCosts = buildActData({ ...input, showCosts: true });
    expect(withCosts.spares_branch).toEqual([{ n: 1, code: '1009', title: 'Батарея для ИБП 12 В 9 А·ч', amount: '2', cost: '2\u00a0300,00', sum: '4\u00a0600,00' }]);
    expect(withCosts.spares_pbs).toEqual([{ n: 1, title: 'Ролик ПБС', amount: '1', cost: '350,26', sum: '350,26' }]);
    expect(withCosts.works.map((w) => w.cost)).toEqual(['500,00', '1\u00a0000,50']);
    expect(withCosts).toMatchObject({ works_total: '1\u00a0500,50', spares_branch_total: '4\u00a0600,00', spares_pbs_total: '350,26', total: '6\u00a0450,76', show_costs: true });
    expect(withCosts.spares.map((s) => s.title)).toEqual(['Батарея для ИБП 12 В 9 А·ч', 'Ролик ПБС']);
    const without = buildActData(input);
    expect(without.spares_branch[0]).toMatchObject({ code: '1009', amount: '2', cost: '', sum: '' });
    expect([without.total, without.works_total, without.show_costs]).toEqual(['', '', false]);
  });

  it('the place and object lines name each thing once, never "г. г."', () => {
    const moscow = { region: 'г. Москва', branch: '', court: 'Басманный районный суд г. Москвы', courtAddress: 'г. Москва, ул. Кирова, д. 5', unit: 'Басманный районный суд г. Москвы', unitAddress: 'г. Москва, ул. Кирова, д. 78', building: 'Басманный районный суд г. Москвы, здание 1' };
    expect(placeOf(moscow)).toBe('г. Москва');
    expect(objectLineOf(moscow)).toBe('Басманный районный суд г. Москвы, здание 1');
    expect(objectLineOf({ ...moscow, building: moscow.court })).toBe('Басманный районный суд г. Москвы');
    expect(objectLineOf(place)).toBe('Басманный районный суд, Здание 1');
    expect(placeOf({ ...place, unitAddress: 'Московская обл., г. Химки', courtAddress: '', region: 'Московская область' })).toBe('Московская область');
    expect(placeOf({ ...moscow, unitAddress: 'город Казань, ул. Баумана' })).toBe('город Казань');
    fc.assert(
      fc.property(fc.constantFrom('г. Москва', 'Москва', 'Московская область', 'г. Санкт-Петербург'), fc.constantFrom('', 'г. Москва, ул. Ленина, д. 1', 'ул. Ленина, д. 1'), (region, address) => {
        const line = placeOf({ ...moscow, region, unitAddress: address, courtAddress: '' });
        return !/г\.\s*г\./.test(line) && line.length > 0;
      }),
    );
  });

  it('each act has its own data contract; a template is checked against its act', () => {
    expect(templateContractErrors('act-co-8', { act_number: {}, act_date: {}, stamps: {}, spares_branch: { code: {}, cost: {} } })).toEqual({ unknown: [], missing: [] });
    expect(templateContractErrors('act-co-7', { act_number: {}, act_date: {}, stamps: {}, spares_branch: { code: {} } }).unknown).toEqual(['spares_branch']);
    expect(templateContractErrors('act-learning', { act_number: {}, act_date: {}, signers: { stamp: {} }, students: { name: {}, salary: {} } })).toEqual({ unknown: ['students.salary'], missing: [] });
    expect(actTagsOf('act-co-3').students).toBeUndefined();
  });

  it('СО-7 keeps its equipment line; an inventory number starting with "бн" counts as empty', () => {
    const text = defaultActText(ActKind.CO_7, emptyRequestData(), printer);
    expect(text.split('\n')[0]).toBe('Оборудование: Принтер HP LaserJet M404, с/н SN100, инв. № ИН-00012');
    expect(actTextError(ActKind.CO_7, text.replace('SN100', 'SN999'), printer)).toBe("Оборудование редактируется в строке 'Оборудование'");
    expect(actTextError(ActKind.CO_7, `${text}\nДополнение`, printer)).toBeNull();
    expect(actTextError(ActKind.CO_8, 'любой текст', printer)).toBeNull();
    expect(equipmentLine({ ...printer, inventory: 'бн' })).toBe('Оборудование: Принтер HP LaserJet M404, с/н SN100');
  });

  it('act numbers follow requests.md 9 and differ for different counters (property)', () => {
    expect(actNumber(ActKind.CO_8, '77RS0001', 3, 2026)).toBe('СР-77RS0001-3/2026');
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e6 }), fc.integer({ min: 1, max: 1e6 }), (a, b) =>
        (actNumber(ActKind.CO_3, 'X', a, 2026) === actNumber(ActKind.CO_3, 'X', b, 2026)) === (a === b)),
    );
  });

  it('templates: СО-1.3 per signers count, СО-4.x always 2 signers', () => {
    expect(templateKindOf(ActKind.CO_13, 2)).toBe('act-co-1.3-2');
    expect(templateKindOf(ActKind.CO_13, 3)).toBe('act-co-1.3');
    expect(signersCountOf(ActKind.CO_41, 3)).toBe(2);
    expect(signersCountOf(ActKind.CO_8, 3)).toBe(3);
  });

  it('template tags: unknown tags by path, required tags missing', () => {
    expect(unknownTags({ act_number: {}, tools: { title: {}, price: {} }, secret: {}, stamps: { stamp_owner: {} } })).toEqual(['tools.price', 'secret']);
    expect(missingTags({ act_number: {} })).toEqual(['act_date', 'stamps']);
    expect(unknownTags({ has_final: { final_name: {} } })).toEqual([]);
  });

  it('stamps print in signing order with Moscow time', () => {
    const s = { roleTitle: 'Р', owner: 'О', serial: '1', validFrom: '2026-01-01T00:00:00Z', validTo: '2027-01-01T00:00:00Z', signedAt: '2026-03-01T21:30:00Z' };
    const rows = stampRows([{ ...s, role: 'final' }, { ...s, role: 'iac' }]);
    expect(rows.map((r) => r.stamp_role)).toEqual(['Р', 'Р']);
    expect(rows[0]).toMatchObject({ stamp_title: 'Документ подписан электронной подписью', stamp_valid: 'с 01.01.2026 по 01.01.2027', stamp_signed_at: '02.03.2026 00:30 (МСК)' });
  });
});

describe('signers (requests.md 6)', () => {
  const rights = (...keys: string[]) => [Object.fromEntries(keys.map((k) => [k, 2]))];
  const users: SignerUser[] = [
    { id: 1, name: 'Б', post: 'п', organizationId: 10, inBranch: true, rights: rights('RIGHT_SIGNING_DOCS_IAC', 'RIGHT_SIGNING_DOCS_FINAL') },
    { id: 2, name: 'А', post: 'п', organizationId: 20, inBranch: false, rights: rights('RIGHT_SIGNING_DOCS_UNIT') },
    // The branch director serving the court, with the object-signing right: still not an object signer.
    { id: 3, name: 'В', post: 'Директор филиала', organizationId: 10, inBranch: true, rights: rights('RIGHT_SIGNING_DOCS_UNIT') },
    { id: 4, name: 'Г', post: 'п', organizationId: 30, inBranch: false, rights: rights('RIGHT_SIGNING_DOCS_UNIT', 'RIGHT_SIGNING_DOCS_IAC') },
    { id: 5, name: 'Д', post: 'п', organizationId: 20, inBranch: false, rights: rights('RIGHT_SIGNING_DOCS_UNIT') },
  ];
  const c = signerCandidates(users, { organizationId: 20 });

  it('branch signers in the branch, object signers only of the request\'s organisation, final in the region', () => {
    expect(c.iac.map((x) => x.id)).toEqual([1]);
    expect(c.unit.map((x) => x.id)).toEqual([2, 5]);
    expect(c.final.map((x) => x.id)).toEqual([1]);
    expect(preselected(c, 3)).toEqual({ iac: 1, final: 1 });
  });

  it('a single object candidate is preselected', () => {
    const single = signerCandidates(users.filter((u) => u.id !== 5), { organizationId: 20 });
    expect(single.unit.map((x) => x.id)).toEqual([2]);
    expect(preselected(single, 2)).toEqual({ iac: 1, unit: 2 });
  });

  it("'Укажите подписанта', the same person not twice, only candidates", () => {
    expect(signerErrors(2, { iac: 1 }, c)).toEqual({ unit: 'Укажите подписанта' });
    expect(signerErrors(3, { iac: 1, unit: 2, final: 1 }, c)).toEqual({ final: 'Один и тот же сотрудник не может быть выбран подписантом дважды' });
    expect(signerErrors(2, { iac: 4, unit: 2 }, c)).toEqual({ iac: 'Сотрудник не может подписывать документы в этой роли по заявке' });
    expect(signerErrors(2, { iac: 1, unit: 3 }, c)).toEqual({ unit: 'Сотрудник не может подписывать документы в этой роли по заявке' });
    expect(signerErrors(2, { iac: 1, unit: 2 }, c)).toBeNull();
  });
});

describe('the request decides a generated act', () => {
  const editor = actor({ RIGHT_REQUEST_EDIT: 2 });
  const document = { ...doc(ActKind.CO_8), act_number: 'СР-77-1/2026', act_date: '2026-03-09' };
  const command = { type: 'GenerateAct' as const, actor: editor, act_kind: ActKind.CO_8, document, number: 'СР-77-1/2026', date: '2026-03-09', template: { kind: 'act-co-8', version: 1, checksum: 'c' }, data: {} };
  // A hard repair being performed, with the inspection after repair and the hot line number saved.
  const ready = requestHistory({
    request: baseFields({ request_kind_id: 2, program_id: null }),
    stage: 'performing',
    result: { view_res_after: 1, comment_after: 'Заменён блок', hotlinegas_number: 'ГЛ-1' },
  });

  it('attaches the act and fills its number and date', () => {
    given(requestDecider, ready)
      .when(command)
      .then([
        { type: 'RequestActGenerated', data: { document, act_kind: 'CO_8', number: 'СР-77-1/2026', date: '2026-03-09', template: command.template, data: {} } },
        { type: 'RequestFieldsChanged', data: { changes: [{ field: 'co_8_number', old: null, new: 'СР-77-1/2026' }, { field: 'co_8_d', old: null, new: '2026-03-09' }] } },
      ]);
  });

  it('refuses a second act, a request not performing, a user without the edit right', () => {
    given(requestDecider, [...ready, { type: 'RequestActGenerated', data: { ...command, document } } as never])
      .when(command)
      .thenThrows('Акт уже сформирован. Перейдите в раздел Документы', 'refused');
    const state = foldRequest(ready);
    expect(generateActRefusal({ ...state, request_status_id: 2 }, command)).toEqual({ kind: 'refused', message: 'Сформировать акт можно только для заявки в статусе «Исполняется»' });
    expect(generateActRefusal(state, { ...command, actor: actor({}) })?.kind).toBe('forbidden');
    expect(generateActRefusal(state, command)).toBeNull();
  });
});
