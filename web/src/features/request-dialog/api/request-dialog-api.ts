import type { ButtonAction } from '@domain/request/actions';
import type { RecipientRole } from '@domain/request/recipients';
import { z } from 'zod';
import { api } from '@/lib/api';
import { saveBlob } from '@/lib/download';
import type {
  Comment,
  ContactCandidate,
  Executor,
  HistoryEntry,
  RequestView,
  SaveAnswer,
  SpareFilter,
  SpareOffer,
  ToolFilter,
  ToolPage,
  ToolsForCommissioning,
} from './types';

/** The parts of the request view the dialog's logic rests on (buttons, fields, concurrency). */
const viewShape = z
  .object({
    id: z.number(),
    number: z.number().nullable(),
    revision: z.number(),
    request_status_id: z.number(),
    request_performer_kind: z.enum(['SENIOR', 'FILIAL']),
    actions: z.array(z.string()),
    editable: z.array(z.string()),
    engineers: z.array(z.object({ id: z.number(), fio: z.string().nullable() })),
    works: z.array(z.object({ title: z.string() }).passthrough()),
    sparesPbs: z.array(z.object({ title: z.string() }).passthrough()),
    spares: z.array(z.object({ item_id: z.number(), spares_set_id: z.number(), amount: z.number() }).passthrough()),
    toolsCommissioning: z.array(z.object({ tool_id: z.number() }).passthrough()),
    students_list: z.array(z.object({ name: z.string() }).passthrough()),
    attachments: z.array(z.object({ file_id: z.string(), file_name: z.string() }).passthrough()),
    docs: z.array(z.object({ file_id: z.string(), file_name: z.string() }).passthrough()),
  })
  .passthrough();

const checkedView = (raw: unknown): RequestView => {
  viewShape.parse(raw);
  return raw as RequestView;
};

const saveAnswerShape = z.object({ message: z.string(), savedRequest: z.unknown(), notices: z.array(z.string()).optional() });
const checkedSaveAnswer = (raw: unknown): SaveAnswer => {
  const { message, savedRequest, notices } = saveAnswerShape.parse(raw);
  return { message, savedRequest: checkedView(savedRequest), ...(notices ? { notices } : {}) };
};

const historyShape = z.object({
  request_history: z.array(
    z.object({
      number: z.number(),
      date_time_d: z.string().nullable(),
      user_id: z.number().nullable(),
      user: z.string().nullable(),
      request_attr: z.string(),
      request_attr_title: z.string(),
      value_old: z.string(),
      value_new: z.string(),
    }),
  ),
});

const fileRefShape = z.object({ file_id: z.string(), file_name: z.string(), mimetype: z.string(), size: z.number(), checksum: z.string() });
const commentsShape = z.object({
  comments: z.array(
    z.object({
      id: z.number(),
      request_id: z.number(),
      comment: z.string(),
      files: z.array(fileRefShape),
      user_id: z.number().nullable(),
      fio: z.string().nullable(),
      date_time_d: z.string().nullable(),
      notify_user_ids: z.array(z.number()),
    }),
  ),
});

const executorsShape = z.object({
  engineers: z.array(
    z.object({ id: z.number(), fio: z.string(), organization_name: z.string().nullable(), hotline_worker: z.boolean() }).passthrough(),
  ),
});

const contactsShape = z.object({ contacts: z.array(z.object({ id: z.number(), fio: z.string() }).passthrough()) });

/** A button of the request (POST /api/request/{id}/{action}). */
export type RequestCommand = ButtonAction | 'assign';

export interface SaveArgs {
  /** null registers a new request. */
  readonly id: number | null;
  readonly body: FormData;
}

export interface CommandArgs {
  readonly id: number;
  readonly action: RequestCommand;
  readonly revision: number;
  readonly engineer_ids?: readonly number[];
}

const requestTags = (id: number | null) => (id === null ? ['RequestList' as const] : [{ type: 'Request' as const, id }, 'RequestList' as const]);

/**
 * The request dialog's calls. Queries provide { type: 'Request', id } (the list provides
 * 'RequestList'); every change invalidates both. Saves and buttons keep 409 for the dialog, which
 * shows the server's text and offers to reload.
 */
/** One account offered under 'Уведомить', with why (GET /api/request_recipients/{id}). */
export interface Recipient {
  readonly id: number;
  readonly fio: string;
  readonly roles: readonly RecipientRole[];
}

