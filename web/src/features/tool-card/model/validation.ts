import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import { z } from 'zod';
import { parseRuDate } from '@domain/shared/dates';
import { toolSchema } from '@domain/tool/schemas';
import { filesErrorPath, toolFilesError } from './files';
import { formDateFields, inputOf, type ToolFormValues } from './form-values';

/** Today as 'YYYY-MM-DD' in the user's time zone (the commissioning date may not be later). */
export const localToday = (): string => {
  const d = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};

/**
 * The card's form rules, all from the domain: each typed date must be a real date, then the card
 * goes through the same toolSchema the server applies (its Russian messages land on the fields),
 * then the file limits of each section.
 */
export const toolFormSchema = (today: string) =>
  z.custom<ToolFormValues>().superRefine((values, ctx) => {
    const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: z.ZodIssueCode.custom, path, message });
    const badDates = new Set<string>();
    for (const field of formDateFields) {
      const text = values[field];
      if (text !== null && text.trim() !== '' && parseRuDate(text) === null) {
        badDates.add(field);
        issue([field], 'Неверная дата');
      }
    }
    const parsed = toolSchema(today).safeParse(inputOf(values));
    if (!parsed.success)
      for (const i of parsed.error.issues) {
        const root = String(i.path[0] ?? '');
        if (!badDates.has(root)) issue(i.path, i.message);
      }
    for (const section of ['tool_docs', 'tool_pictures'] as const) {
      const broken = toolFilesError(
        values.files.filter((f) => f.section === section),
        section,
      );
      if (broken) issue([filesErrorPath(section)], broken);
    }
  });

export const toolFormResolver: Resolver<ToolFormValues> = (values, context, options) =>
  (zodResolver(toolFormSchema(localToday()), undefined, { raw: true }) as unknown as Resolver<ToolFormValues>)(values, context, options);
