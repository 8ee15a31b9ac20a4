import { api } from '@/lib/api';

export interface UnitsImportCounts {
  readonly created: number;
  readonly updated: number;
  readonly unchanged: number;
  readonly bad: number;
}

export interface UnitsImportAnswer {
  readonly imported: boolean;
  readonly message?: string;
  readonly counts: UnitsImportCounts;
  readonly bad: ReadonlyArray<{ line: number; text: string; reason: string }>;
}

/** POST /api/units_import { text, dryRun } (administration.md 2.10): the preview, then the import. */
export const unitsImportApi = api.injectEndpoints({
  endpoints: (build) => ({
    importUnits: build.mutation<UnitsImportAnswer, { text: string; dryRun: boolean }>({
      query: (body) => ({ url: '/units_import', method: 'POST', body }),
      invalidatesTags: (answer) => (answer?.imported ? ['Organizations', 'Units'] : []),
    }),
  }),
});

export const { useImportUnitsMutation } = unitsImportApi;
