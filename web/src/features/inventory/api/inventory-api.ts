import type { InventoryItemRow, InventoryRoundRow, InventoryScanInput, InventoryTool, ScanResult } from '@domain/inventory';
import type { FetchArgs } from '@reduxjs/toolkit/query/react';
import { api } from '@/lib/api';
import { saveDownload } from '@/lib/download';

export interface InventoryRoundAnswer {
  readonly round: InventoryRoundRow & { readonly signers: ReadonlyArray<{ post: string; name: string }> };
  readonly items: InventoryItemRow[];
}

/** The inventory rounds' calls; a scan, a move or a finish reloads the round (and a move the tools). */
export const inventoryApi = api.injectEndpoints({
  endpoints: (build) => ({
    inventoryRounds: build.query<{ rounds: InventoryRoundRow[] }, void>({
      query: () => '/inventory',
      providesTags: ['ToolList'],
    }),
    inventoryRound: build.query<InventoryRoundAnswer, number>({
      query: (id) => `/inventory/${id}`,
      providesTags: (_r, _e, id) => [{ type: 'Tool', id: `inventory-${id}` }],
    }),
    startInventory: build.mutation<{ id: number }, { unit_ids: number[] }>({
      query: (body) => ({ url: '/inventory', method: 'POST', body }),
      invalidatesTags: ['ToolList'],
    }),
    scanInventory: build.mutation<{ recorded: boolean; result: ScanResult | null; tool: InventoryTool | null }, { id: number; body: InventoryScanInput }>({
      query: ({ id, body }) => ({ url: `/inventory/${id}/scan`, method: 'POST', body }),
      invalidatesTags: (_r, _e, { id }) => [{ type: 'Tool', id: `inventory-${id}` }],
    }),
    moveInventory: build.mutation<{ id: number }, { id: number; tool_id: number; move: boolean }>({
      query: ({ id, ...body }) => ({ url: `/inventory/${id}/move`, method: 'POST', body }),
      invalidatesTags: (_r, _e, { id }) => [{ type: 'Tool', id: `inventory-${id}` }, 'ToolList'],
    }),
    finishInventory: build.mutation<{ id: number }, { id: number; signers: Array<{ post: string; name: string }> }>({
      query: ({ id, signers }) => ({ url: `/inventory/${id}/finish`, method: 'POST', body: { signers } }),
      invalidatesTags: (_r, _e, { id }) => [{ type: 'Tool', id: `inventory-${id}` }, 'ToolList'],
    }),
    /** GET /api/inventory/{id}/statement: the finished round's statement (docx), saved as a download. */
    inventoryStatement: build.mutation<{ fileName: string }, number>({
      query: (id): FetchArgs => ({
        url: `/inventory/${id}/statement`,
        responseHandler: async (response: Response) => {
          if (!response.ok) return response.json().catch(() => null);
          return { fileName: await saveDownload(response, `Инвентаризационная ведомость № ${id}.docx`) };
        },
        cache: 'no-store',
      }),
    }),
  }),
});

export const {
  useInventoryStatementMutation,
  useInventoryRoundsQuery,
  useInventoryRoundQuery,
  useStartInventoryMutation,
  useScanInventoryMutation,
  useMoveInventoryMutation,
  useFinishInventoryMutation,
} = inventoryApi;
