import { api } from '@/lib/api';
import type { ActCandidate } from '@domain/act/signers';
import type { GenerateActInput } from '@domain/act/generate';
import type { RequestView } from './types';

export interface ActCandidatesAnswer {
  readonly iac: ActCandidate[];
  readonly unit: ActCandidate[];
  readonly final: ActCandidate[];
  /** The default act text of the kind asked for (СО-7 and others begin with the equipment line). */
  readonly actText: string | null;
}
export interface ActAnswer {
  readonly message: string;
  readonly savedRequest: RequestView;
}

/** Acts from templates (decisions 72–86): the dialog's candidates and the generation. */
export const actApi = api.injectEndpoints({
  endpoints: (build) => ({
    actSignerCandidates: build.query<ActCandidatesAnswer, { requestId: number; actKind: string }>({
      query: ({ requestId, actKind }) => `/act_signer_candidates/${requestId}?actKind=${encodeURIComponent(actKind)}`,
    }),
    generateAct: build.mutation<ActAnswer, GenerateActInput>({
      query: (body) => ({ url: '/request_act', method: 'POST', body }),
      invalidatesTags: (_r, _e, a) => [{ type: 'Request', id: a.requestId }, 'RequestList', 'SignDocuments'],
      // The dialog shows the refusal itself (in red, under its fields); the success notice stays global.
      extraOptions: { quiet: [400, 403, 404, 409] },
    }),
  }),
});

export const { useActSignerCandidatesQuery, useGenerateActMutation } = actApi;
