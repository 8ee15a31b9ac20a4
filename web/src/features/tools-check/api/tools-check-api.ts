import { api } from '@/lib/api';

interface ToolRef {
  readonly id: number;
  readonly model_id: number | null;
}

export interface CopyJobView {
  readonly id: string;
  readonly state: 'running' | 'done' | 'failed';
  readonly total: number;
  readonly done: number;
  readonly copied: number;
  readonly failed: number;
  readonly message: string | null;
}

/** The registry checks (equipment.md 7); the copy of characteristics is a server job the dialog polls. */
export const toolsCheckApi = api.injectEndpoints({
  endpoints: (build) => ({
    modelsWithoutPictures: build.mutation<{ readonly toolsModelsWithoutPictures: ReadonlyArray<{ readonly id: number; readonly model: string }> }, void>({
      query: () => ({ url: '/tools_models_without_pictures', cache: 'no-store' }),
    }),
    fixModelPictures: build.mutation<{ readonly pictures: number }, number>({
      query: (modelId) => ({ url: '/tools_model_fix_pictures', method: 'POST', body: { modelId } }),
      invalidatesTags: [{ type: 'Catalog', id: 'tool_model' }],
    }),
    checkTraits: build.mutation<{ readonly toolsAll: readonly ToolRef[]; readonly toolsWithoutModel: readonly ToolRef[]; readonly toolsWithoutTraits: readonly ToolRef[] }, number>({
      query: (regionId) => ({ url: '/tools_check_traits', params: { regionId: String(regionId) }, cache: 'no-store' }),
    }),
    startCopyTraits: build.mutation<{ readonly jobId: string; readonly total: number }, number>({
      query: (regionId) => ({ url: '/tools_copy_traits', method: 'POST', body: { regionId } }),
    }),
    copyTraitsJob: build.query<CopyJobView, string>({
      query: (jobId) => ({ url: `/tools_copy_traits/${jobId}`, cache: 'no-store' }),
    }),
  }),
});

export const { useModelsWithoutPicturesMutation, useFixModelPicturesMutation, useCheckTraitsMutation, useStartCopyTraitsMutation, useCopyTraitsJobQuery } = toolsCheckApi;
