import { readFileSync } from 'node:fs';
import { formatDate } from '../../domain/shared/dates';
import { kindTitle } from '../../domain/request/enums';
import type { RequestState } from '../../domain/request/state';
import type { MailMessage } from '../../infrastructure/mail';

export type MailTemplate = 'hotline-register' | 'hotline-close' | 'declarant';

const cache = new Map<MailTemplate, string>();
const source = (name: MailTemplate): string => {
  let s = cache.get(name);
  if (s === undefined) {
    s = readFileSync(new URL(`../../templates/mail/${name}.txt`, import.meta.url), 'utf8');
    cache.set(name, s);
  }
  return s;
};

/** Fills a template of templates/mail (first line `Subject: ...`, then the body). */
export const renderMail = (name: MailTemplate, to: readonly string[], vars: Readonly<Record<string, string>>): MailMessage => {
  const filled = source(name).replace(/\{(\w+)\}/g, (whole, key: string) => vars[key] ?? whole);
  const [first = '', ...rest] = filled.split('\n');
  return { to, subject: first.replace(/^Subject:\s*/, '').trim(), text: rest.join('\n').trim() };
};

/** The placeholders every request mail has: number, date, object, organisation, kind, text, link. */
export const requestMailVars = (
  id: number,
  state: RequestState,
  names: { unit: string; organization: string },
  publicUrl: string,
): Record<string, string> => ({
  number: String(state.number ?? ''),
  date: formatDate(state.request_date_add),
  unit: names.unit,
  organization: names.organization,
  kind: kindTitle(state.request_kind_id),
  text: state.request_text ?? '',
  hotline_number: state.hotlinegas_number ?? '',
  link: `${publicUrl.replace(/\/$/, '')}/requests?open=${id}`,
});
