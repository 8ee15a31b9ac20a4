import { describe, expect, test } from 'vitest';
import { displayNameOf } from '../../../projections/user/display-name';

/** decisions 33–40: the hot line marker is shown after the whole name, not inside it. */
describe('the display name of an account (rm_users.fio)', () => {
  test('a person: surname, name, patronymic', () => {
    expect(displayNameOf({ surname: 'Петров', name: 'Иван', patronymic: 'Сергеевич', hotline_worker: false })).toBe('Петров Иван Сергеевич');
    expect(displayNameOf({ surname: null, name: 'Иван', patronymic: null, hotline_worker: false })).toBe('Иван');
  });

  test('hot line staff: the full name, then the marker', () => {
    expect(displayNameOf({ surname: 'Волков', name: 'Олег', patronymic: 'Дмитриевич', hotline_worker: true })).toBe('Волков Олег Дмитриевич (ГЛ)');
  });

  test('a marker typed into the name moves to the end, once', () => {
    expect(displayNameOf({ surname: null, name: 'Техподдержка ГАС «Правосудие» (ГЛ)', patronymic: 'Дмитриевич', hotline_worker: true })).toBe(
      'Техподдержка ГАС «Правосудие» Дмитриевич (ГЛ)',
    );
    expect(displayNameOf({ surname: null, name: 'Техподдержка ГАС «Правосудие» (ГЛ), вторая линия', patronymic: null, hotline_worker: true })).toBe(
      'Техподдержка ГАС «Правосудие», вторая линия (ГЛ)',
    );
  });
});
