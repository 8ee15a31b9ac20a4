import type { DatabasePool } from 'slonik';
import type { UnitScope } from '../../domain/rights/scope';
import { requestBatches } from '../../projections/request/list/queries';
import type { RequestListRow } from '../../domain/request/contracts';
import type { RequestFilter } from '../../domain/request/list-filter';
import { toolBatches, type ToolSearch } from '../../projections/tool/list/queries';
import type { ToolRow } from '../../domain/tool/contracts';
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
  // The court reports (decisions 87–96), run as jobs by api/routes/report.ts.
  ...courtReportQueries,
  // The technical documents of one object (decisions 87–96), run as jobs by the same route.
  ...technicalDocumentQueries,
};
