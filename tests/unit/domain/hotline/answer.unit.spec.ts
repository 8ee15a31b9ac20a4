import { describe, expect, it } from 'vitest';
import { formatHotlineAnswer, parseHotlineAnswer } from '../../../../domain/hotline/answer';
import { canRetryOutbox, hotlineRegisterKey } from '../../../../domain/hotline/keys';
import { decideRequest } from '../../../../domain/request/decider';
import { initialRequestState } from '../../../../domain/request/state';

describe('the hot line answer (requests.md 7: JSON after _result_)', () => {
  it('status 200 with a number is a registration; the message is kept', () => {
    expect(parseHotlineAnswer(formatHotlineAnswer(200, { message: 'Принято', hot_line_number: 'ГЛ-1' }))).toEqual({ kind: 'registered', number: 'ГЛ-1', message: 'Принято' });
    // A numeric number and text before the marker are fine; no message gives our own.
    expect(parseHotlineAnswer('Ответ сервера ГЛ\n_result_ {"status":"200","data":{"hot_line_number":12345}}')).toEqual({
      kind: 'registered',
      number: '12345',
      message: 'Заявка зарегистрирована на ГЛ под номером 12345',
    });
  });

  it('another status is a refusal with the returned message', () => {
    expect(parseHotlineAnswer(formatHotlineAnswer(403, { message: 'Неверный пароль' }))).toEqual({ kind: 'refused', status: 403, message: 'Неверный пароль' });
    expect(parseHotlineAnswer(formatHotlineAnswer(500, {}))).toEqual({ kind: 'refused', status: 500, message: 'Ошибка регистрации' });
  });

  it.each([
    ['no marker', 'OK'],
    ['bad JSON', '_result_{"status":200,'],
    ['no status', '_result_{"data":{"hot_line_number":"1"}}'],
    ['200 without a number', formatHotlineAnswer(200, { message: 'ok' })],
    ['200 with a blank number', formatHotlineAnswer(200, { hot_line_number: '  ' })],
    ['an array', '_result_[]'],
  ])('%s is malformed', (_name, text) => {
    expect(parseHotlineAnswer(text)).toEqual({ kind: 'malformed', message: 'Ошибка регистрации' });
  });
});

describe('keys and retries', () => {
  it('a registration key names the request and its generation', () => {
    expect(hotlineRegisterKey(12, 0)).toBe('hotline-register:request-12:0');
    expect(hotlineRegisterKey(12, 1)).not.toBe(hotlineRegisterKey(12, 0));
  });
  it('only items whose retries ran out are retried by an operator', () => {
    expect(canRetryOutbox('failed')).toBe(true);
    for (const s of ['pending', 'sent', 'retrying', 'refused'] as const) expect(canRetryOutbox(s)).toBe(false);
  });
});

describe('RecordHotlineNumber (the registration job saves the number)', () => {
  const context = { userId: null, now: '2026-11-24T10:00:00.000Z', correlationId: 'c' };
  const state = (hotlinegas_number: string | null) => ({ ...initialRequestState(), registered: true, hotlinegas_number });
  it('fills an empty number as a field change (the history shows it)', () => {
    expect(decideRequest(state(null), { type: 'RecordHotlineNumber', hotlinegas_number: ' ГЛ-7 ' }, context)).toEqual([
      { type: 'RequestFieldsChanged', data: { changes: [{ field: 'hotlinegas_number', old: null, new: 'ГЛ-7' }] } },
    ]);
  });
  it('the same number again is no change; another number is refused', () => {
    expect(decideRequest(state('ГЛ-7'), { type: 'RecordHotlineNumber', hotlinegas_number: 'ГЛ-7' }, context)).toEqual([]);
    expect(() => decideRequest(state('ГЛ-7'), { type: 'RecordHotlineNumber', hotlinegas_number: 'ГЛ-8' }, context)).toThrow('Заявка уже зарегистрирована на ГЛ под номером ГЛ-7');
  });
});
