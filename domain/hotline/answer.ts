import { z } from 'zod';

/**
 * The state hot line's answer (requests.md 7): text with a JSON part after the marker `_result_`
 * holding `status` (200 success) and `data` (`message`, `hot_line_number`). Pure, shared by the
 * server (which decides) and tests.
 */
export const HOTLINE_RESULT_MARKER = '_result_';

export const hotlineMessages = {
  /** A malformed answer or a failed call (requests.md 8). */
  failed: 'Ошибка',
  malformed: 'Ошибка регистрации',
  emailSent: 'Сообщение о регистрации заявки отправлено на ГЛ, номер заявки на ГЛ будет отправлен в ответном Email',
  registered: (n: string) => `Заявка зарегистрирована на ГЛ под номером ${n}`,
  declarantSent: 'Сообщение заявителю отправлено',
  closeSent: 'Уведомление о закрытии заявки отправлено на ГЛ',
  closeAlreadySent: 'Уведомление о закрытии заявки уже отправлено',
  closeNotNeeded: 'Уведомление о закрытии не требуется: заявка не закрыта, нет номера на ГЛ или у организации есть учетная запись ГЛ',
  cannotRegister: 'Заявка уже зарегистрирована на ГЛ или сообщение о регистрации уже отправлено',
  noRight: 'Недостаточно прав для регистрации заявок на ГЛ',
  noHotlineEmail: 'Не задан адрес электронной почты ГЛ',
  noHotlineUrl: 'Не задан адрес API ГЛ',
  noDeclarantEmail: 'У заявителя не указан адрес электронной почты',
  emptyMessage: 'Введите сообщение заявителю',
  longMessage: 'Не более 4000 символов',
} as const;

/** How long the client shows the registration notice (requests.md 8: 10 s). */
export const HOTLINE_NOTICE_MS = 10_000;

const answerSchema = z.object({
  status: z.coerce.number().int(),
  data: z
    .object({
      message: z.string().nullish(),
      hot_line_number: z.union([z.string(), z.number()]).nullish(),
    })
    .nullish(),
});

export type HotlineAnswer =
  /** status 200 with a number: registered. */
  | { readonly kind: 'registered'; readonly number: string; readonly message: string }
  /** A status other than 200: the hot line refused and said why (shown as is). */
  | { readonly kind: 'refused'; readonly status: number; readonly message: string }
  /** No JSON part, bad JSON, or 200 without a number: we cannot tell what happened. */
  | { readonly kind: 'malformed'; readonly message: string };

/** Parses the answer text; never throws. */
export const parseHotlineAnswer = (text: string): HotlineAnswer => {
  const at = text.indexOf(HOTLINE_RESULT_MARKER);
  if (at < 0) return { kind: 'malformed', message: hotlineMessages.malformed };
  let json: unknown;
  try {
    json = JSON.parse(text.slice(at + HOTLINE_RESULT_MARKER.length).trim());
  } catch {
    return { kind: 'malformed', message: hotlineMessages.malformed };
  }
  const parsed = answerSchema.safeParse(json);
  if (!parsed.success) return { kind: 'malformed', message: hotlineMessages.malformed };
  const { status, data } = parsed.data;
  const message = (data?.message ?? '').trim();
  if (status !== 200) return { kind: 'refused', status, message: message || hotlineMessages.malformed };
  const number = data?.hot_line_number == null ? '' : String(data.hot_line_number).trim();
  if (!number || number.length > 100) return { kind: 'malformed', message: hotlineMessages.malformed };
  return { kind: 'registered', number, message: message || hotlineMessages.registered(number) };
};

/** Formats an answer as the hot line sends it (used by the test double and the parser's tests). */
export const formatHotlineAnswer = (status: number, data: { message?: string; hot_line_number?: string | null }, preamble = 'OK'): string =>
  `${preamble}\n${HOTLINE_RESULT_MARKER}${JSON.stringify({ status, data })}`;
