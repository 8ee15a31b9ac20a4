import { api } from '@/lib/api';
import { saveBlob } from '@/lib/download';
import type {
  SaveAnswer,
  ToolCard,
  ToolHistoryRow,
  ToolKindTraits,
  ToolsSetFilter,
  ToolsSetPage,
  ToolsSetSaveBody,
  ToolsSetView,
} from './types';

const json = (value: unknown) => encodeURIComponent(JSON.stringify(value));

/** GET /api/tool_file/{toolId}/{fileId}: a stored file of the card. */
export const toolFilePath = (toolId: number, fileId: string) => `/tool_file/${toolId}/${encodeURIComponent(fileId)}`;

/**
 * A save changed tools: the card, the lists (tools and sets) refresh by their tags. A refused save
 * refreshes nothing: a refetched card would replace the form and drop the user's stale edits silently.
 */
const toolTags = (id: number | null) => [...(id === null ? [] : [{ type: 'Tool' as const, id }]), 'ToolList' as const, 'ToolsSet' as const];

/** The equipment card's and the sets' calls (equipment.md 7, decisions 41–47). */
export const toolCardApi = api.injectEndpoints({
  endpoints: (build) => ({
    toolCard: build.query<ToolCard, number>({
      query: (id) => `/tool_card/${id}`,
      transformResponse: (raw: { tool: ToolCard }) => raw.tool,
      providesTags: (_r, _e, id) => [{ type: 'Tool', id }],
    }),
    toolHistory: build.query<ToolHistoryRow[], number>({
      query: (id) => `/tool_history/${id}`,
      transformResponse: (raw: { toolHistory?: ToolHistoryRow[] }) => raw.toolHistory ?? [],
      providesTags: (_r, _e, id) => [{ type: 'Tool', id }],
    }),
    toolKindTraits: build.query<ToolKindTraits, { kindId: number; toolId: number | null }>({
      query: ({ kindId, toolId }) => `/tool_kind_traits/${json(toolId === null ? { kindId } : { kindId, toolId })}`,
    }),
    /** POST /api/tool or PUT /api/tool/{id}: multipart (tool, filesList, documents, pictures). */
    saveTool: build.mutation<SaveAnswer, { id: number | null; body: FormData }>({
      query: ({ id, body }) => ({ url: id === null ? '/tool' : `/tool/${id}`, method: id === null ? 'POST' : 'PUT', body }),
      invalidatesTags: (_r, error, { id }) => (error ? [] : toolTags(id)),
      extraOptions: { quiet: [400, 409] },
    }),
    /** PUT /api/tool_attr/{id}: with the place-edit right only the locations count. */
    saveToolAttr: build.mutation<{ message: string }, { id: number; tool: unknown }>({
      query: ({ id, tool }) => ({ url: `/tool_attr/${id}`, method: 'PUT', body: { tool } }),
      invalidatesTags: (_r, error, { id }) => (error ? [] : toolTags(id)),
      extraOptions: { quiet: [400, 409] },
    }),
    /** GET /api/tool_file/{toolId}/{fileId} saved as a download (pictures are shown through lib/blob-url). */
    downloadToolFile: build.mutation<null, { toolId: number; fileId: string; fileName: string }>({
      query: ({ toolId, fileId, fileName }) => ({
        url: toolFilePath(toolId, fileId),
        responseHandler: async (response: Response) => {
          if (!response.ok) return response.json().catch(() => null);
          saveBlob(await response.blob(), fileName);
          return null;
        },
      }),
    }),
    toolsSets: build.query<ToolsSetPage, { filter: ToolsSetFilter; page: number }>({
      query: ({ filter, page }) => `/tools_sets?filter=${json(filter)}&pageNumber=${page}`,
      providesTags: ['ToolsSet'],
    }),
    toolsSet: build.query<ToolsSetView, number>({
      query: (id) => `/tools_sets/${id}`,
      providesTags: (_r, _e, id) => [{ type: 'ToolsSet', id }],
    }),
    saveToolsSet: build.mutation<SaveAnswer, { id: number | null; body: ToolsSetSaveBody }>({
      query: ({ id, body }) => ({ url: id === null ? '/tools_sets' : `/tools_sets/${id}`, method: id === null ? 'POST' : 'PUT', body }),
      invalidatesTags: (_r, error) => (error ? [] : ['ToolsSet', 'ToolList', 'Tool']),
      extraOptions: { quiet: [400, 409] },
    }),
    deleteToolsSet: build.mutation<{ message: string }, number>({
      query: (id) => ({ url: `/tools_sets/${id}`, method: 'DELETE' }),
      invalidatesTags: ['ToolsSet', 'ToolList', 'Tool'],
    }),
  }),
});

export const {
  useToolCardQuery,
  useToolHistoryQuery,
  useToolKindTraitsQuery,
  useSaveToolMutation,
  useSaveToolAttrMutation,
  useDownloadToolFileMutation,
  useToolsSetsQuery,
  useToolsSetQuery,
  useSaveToolsSetMutation,
  useDeleteToolsSetMutation,
} = toolCardApi;
