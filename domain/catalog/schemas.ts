import { z } from 'zod';
import { date, id, idList as idListOf, optionalId as optionalIdOf, string, text } from '../shared/primitives';

/** Shared field rules of administration.md section 5, with their exact messages. */
export const shortText = (message = 'Значение от 1 до 100 символов') => string(message).trim().min(1, message).max(99, message);

/** A required trimmed text of 1..max characters (`message` for every failure but `maxMessage`). */
export const requiredText = (message: string, max: number, maxMessage: string) => string(message).trim().min(1, message).max(max, maxMessage);

export const optionalText = (max: number, message: string) =>
  text(max, message).nullish().transform((v) => v ?? null);

/** An id the item needs; the message says what to choose (also for an id out of range). */
export const requiredId = (message: string) => id({ message });

export const optionalId = optionalIdOf();

export const idList = idListOf().default([]);

export const isoDate = (message = 'Неверная дата') =>
  date(message)
    .refine((v) => v.length === 10, message)
    .nullish()
    .transform((v) => v ?? null);

export const flag = z.union([z.boolean(), z.number(), z.string()]).nullish().transform((v) => v === true || v === 1 || v === '1' || v === 'true');
