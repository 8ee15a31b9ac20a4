import { z } from 'zod';

/** Shared field rules of administration.md section 5, with their exact messages. */
export const shortText = (message = 'Значение от 1 до 100 символов') =>
  z.string({ required_error: message, invalid_type_error: message }).trim().min(1, message).max(99, message);

export const optionalText = (max: number, message: string) =>
  z.string().max(max, message).nullish().transform((v) => v ?? null);

export const requiredId = (message: string) =>
  z.coerce
    .number({ invalid_type_error: message, required_error: message })
    .int(message)
    .positive(message);

export const optionalId = z
  .union([z.coerce.number().int().positive(), z.null(), z.literal('')])
  .nullish()
  .transform((v) => (v === '' || v === undefined ? null : v));

export const idList = z.array(z.coerce.number().int().positive()).default([]);

export const isoDate = (message = 'Неверная дата') =>
  z.string().regex(/^\d{4}-\d{2}-\d{2}$/, message).nullish().transform((v) => v ?? null);

export const flag = z.union([z.boolean(), z.number(), z.string()]).nullish().transform((v) => v === true || v === 1 || v === '1' || v === 'true');
