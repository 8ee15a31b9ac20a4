import { requestListReport } from './request-list';
import { toolListReport } from './tool-list';
import type { ReportDefinition } from './types';
import { courtReports } from './court/reports';

export type { ReportDefinition, ReportFileName, ReportFormat } from './types';
export { courtReports, type CourtReportId } from './court/reports';

/**
 * Every report, one entry each (the reports of issue 15 are added here): the reports screen lists
 * them and one route serves them by id.
 */
export const reports = [requestListReport, toolListReport, ...courtReports] as const satisfies readonly ReportDefinition[];

export type ReportId = (typeof reports)[number]['id'];

const byId = new Map<string, ReportDefinition>(reports.map((r) => [r.id, r]));
export const findReport = (id: string): ReportDefinition | undefined => byId.get(id);
