import { z } from 'zod';
import type { FileRef } from '../request/state';
import type { Decider } from '../shared/decider';
import type { EventOf } from '../shared/events';
import { invalid, notFound, refused } from '../shared/errors';
import { id, orNull, string } from '../shared/primitives';

/**
 * Requests to the administrator (administration.md 2.9, 3, 4): a message with an e-mail, an
 * optional kind (a problem category, catalogue `problems_categories`) and files. Answers are
 * requests of their own with `parent_id`, shown as children. Stream `request_inner-{id}`.
 */
export const InnerRequestState = { ACTIVE: 1, DONE: 2, POSTPONED: 3, NEED_INFO: 4 } as const;
export const innerRequestStateTitles: Readonly<Record<number, string>> = { 1: 'Активно', 2: 'Выполнено', 3: 'Отложено', 4: 'Нужна информация' };
/** The states an administrator may set (the fourth, need-info, is defined but not offered). */
export const offeredInnerStates = [InnerRequestState.ACTIVE, InnerRequestState.DONE, InnerRequestState.POSTPONED] as const;
export const unknownStateTitle = (state: number) => innerRequestStateTitles[state] ?? `!!! Неизвестный статус (${state}) !!!`;
/** Shown for a request whose author is not known (administration.md 2.9). */
export const SYSTEM_AUTHOR = 'Администратор системы';
export const INNER_PAGE_SIZE = 20;
export const INNER_MESSAGE_MAX = 2999;

export const innerMessages = {
  message: 'Значение от 1 до 3000 символов',
  emailEmpty: 'Поле email не может быть пустым',
  emailFormat: 'Неверный формат поля email',
  notFound: 'Запрос не найден',
  deleted: 'Запрос удален',
  updated: 'Запрос обновлен',
  created: 'Запрос отправлен',
  state: 'Неизвестный статус',
  kind: 'Неизвестный тип',
  answerOfAnswer: 'Ответ можно добавить только к запросу',
} as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The dialog's fields (administration.md 2.9, 5): message 1..2999 characters; the e-mail is
 * required and checked for a request, skipped (and not stored) for an answer.
 */
export const innerRequestInputSchema = z
  .object({
    message: string(innerMessages.message).trim().min(1, innerMessages.message).max(INNER_MESSAGE_MAX, innerMessages.message),
    author_email: z.string().max(200, innerMessages.emailFormat).nullish(),
    request_inner_kind_id: orNull(id({ message: innerMessages.kind, coerce: true }), innerMessages.kind).default(null),
    parent_id: orNull(id({ message: innerMessages.notFound, coerce: true }), innerMessages.notFound).default(null),
  })
  .superRefine((v, ctx) => {
    if (v.parent_id !== null) return;
    const email = (v.author_email ?? '').trim();
    if (!email) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['author_email'], message: innerMessages.emailEmpty });
    else if (!EMAIL.test(email)) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['author_email'], message: innerMessages.emailFormat });
  })
  .transform((v) => ({ ...v, author_email: v.parent_id === null ? (v.author_email ?? '').trim() : null }));
export type InnerRequestInput = z.input<typeof innerRequestInputSchema>;

/** PUT /api/request_inner/{id}: a state or a kind (null clears the kind). */
export const innerRequestUpdateSchema = z.object({
  state: z.coerce.number().int().refine((s) => (offeredInnerStates as readonly number[]).includes(s), innerMessages.state).optional(),
  request_inner_kind_id: orNull(id({ message: innerMessages.kind, coerce: true }), innerMessages.kind).optional(),
});

export type InnerRequestEventMap = {
  InnerRequestCreated: {
    id: number;
    parent_id: number | null;
    author_id: number | null;
    author_email: string | null;
    message: string;
    request_inner_kind_id: number | null;
    files: FileRef[];
    date_create: string;
    /** Accounts told by e-mail (POST usersIds). */
    notify_user_ids: number[];
    /** An answer by someone other than the request's author: the author's e-mail, mailed the answer. */
    notify_email: string | null;
  };
  InnerRequestStateChanged: { state: number };
  InnerRequestKindChanged: { request_inner_kind_id: number | null };
  InnerRequestDeleted: Record<string, never>;
};
export type InnerRequestEvent = EventOf<InnerRequestEventMap>;
export const innerRequestStreamId = (requestId: number) => `request_inner-${requestId}`;

