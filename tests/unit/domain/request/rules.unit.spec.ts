import { describe, expect, it } from 'vitest';
import {
  ActKind,
  RequestKind,
  RequestStatus,
  actDescription,
  actFileName,
  actNumber,
  canRegisterOnHotLine,
  isHotLineRequest,
  needsHotlineCloseMail,
} from '../../../../domain/request';
import { requestHistory } from '../../../support/request-histories';
import { R, baseFields, registered, stateOf } from './fixtures';

const S = RequestStatus;

describe('hot line rules (requests.md 4.1, 4.2, 4.4)', () => {
  it('a hot line request is special software in a hot line status', () => {
    expect(isHotLineRequest({ request_kind_id: RequestKind.SPECIAL_SOFTWARE, request_status_id: S.HOT_LINE_PERFORMING })).toBe(true);
    expect(isHotLineRequest({ request_kind_id: RequestKind.SPECIAL_SOFTWARE, request_status_id: S.PERFORMING })).toBe(false);
    expect(isHotLineRequest({ request_kind_id: RequestKind.COMMON_SOFTWARE, request_status_id: S.HOT_LINE_WAITING })).toBe(false);
  });

  it("'Добавить на ГЛ' is disabled once a number exists or the e-mail registration was sent", () => {
    expect(canRegisterOnHotLine(stateOf([registered()]), R.hotlineNumber)).toBe(true);
    expect(canRegisterOnHotLine(stateOf([registered()]), R.edit)).toBe(false);
    expect(canRegisterOnHotLine(stateOf([registered({ hotlinegas_number: '15' })]), R.hotlineNumber)).toBe(false);
    expect(canRegisterOnHotLine(stateOf([registered({ hotline_email_register_sent: true })]), R.hotlineNumber)).toBe(false);
  });

  it('the close notice goes once for a closed request with a number and no hot line account', () => {
    const closed = stateOf(requestHistory({ request: baseFields(), stage: 'closed', result: { hotlinegas_number: '15' } }));
    expect(needsHotlineCloseMail(closed, false)).toBe(true);
    expect(needsHotlineCloseMail(closed, true)).toBe(false);
    expect(needsHotlineCloseMail({ ...closed, hotline_email_close_sent: true }, false)).toBe(false);
    expect(needsHotlineCloseMail({ ...closed, hotlinegas_number: null }, false)).toBe(false);
    expect(needsHotlineCloseMail({ ...closed, request_status_id: S.PERFORMED }, false)).toBe(false);
  });
});

describe('act numbers and file names (section 9)', () => {
  it('numbers', () => {
    expect(actNumber(ActKind.CO_13, '77RS0001', 12, 2026)).toBe('77RS0001-12/2026');
    expect(actNumber(ActKind.CO_3, '77RS0001', 12, 2026)).toBe('ВР-77RS0001-12/2026');
    expect(actNumber(ActKind.CO_7, 'V', 1, 2026)).toBe('ТС-V-1/2026');
    expect(actNumber(ActKind.CO_8, 'V', 1, 2026)).toBe('СР-V-1/2026');
    expect(actNumber(ActKind.CO_41, 'V', 1, 2026)).toBe('СЦВ-V-1/2026');
    expect(actNumber(ActKind.CO_42, 'V', 1, 2026)).toBe('СЦИ-V-1/2026');
  });

  it('file names', () => {
    expect(actFileName(ActKind.CO_13, { vncode: 'V', number: 3, year: 2026 })).toBe('V_actCO1.3_3_2026.docx');
    expect(actFileName(ActKind.CO_3, { vncode: 'V', number: 3, year: 2026 })).toBe('V_actCO3_3_2026.docx');
    expect(actFileName(ActKind.CO_41, { vncode: 'V', number: 3, year: 2026 })).toBe('V_actCO4.1_3_2026.docx');
    expect(actFileName(ActKind.LEARNING, { vncode: 'V', number: 3, year: 2026, date: '10.03.2026' })).toBe('act_learning_10.03.2026_3.docx');
    // With the request's number: two requests' acts of one day and number differ.
    expect(actFileName(ActKind.LEARNING, { vncode: 'V', number: 1, year: 2026, date: '2026-11-28', request: 15 })).toBe('act_learning_2026-11-28_1_req15.docx');
    expect(actFileName(ActKind.LEARNING, { vncode: 'W', number: 1, year: 2026, date: '2026-11-28', request: 16 })).not.toBe(actFileName(ActKind.LEARNING, { vncode: 'V', number: 1, year: 2026, date: '2026-11-28', request: 15 }));
    expect(actFileName(ActKind.CO_3, { vncode: 'V', number: 3, year: 2026, request: 7 })).toBe('V_actCO3_3_2026_req7.docx');
  });

  it('a commissioning description over 1999 characters is cut to 1900 plus ...', () => {
    expect(actDescription('я'.repeat(1999))).toHaveLength(1999);
    expect(actDescription('я'.repeat(2000))).toBe(`${'я'.repeat(1900)}...`);
  });
});
