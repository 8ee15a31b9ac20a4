import { requestListReport } from './request-list';
import { toolListReport } from './tool-list';
import type { ReportDefinition } from './types';
import { courtReports } from './court/reports';
import { technicalReports } from './technical/documents';

export type { ObjectDocumentSpec, ReportDefinition, ReportFileName, ReportFormat } from './types';
export { courtReports, type CourtReportId } from './court/reports';
export { technicalReports } from './technical/documents';

/**
 * Every report, one entry each: the two list exports, the 14 court reports and the five technical
 * documents of one object (decisions 87–96); one route and one job kind serve the last two groups by id.
 */
export const reports = [requestListReport, toolListReport, ...courtReports, ...technicalReports] as const satisfies readonly ReportDefinition[];

export type ReportId = (typeof reports)[number]['id'];

const byId = new Map<string, ReportDefinition>(reports.map((r) => [r.id, r]));
export const findReport = (id: string): ReportDefinition | undefined => byId.get(id);