export interface InnerRequestState {
  readonly exists: boolean;
  readonly deleted: boolean;
  readonly parent_id: number | null;
  readonly author_id: number | null;
  readonly author_email: string | null;
  readonly state: number;
  readonly request_inner_kind_id: number | null;
}

export type InnerRequestCommand =
  | { type: 'create'; data: InnerRequestEventMap['InnerRequestCreated'] }
  | { type: 'setState'; state: number }
  | { type: 'setKind'; request_inner_kind_id: number | null }
  | { type: 'delete' };

const initial: InnerRequestState = { exists: false, deleted: false, parent_id: null, author_id: null, author_email: null, state: InnerRequestState.ACTIVE, request_inner_kind_id: null };

const live = (s: InnerRequestState) => {
  if (!s.exists || s.deleted) throw notFound(innerMessages.notFound);
};

/** Who may do what is the route's business (FULL right); the stream decides existence and values. */
export const innerRequestDecider: Decider<InnerRequestState, InnerRequestCommand, InnerRequestEvent> = {
  initialState: () => initial,
  evolve: (s, e) => {
    switch (e.type) {
      case 'InnerRequestCreated':
        return { ...s, exists: true, parent_id: e.data.parent_id, author_id: e.data.author_id, author_email: e.data.author_email, request_inner_kind_id: e.data.request_inner_kind_id };
      case 'InnerRequestStateChanged':
        return { ...s, state: e.data.state };
      case 'InnerRequestKindChanged':
        return { ...s, request_inner_kind_id: e.data.request_inner_kind_id };
      case 'InnerRequestDeleted':
        return { ...s, deleted: true };
    }
  },
  decide: (s, c) => {
    switch (c.type) {
      case 'create':
        if (s.exists) throw refused('Запрос уже существует');
        return [{ type: 'InnerRequestCreated', data: c.data }];
      case 'setState':
        live(s);
        if (!(offeredInnerStates as readonly number[]).includes(c.state)) throw invalid(innerMessages.state, { state: innerMessages.state });
        return s.state === c.state ? [] : [{ type: 'InnerRequestStateChanged', data: { state: c.state } }];
      case 'setKind':
        live(s);
        return s.request_inner_kind_id === c.request_inner_kind_id ? [] : [{ type: 'InnerRequestKindChanged', data: { request_inner_kind_id: c.request_inner_kind_id } }];
      case 'delete':
        live(s);
        return [{ type: 'InnerRequestDeleted', data: {} }];
    }
  },
};

/** The list filter (GET /api/request_inner/{filter json}): page, state, kind, text of the message. */
export const innerRequestFilterSchema = z.object({
  pageNumber: z.coerce.number().int().min(1).max(1_000_000).catch(1).default(1),
  state: orNull(z.coerce.number().int().min(1).max(4), innerMessages.state).optional(),
  request_inner_kind_id: orNull(id({ message: innerMessages.kind, coerce: true }), innerMessages.kind).optional(),
  text: z.string().max(200).optional(),
});
export type InnerRequestFilter = z.input<typeof innerRequestFilterSchema>;

/** A row of the list as GET answers it (administration.md 2.9, 3). */
export interface InnerRequestRow {
  id: number;
  number: number;
  parent_id: number | null;
  date_create: string;
  author_id: number | null;
  /** The author's full name, or 'Администратор системы' when unknown. */
  author: string;
  author_email: string | null;
  region: string | null;
  organization: string | null;
  request_inner_kind_id: number | null;
  kind: string | null;
  message: string;
  state: number;
  files: FileRef[];
  answers_count: number;
  answers: InnerRequestRow[];
}

/** Images are shown in the carousel; other files are downloaded. */
export const isImageFile = (f: { mimetype: string; file_name: string }) =>
  f.mimetype.startsWith('image/') || /\.(png|jpe?g|gif|bmp|webp)$/i.test(f.file_name);
