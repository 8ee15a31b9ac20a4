import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../api/config';
import { explainStartFailure, failureDetails, StartupError } from '../../../api/start-failure';

const embedded = loadConfig({ PORT: '3917', HOST: '0.0.0.0' });
const external = loadConfig({ PORT: '3000', DATABASE_URL: 'postgres://app:secret@db.example:5432/itsupport' });
const code = (c: string, extra: object = {}) => Object.assign(new Error(`raw ${c}`), { code: c, ...extra });

describe('explainStartFailure', () => {
  it('never says `undefined`, whatever was thrown', () => {
    for (const thrown of [undefined, null, '', {}, new Error(''), 42]) {
      const text = explainStartFailure(thrown, embedded);
      expect(text).not.toMatch(/undefined/);
      expect(text).toMatch(/^Сервер не запустился: \S/);
    }
  });

  it('passes a StartupError through, also when wrapped', () => {
    const inner = new StartupError('Порт 54329 занят.\nОсвободите его.');
    expect(explainStartFailure(inner, embedded)).toBe(inner.message);
    expect(explainStartFailure(new Error('outer', { cause: inner }), embedded)).toBe(inner.message);
  });

  it('names a busy or forbidden HTTP port and the fix', () => {
    const busy = explainStartFailure(code('EADDRINUSE', { syscall: 'listen' }), embedded);
    expect(busy).toContain('Порт 3917');
    expect(busy).toContain('PORT=3918 npm start');
    expect(explainStartFailure(code('EACCES', { syscall: 'listen' }), loadConfig({ PORT: '80' }))).toContain('ниже 1024');
  });

  it('explains DATABASE_URL failures without showing its password', () => {
    const refused = explainStartFailure(new Error('pool', { cause: code('ECONNREFUSED') }), external);
    expect(refused).toContain('не отвечает');
    expect(refused).toContain('DATABASE_URL');
    expect(refused).not.toContain('secret');
    expect(explainStartFailure(code('28P01'), external)).toContain('отклонил вход');
    expect(explainStartFailure(code('3D000'), external)).toContain('createdb');
  });

  it('prints no stack: the details are for the file (or DEBUG)', () => {
    const deep = new Error('outer failure', { cause: new TypeError('inner failure') });
    const text = explainStartFailure(deep, embedded);
    expect(text).not.toMatch(/\n\s+at /);
    expect(text.split('\n')).toHaveLength(2);
    expect(failureDetails(deep)).toMatch(/outer failure[\s\S]*\n\s+at [\s\S]*caused by: TypeError: inner failure/);
  });

  it('does not blame DATABASE_URL when there is none', () => {
    expect(explainStartFailure(code('ECONNREFUSED'), embedded)).toMatch(/^Сервер не запустился: raw ECONNREFUSED/);
  });
});
