import { z } from 'zod';
import { flag, idList, optionalId, optionalText, requiredId, requiredText } from '../catalog/schemas';
import { optionalId as optionalIdOf, string, text } from '../shared/primitives';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const loginSchema = string('Введите login (минимум 3 символа)')
  .trim()
  .min(3, 'Введите login (минимум 3 символа)')
  .max(99, 'Значение от 1 до 100 символов')
  .regex(/^[A-Za-z0-9_]+$/, 'Только латинские буквы и цифры');

export const passwordSchema = string('Введите пароль')
  .min(6, 'Пароль должен содержать не менее 6 символов')
  .max(200, 'Пароль слишком длинный');

const emailSchema = string('Укажите email').trim().regex(EMAIL, 'Укажите email');

const common = {
  patronymic: optionalText(99, 'Значение от 1 до 100 символов'),
  phone: optionalText(99, 'Значение от 1 до 100 символов'),
  email: emailSchema,
  post_id: optionalId,
  post_description: optionalText(499, 'Значение от 1 до 500 символов'),
  login: loginSchema,
  password: passwordSchema.nullish().transform((v) => v || null),
  is_inactive: flag,
  users_roles: idList,
  units: idList,
};

/** Employee account (administration.md 5). */
export const employeeSchema = z.object({
  ...common,
  surname: requiredText('Введите фамилию', 99, 'Значение от 1 до 100 символов'),
  name: requiredText('Введите имя', 99, 'Значение от 1 до 100 символов'),
  organization_id: requiredId('Укажите организацию'),
  due_order: text(500, 'Значение от 1 до 500 символов')
    .nullish()
    .transform((v) => (v ? v : null)),
  hotline_worker: z.literal(false).optional().default(false),
  users_programs: idList,
});

/** Hot line executor: the name is the executor's title; due_order is a note. */
export const hotlineExecutorSchema = z.object({
  ...common,
  surname: optionalText(99, 'Значение от 1 до 100 символов'),
  name: requiredText('Введите исполнителя', 199, 'Значение от 1 до 200 символов'),
  organization_id: optionalId,
  due_order: optionalText(500, 'Значение от 1 до 500 символов'),
  hotline_worker: z.literal(true).optional().default(true),
  users_programs: idList,
});

export type EmployeeInput = z.output<typeof employeeSchema>;
export type HotlineExecutorInput = z.output<typeof hotlineExecutorSchema>;

export const signinSchema = z.object({
  username: string('Введите логин').trim().min(1, 'Введите логин'),
  password: string('Введите пароль').min(1, 'Введите пароль'),
});

/** Shown when roles of different access levels are selected together. */
export const mixedAccessLevelsWarning =
  'Внимание! Выбраны роли с разным уровнем доступа. Пользователь может получить дополнительные привилегии.';

/**
 * The ids an account save names, checked before the handler looks them up: within PostgreSQL
 * integer, lists bounded. The rest of the account is checked by the decider's schema.
 */
export const accountIdsSchema = z
  .object({
    organization_id: optionalIdOf({ message: 'Укажите организацию' }),
    post_id: optionalId,
    users_roles: idList,
    units: idList,
    users_programs: idList,
  })
  .passthrough();
