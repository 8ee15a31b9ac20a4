import type { FetchArgs } from '@reduxjs/toolkit/query/react';
import { z } from 'zod';
import { saveDownload } from '@/lib/download';
import type { ExportFormat, RegistryPage } from './types';

/**
 * A registry's two calls, as endpoint definitions its feature's api module injects:
 * `build.query<RegistryPage<Row>, Query>(registryPageQuery(…))` and
 * `build.mutation<RegistryExportResult, RegistryExportArgs<Query>>(registryExport(…))`.
 * The filter travels as JSON in a path segment, as the server reads `/api/{list}/{json}`.
 */

export const filterPath = (filter: object) => encodeURIComponent(JSON.stringify(filter));

const answerSchema = <Row,>(row: z.ZodType<Row, z.ZodTypeDef, unknown>) =>
  z.object({ rows: z.array(row), pagesCount: z.number(), itemsCount: z.number() });

/**
 * GET {path}/{filter json with pageNumber} -> { [rowsKey]: rows, pagesCount, itemsCount }, each row
 * checked by its zod schema; `pageNumber` says which page the rows are.
 */
export const registryPageQuery = <Row, Query extends { readonly pageNumber?: unknown }>(
  path: string,
  rowsKey: string,
  row: z.ZodType<Row, z.ZodTypeDef, unknown>,
) => {
  const answer = answerSchema(row);
  return {
    query: (filter: Query) => `${path}/${filterPath(filter)}`,
    transformResponse: (raw: unknown, _meta: unknown, filter: Query): RegistryPage<Row> => {
      const body = z.record(z.unknown()).parse(raw);
      const page = answer.parse({ rows: body[rowsKey], pagesCount: body.pagesCount, itemsCount: body.itemsCount });
      const asked = typeof filter.pageNumber === 'number' ? filter.pageNumber : 1;
      return { ...page, pageNumber: Math.max(1, Math.min(asked, page.pagesCount)) };
    },
  };
};

export interface RegistryExportArgs<Query> {
  readonly format: ExportFormat;
  /** The whole filter (no page): the file has every row it finds. */
  readonly filter: Query;
}

export interface RegistryExportResult {
  /** The file's name from Content-Disposition. */
  readonly fileName: string;
}

/**
 * GET {path}/{xlsx|docx}/{filter json}: the whole filtered list as a file, saved as a download right
 * here (a Blob never enters the store); `fileName` names it when the server does not.
 */
export const registryExport = <Query,>(path: string, fileName: (format: ExportFormat) => string) => ({
  query: ({ format, filter }: RegistryExportArgs<Query>): FetchArgs => ({
    url: `${path}/${format}/${filterPath(filter as object)}`,
    responseHandler: async (response: Response) => {
      if (!response.ok) return response.json().catch(() => null);
      return { fileName: await saveDownload(response, fileName(format)) };
    },
    cache: 'no-store',
  }),
});
