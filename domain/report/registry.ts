import { requestListReport } from './request-list';
import { toolListReport } from './tool-list';
import type { ReportDefinition } from './types';

export type { ReportDefinition, ReportFileName, ReportFormat } from './types';

/**
 * Every report, one entry each (the reports of issue 15 are added here): the reports screen lists
 * them and one route serves them by id.
 */
export const reports = [requestListReport, toolListReport] as const satisfies readonly ReportDefinition[];

export type ReportId = (typeof reports)[number]['id'];

const byId = new Map<string, ReportDefinition>(reports.map((r) => [r.id, r]));
export const findReport = (id: string): ReportDefinition | undefined => byId.get(id);
