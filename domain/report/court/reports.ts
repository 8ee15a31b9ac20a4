import { formatDate } from '../../shared/dates';
import type { RightKey } from '../../rights/catalog';
import { RightValue } from '../../rights/values';
import { defineReport } from '../types';
import { reportParametersSchema, type ReportDialogFields, type ReportParameters } from './parameters';

/**
 * The court IT department's reports (decisions 87–96; equipment.md 2, 5, 9): each runs as a background
 * job from its dialog (POST /api/reports/{id}), needs FULL of its own report right and is built by
 * the query of the same id (projections/report). The documents of one object are entries of the same
 * registry (technical/documents.ts: `objectDocument`), started by the same route and job kind.
 */

const regionChoice = { region: 'choice', balanceHolder: false, dates: true, supplyKind: false } as const satisfies ReportDialogFields;
const regionRequired = { region: 'required', balanceHolder: false, dates: true, supplyKind: false } as const satisfies ReportDialogFields;

const period = (p: ReportParameters) => `с ${formatDate(p.date_beg)} по ${formatDate(p.date_end)}`;
const asciiPeriod = (p: ReportParameters) => `${p.date_beg ?? ''}_${p.date_end ?? ''}`;

const courtReport = <Id extends string>(
  id: Id,
  title: string,
  right: RightKey,
  dialog: ReportDialogFields,
  file: { display: (p: ReportParameters) => string; ascii: string },
  chart = false,
) =>
  defineReport({
    id,
    title,
    right: { key: right, values: [RightValue.FULL] },
    parameters: reportParametersSchema(dialog),
    query: id,
    formats: ['xlsx'],
    templates: {},
    dialog,
    chart,
    fileName: (p: ReportParameters) => ({ display: `${file.display(p)}.xlsx`, ascii: `${file.ascii}_${asciiPeriod(p)}.xlsx` }),
  });

export const enclosure1Report = courtReport(
  'enclosure-1', 'Приложение №1. Списания', 'RIGHT_REPORT_ENCLOSURE_1',
  { region: 'choice', balanceHolder: true, dates: true, supplyKind: false },
  { display: (p) => `Приложение №1. Списания за период ${period(p)}`, ascii: 'enclosure_1' },
);
export const enclosure2Report = courtReport(
  'enclosure-2', 'Приложение №2. Заявки по объектам КИИ и особым объектам', 'RIGHT_REPORT_ENCLOSURE_2',
  { region: 'choice', balanceHolder: true, dates: true, supplyKind: false },
  { display: (p) => `Приложение №2. Заявки за период ${period(p)}`, ascii: 'enclosure_2' },
  true,
);
export const enclosure3Report = courtReport(
  'enclosure-3', 'Приложение №3. Ввод в эксплуатацию', 'RIGHT_REPORT_ENCLOSURE_3',
  { region: 'choice', balanceHolder: true, dates: true, supplyKind: true },
  { display: (p) => `Приложение №3. Ввод в эксплуатацию за период ${period(p)}`, ascii: 'enclosure_3' },
);
export const archiveReport = courtReport(
  'archive', 'Журнал архива заявок', 'RIGHT_REPORT_ARCHIVE', regionRequired,
  { display: (p) => `Журнал архива заявок за период ${period(p)}`, ascii: 'archive' },
);
export const repair1Report = courtReport(
  'repair-1', 'Отчет по ремонтам 1', 'RIGHT_REPORT_REPAIR_1', regionChoice,
  { display: (p) => `Отчет по ремонтам 1 за период ${period(p)}`, ascii: 'repair_1' },
  true,
);
export const repair2Report = courtReport(
  'repair-2', 'Отчет по ремонтам 2', 'RIGHT_REPORT_REPAIR_2', regionChoice,
  { display: (p) => `Отчет по ремонтам 2 за период ${period(p)}`, ascii: 'repair_2' },
);
export const repair3Report = courtReport(
  'repair-3', 'Отчет по ремонтам 3', 'RIGHT_REPORT_REPAIR_3', regionChoice,
  { display: (p) => `Отчет по ремонтам 3 за период ${period(p)}`, ascii: 'repair_3' },
);
export const waitingRepairReport = courtReport(
  'waiting-repair', 'Количество оборудования, ожидающего ремонта', 'RIGHT_REPORT_WAITING_REPAIR', regionChoice,
  { display: (p) => `Оборудование, ожидающее ремонта, за период ${period(p)}`, ascii: 'waiting_repair' },
  true,
);
export const waitingRepairAgeReport = courtReport(
  'waiting-repair-age', 'Ожидающие ремонта: старше и моложе 5 лет', 'RIGHT_REPORT_WAITING_REPAIR_AGE', regionRequired,
  { display: (p) => `Ожидающие ремонта старше и моложе 5 лет за период ${period(p)}`, ascii: 'waiting_repair_age' },
  true,
);
export const warrantyReport = courtReport(
  'warranty', 'Гарантийные и постгарантийные ремонты', 'RIGHT_REPORT_WARRANTY', regionChoice,
  { display: (p) => `Гарантийные и постгарантийные ремонты за период ${period(p)}`, ascii: 'warranty' },
  true,
);
export const repairShortReport = courtReport(
  'repair-short', 'Краткая таблица ремонтов', 'RIGHT_REPORT_REPAIR_SHORT',
  { region: 'all', balanceHolder: false, dates: true, supplyKind: false },
  { display: (p) => `Краткая таблица ремонтов за период ${period(p)}`, ascii: 'repair_short' },
  true,
);
export const failuresReport = courtReport(
  'failures', 'Отчет об отказах', 'RIGHT_REPORT_FAILURES', regionChoice,
  { display: (p) => `Отчет об отказах за период ${period(p)}`, ascii: 'failures' },
  true,
);
export const subsystemsReport = courtReport(
  'subsystems', 'Отчет по подсистемам ГАС', 'RIGHT_REPORT_SUBSYSTEMS', regionChoice,
  { display: (p) => `Отчет по подсистемам ГАС за период ${period(p)}`, ascii: 'subsystems' },
  true,
);
export const hardware1Report = courtReport(
  'hardware-1', 'Отчет по оборудованию 1', 'RIGHT_REPORT_HARDWARE_1',
  { region: 'required', balanceHolder: false, dates: false, supplyKind: false },
  { display: () => 'Отчет по оборудованию 1', ascii: 'hardware_1' },
  true,
);

/** The reports of the menu Отчеты, in its order (administration.md 2.3). */
export const courtReports = [
  enclosure1Report, enclosure2Report, enclosure3Report, archiveReport, repair1Report, repair2Report, repair3Report,
  waitingRepairReport, waitingRepairAgeReport, warrantyReport, repairShortReport, failuresReport, subsystemsReport,
  hardware1Report,
] as const;
export type CourtReportId = (typeof courtReports)[number]['query'];