export const requestDialogApi = api
  .injectEndpoints({
    endpoints: (build) => ({
      request: build.query<RequestView, number>({
        query: (id) => `/request_single/${id}`,
        transformResponse: (raw: { request?: unknown }) => checkedView(raw.request),
        providesTags: (_r, _e, id) => [{ type: 'Request', id }],
      }),
      requestHistory: build.query<HistoryEntry[], number>({
        query: (id) => `/request_history/${id}`,
        transformResponse: (raw: unknown) => historyShape.parse(raw).request_history,
        providesTags: (_r, _e, id) => [{ type: 'Request', id }],
      }),
      requestComments: build.query<Comment[], number>({
        query: (id) => `/request_comments/${id}`,
        transformResponse: (raw: unknown) => commentsShape.parse(raw).comments,
        providesTags: (_r, _e, id) => [{ type: 'Request', id }],
      }),
      /** Whom a chat message may notify, as the server decides (it notifies only these). */
      requestRecipients: build.query<Recipient[], number>({
        query: (id) => `/request_recipients/${id}`,
        transformResponse: (raw: { recipients: Recipient[] }) => raw.recipients,
        providesTags: (_r, _e, id) => [{ type: 'Request', id }],
      }),
      executors: build.query<Executor[], { regionId: number; hotline: boolean }>({
        query: ({ regionId, hotline }) => `/engineers/${regionId}${hotline ? '?hotline=true' : ''}`,
        transformResponse: (raw: unknown) => executorsShape.parse(raw).engineers,
      }),
      /** Registered users of a unit's organisation the request may name as its contact. */
      contactCandidates: build.query<ContactCandidate[], number>({
        query: (unitId) => `/request_contacts/${unitId}`,
        transformResponse: (raw: unknown) => contactsShape.parse(raw).contacts.map((u) => ({ id: u.id, fio: u.fio })),
      }),
      toolSearch: build.query<ToolPage, ToolFilter>({
        query: (filter) => `/tool/${encodeURIComponent(JSON.stringify(filter))}`,
      }),
      toolsForCommissioning: build.query<ToolsForCommissioning, number>({
        query: (unitId) => `/tools_for_commissioning/${unitId}`,
      }),
      spareOffers: build.query<SpareOffer[], SpareFilter>({
        query: (filter) => `/spares_sets/${encodeURIComponent(JSON.stringify(filter))}`,
        transformResponse: (raw: { spares?: SpareOffer[] }) => raw.spares ?? [],
        providesTags: (_r, _e, f) => (f.request_id === null ? [] : [{ type: 'Request', id: f.request_id }]),
      }),
      saveRequest: build.mutation<SaveAnswer, SaveArgs>({
        query: ({ id, body }) => ({ url: id === null ? '/request' : `/request/${id}`, method: id === null ? 'POST' : 'PUT', body }),
        transformResponse: checkedSaveAnswer,
        invalidatesTags: (_r, _e, { id }) => requestTags(id),
        extraOptions: { quiet: [409] },
      }),
      requestCommand: build.mutation<SaveAnswer, CommandArgs>({
        query: ({ id, action, revision, engineer_ids }) => ({
          url: `/request/${id}/${action}`,
          method: 'POST',
          body: { revision, ...(engineer_ids ? { engineer_ids } : {}) },
        }),
        transformResponse: checkedSaveAnswer,
        invalidatesTags: (_r, _e, { id }) => requestTags(id),
        extraOptions: { quiet: [409] },
      }),
      addComment: build.mutation<{ message: string }, { requestId: number; body: FormData }>({
        query: ({ body }) => ({ url: '/request_comments', method: 'POST', body }),
        invalidatesTags: (_r, _e, { requestId }) => [{ type: 'Request', id: requestId }, 'RequestList'],
      }),
      /** Opening the chat tab clears the request's notifications (administration.md 2.4). */
      markRequestNotificationsRead: build.mutation<void, number>({
        query: (requestId) => ({ url: `/notifications/request/${requestId}`, method: 'PUT', body: {} }),
        invalidatesTags: ['Notifications'],
        extraOptions: { successNotice: false },
      }),
      /** GET /api/request_file/{requestId}/{fileId}: the file is handed to the browser as a download. */
      downloadRequestFile: build.mutation<null, { requestId: number; fileId: string; fileName: string }>({
        query: ({ requestId, fileId, fileName }) => ({
          url: `/request_file/${requestId}/${encodeURIComponent(fileId)}`,
          responseHandler: async (response: Response) => {
            if (!response.ok) return response.json().catch(() => null);
            saveBlob(await response.blob(), fileName);
            return null;
          },
        }),
      }),
    }),
  });

export const {
  useRequestQuery,
  useRequestHistoryQuery,
  useRequestCommentsQuery,
  useRequestRecipientsQuery,
  useExecutorsQuery,
  useContactCandidatesQuery,
  useToolSearchQuery,
  useToolsForCommissioningQuery,
  useSpareOffersQuery,
  useSaveRequestMutation,
  useRequestCommandMutation,
  useAddCommentMutation,
  useMarkRequestNotificationsReadMutation,
  useDownloadRequestFileMutation,
} = requestDialogApi;
