import type { RequestEvent } from './events';
import { initialRequestState, type RequestField, type RequestState } from './state';

/* The request's evolve: how each event of the stream changes the state. */

const withStatus = (state: RequestState, status: number): RequestState => ({ ...state, request_status_id: status });

export const evolveRequest = (state: RequestState, event: RequestEvent): RequestState => {
  switch (event.type) {
    case 'RequestRegistered': {
      const d = event.data;
      return {
        ...initialRequestState(),
        ...d.request,
        engineers: d.engineers,
        works: d.works,
        spares_pbs: d.spares_pbs,
        tools_commissioning: d.tools_commissioning,
        students_list: d.students_list,
        attachments: d.attachments,
        registered: true,
        registered_by: d.registered_by ?? null,
      };
    }
    case 'RequestFieldsChanged': {
      const next = { ...state } as Record<RequestField, unknown>;
      for (const c of event.data.changes) next[c.field] = c.new;
      return next as unknown as RequestState;
    }
    case 'RequestEngineersAssigned':
      return { ...state, engineers: event.data.engineers, request_status_id: event.data.request_status_id };
    case 'RequestWorksChanged':
      return { ...state, works: event.data.works };
    case 'RequestSparesPbsChanged':
      return { ...state, spares_pbs: event.data.spares_pbs };
    case 'RequestCommissioningToolsChanged':
      return { ...state, tools_commissioning: event.data.tools_commissioning };
    case 'RequestStudentsChanged':
      return { ...state, students_list: event.data.students_list };
    case 'RequestTakenForPerform': {
      const { request_text_expl, request_performer_kind, engineers } = event.data;
      return { ...withStatus(state, event.data.request_status_id), request_text_expl, request_performer_kind, engineers };
    }
    case 'RequestPerformed':
      return { ...withStatus(state, event.data.request_status_id), result_d: event.data.result_d };
    case 'RequestClosed':
    case 'RequestExecutionCancelled':
    case 'RequestHotLineExecutionCancelled':
      return withStatus(state, event.data.request_status_id);
    case 'RequestReexecuted':
      return { ...withStatus(state, event.data.request_status_id), result: null, result_d: null };
    case 'RequestMovedToHotLine': {
      const { request_performer_kind, result_d, note, engineers } = event.data;
      return { ...withStatus(state, event.data.request_status_id), request_performer_kind, result_d, note, engineers };
    }
    case 'RequestHotLineTaken':
      return { ...withStatus(state, event.data.request_status_id), engineers: event.data.engineers, engineer_id: event.data.engineer_id };
    case 'RequestHotLineFulfilled': {
      const { hotline_result_id, hotline_result_type, hotline_result_date, result, result_type, result_d, note } = event.data;
      return {
        ...withStatus(state, event.data.request_status_id),
        hotline_result_id,
        hotline_result_type,
        hotline_result_date,
        result,
        result_type,
        result_d,
        note,
      };
    }
    case 'RequestHotLinePerformed':
      return { ...withStatus(state, event.data.request_status_id), hotline_result_date: event.data.hotline_result_date };
    case 'RequestHotLineReexecuted':
      return { ...withStatus(state, event.data.request_status_id), hotline_result_id: null, hotline_result_date: null };
    case 'RequestCanceled':
      return {
        ...withStatus(state, event.data.request_status_id),
        request_kind_id: event.data.request_kind_id,
        engineers: event.data.engineers,
      };
    case 'RequestRecalled':
      return { ...state, request_kind_id: event.data.request_kind_id };
    case 'RequestNumberChanged':
      return { ...state, number: event.data.number };
    case 'RequestDateChanged':
      return { ...state, request_date_add: event.data.request_date_add };
    case 'RequestAttachmentAdded':
      return { ...state, attachments: [...state.attachments, event.data.file] };
    case 'RequestAttachmentRemoved':
      return { ...state, attachments: state.attachments.filter((f) => f.file_id !== event.data.file_id) };
    case 'RequestDocumentAttached':
      return { ...state, documents: [...state.documents, event.data.document] };
    case 'RequestActGenerated':
      // The act's number and date fields come with a RequestFieldsChanged of the same decision.
      return { ...state, documents: [...state.documents, event.data.document] };
    case 'RequestDocumentRemoved':
      return { ...state, documents: state.documents.filter((f) => f.file_id !== event.data.file_id) };
    case 'RequestCommentAdded':
      return { ...state, comments_count: Math.max(state.comments_count, event.data.comment_id) };
    case 'RequestDeleted':
      return { ...state, deleted: true };
  }
};

/** The state after the events of a stream. */
export const foldRequest = (events: readonly RequestEvent[]): RequestState => events.reduce(evolveRequest, initialRequestState());
