import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { buildActData, actTextError, defaultActText, equipmentLine, type ActTool } from '../../../../domain/act/data';
import { signerCandidates, signerErrors, preselected, type SignerUser } from '../../../../domain/act/signers';
import { stampRows } from '../../../../domain/act/stamp';
import { missingTags, signersCountOf, templateKindOf, unknownTags } from '../../../../domain/act/templates';
import { actNumber } from '../../../../domain/request/acts';
import { ActKind } from '../../../../domain/request/enums';
import { emptyRequestData } from '../../../../domain/request/state';
import { generateActRefusal } from '../../../../domain/request/generate-act';
import { given } from '../../../support/given-when-then';
import { foldRequest, requestDecider } from '../../../../domain/request/decider';
import { actor, registered } from '../request/fixtures';
import { doc } from '../../../support/request-histories';

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
    expect(data.works).toEqual([{ n: 1, title: 'Замена блока питания' }]);
    expect(data.spares).toEqual([{ n: 1, title: 'Блок питания' }]);
    expect(data.signers.map((s) => s.name)).toEqual(['Смирнов А. В.', 'Сидоров Н. П.']);
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
    { id: 1, name: 'Б', post: 'п', organizationId: 10, inBranch: true, units: [], rights: rights('RIGHT_SIGNING_DOCS_IAC', 'RIGHT_SIGNING_DOCS_FINAL') },
    { id: 2, name: 'А', post: 'п', organizationId: 20, inBranch: false, units: [], rights: rights('RIGHT_SIGNING_DOCS_UNIT') },
    { id: 3, name: 'В', post: 'п', organizationId: 10, inBranch: true, units: [5], rights: rights('RIGHT_SIGNING_DOCS_UNIT') },
    { id: 4, name: 'Г', post: 'п', organizationId: 30, inBranch: false, units: [], rights: rights('RIGHT_SIGNING_DOCS_UNIT', 'RIGHT_SIGNING_DOCS_IAC') },
  ];
  const c = signerCandidates(users, { id: 5, organizationId: 20 });

  it('branch signers in the branch, object signers of the organisation or serving the unit, final in the region', () => {
    expect(c.iac.map((x) => x.id)).toEqual([1]);
    expect(c.unit.map((x) => x.id)).toEqual([2, 3]);
    expect(c.final.map((x) => x.id)).toEqual([1]);
    expect(preselected(c, 3)).toEqual({ iac: 1, final: 1 });
  });

  it("'Укажите подписанта', the same person not twice, only candidates", () => {
    expect(signerErrors(2, { iac: 1 }, c)).toEqual({ unit: 'Укажите подписанта' });
    expect(signerErrors(3, { iac: 1, unit: 2, final: 1 }, c)).toEqual({ final: 'Один и тот же сотрудник не может быть выбран подписантом дважды' });
    expect(signerErrors(2, { iac: 4, unit: 2 }, c)).toEqual({ iac: 'Сотрудник не может подписывать документы в этой роли по заявке' });
    expect(signerErrors(2, { iac: 1, unit: 3 }, c)).toBeNull();
  });
});

describe('the request decides a generated act', () => {
  const editor = actor({ RIGHT_REQUEST_EDIT: 2 });
  const document = { ...doc(ActKind.CO_8), act_number: 'СР-77-1/2026', act_date: '2026-03-09' };
  const command = { type: 'GenerateAct' as const, actor: editor, act_kind: ActKind.CO_8, document, number: 'СР-77-1/2026', date: '2026-03-09', template: { kind: 'act-co-8', version: 1, checksum: 'c' }, data: {} };
  const ready = registered({ request_status_id: 3, request_kind_id: 2, view_res_after: 1, comment_after: 'Заменён блок', hotlinegas_number: 'ГЛ-1' });

  it('attaches the act and fills its number and date', () => {
    given(requestDecider, [ready])
      .when(command)
      .then([
        { type: 'RequestActGenerated', data: { document, act_kind: 'CO_8', number: 'СР-77-1/2026', date: '2026-03-09', template: command.template, data: {} } },
        { type: 'RequestFieldsChanged', data: { changes: [{ field: 'co_8_number', old: null, new: 'СР-77-1/2026' }, { field: 'co_8_d', old: null, new: '2026-03-09' }] } },
      ]);
  });

  it('refuses a second act, a request not performing, a user without the edit right', () => {
    given(requestDecider, [ready, { type: 'RequestActGenerated', data: { ...command, document } } as never])
      .when(command)
      .thenThrows('Акт уже сформирован. Перейдите в раздел Документы', 'refused');
    const state = foldRequest([ready]);
    expect(generateActRefusal({ ...state, request_status_id: 2 }, command)).toEqual({ kind: 'refused', message: 'Сформировать акт можно только для заявки в статусе «Исполняется»' });
    expect(generateActRefusal(state, { ...command, actor: actor({}) })?.kind).toBe('forbidden');
    expect(generateActRefusal(state, command)).toBeNull();
  });
});
