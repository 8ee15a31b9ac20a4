import { z } from 'zod';
import { requestSchema, ruDate, ruErrorMap } from '@domain/request/validation';
import { validateFiles } from '@domain/request/files';
import { sameValue, type RequestData } from '@domain/request/state';
import { sparesMessages } from '@domain/spares/decider';
import { formDateFields, requestDataOf, type RequestFormValues } from './form-values';

/** What the rules of a save depend on besides the form. */
export interface FormValidationContext {
  /** request_date_add; null for a new request (then now). */
  readonly createdAt: string | null;
  /** The status before the save (0 for a new request). */
  readonly status: number;
  /** Fields and lists the user may change now (the view's `editable`). */
  readonly editable: ReadonlySet<string>;
  /** The request as loaded: a field the user changed is checked even when it is not editable. */
  readonly baseline: RequestData;
}

const spareAmount = (text: string, remaining: number | null): string | null => {
  const t = text.trim();
  const n = Number(t);
  if (t === '' || !Number.isInteger(n) || n < 1) return sparesMessages.amountMin;
  if (remaining !== null && n > remaining) return sparesMessages.amountMax(remaining);
  return null;
};

/**
 * The dialog's form rules, all from the domain: each date text with ruDate (format, real date),
 * then the request with requestSchema (the server's own rules and Russian messages), the file
 * limits, the spare amounts. As on the server, only what the user can fix now or changed counts,
 * so an old flaw in a locked field does not block a save.
 */
export const requestFormSchema = (context: FormValidationContext, now: string) =>
  z.custom<RequestFormValues>().superRefine((values, ctx) => {
    const data = requestDataOf(values);
    const fixable = (root: string) =>
      context.editable.has(root) ||
      !sameValue((context.baseline as unknown as Record<string, unknown>)[root], (data as unknown as Record<string, unknown>)[root]);
    const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: z.ZodIssueCode.custom, path, message });

    const badDates = new Set<string>();
    for (const field of formDateFields) {
      const parsed = ruDate().safeParse(values[field], { errorMap: ruErrorMap });
      if (parsed.success) continue;
      badDates.add(field);
      if (fixable(field)) issue([field], parsed.error.issues[0]?.message ?? '');
    }

    const parsed = requestSchema({ now, createdAt: context.createdAt ?? now, status: context.status }).safeParse(data, { errorMap: ruErrorMap });
    if (!parsed.success)
      for (const i of parsed.error.issues) {
        const root = String(i.path[0] ?? '');
        if (!badDates.has(root) && fixable(root)) issue(i.path, i.message);
      }

    const files = (list: readonly { file_name: string; size: number }[]) => list.map((f) => ({ name: f.file_name, size: f.size }));
    if (!sameValue(context.baseline.attachments, data.attachments)) {
      const broken = validateFiles(files(data.attachments), 'attachments');
      if (broken) issue(['attachments'], broken);
    }
    if (values.documents.some((d) => d.kind === 'new')) {
      const broken = validateFiles(files(data.documents), 'documents');
      if (broken) issue(['documents'], broken);
    }
    if (context.editable.has('spares'))
      values.spares.forEach((line, index) => {
        const broken = spareAmount(line.amount, line.remaining);
        if (broken) issue(['spares', index, 'amount'], broken);
      });
  });
