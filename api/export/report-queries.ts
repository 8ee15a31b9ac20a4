import type { DatabasePool } from 'slonik';
import type { UnitScope } from '../../domain/rights/scope';
import { requestBatches, type RequestListRow } from '../../projections/request/list/queries';
import type { RequestFilter } from '../../domain/request/list-filter';
import { toolBatches, type ToolRow, type ToolSearch } from '../../projections/tool/list/queries';
import { courtReportQueries, type ReportQuery } from '../../projections/report/queries';
import type { CourtReportId } from '../../domain/report/court/reports';
import { technicalDocumentQueries, type ObjectDocumentQuery } from '../../projections/report/technical-queries';
import type { TechnicalDocumentId } from '../../domain/report/technical/documents';

/**
 * The data queries the report registry (domain/report/registry.ts) names, wired to the read
 * models: a report's `query` is a key of this table.
 */
export const reportQueries: {
  readonly requestList: (pool: DatabasePool, filter: RequestFilter, scope: UnitScope, batchSize: number) => AsyncIterable<RequestListRow[]>;
  readonly toolList: (pool: DatabasePool, search: ToolSearch, batchSize: number) => AsyncIterable<ToolRow[]>;
} & Readonly<Record<CourtReportId, ReportQuery>> & Readonly<Record<TechnicalDocumentId, ObjectDocumentQuery>> = {
  requestList: requestBatches,
  toolList: toolBatches,
  // The court reports (issue 15), run as jobs by api/routes/report.ts.
  ...courtReportQueries,
  // The technical documents of one object (issue 15), run as jobs by the same route.
  ...technicalDocumentQueries,
};
