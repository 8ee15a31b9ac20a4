import { z } from 'zod';
import { isCalendarDate } from '../../shared/dates';
import { SupplyKind } from './constants';

/**
 * The report dialogs' parameters (equipment.md 2 and 5): one shape for every report; which fields a
 * dialog shows and requires is its `dialog` entry. Shared by the dialog (react-hook-form) and the
 * server (POST /api/reports/{id}).
 */

/** Which fields a report's dialog shows. */
export interface ReportDialogFields {
  /** 'choice': region or the all-regions box; 'required': a region, no all-regions box; 'all': neither (all regions). */
  readonly region: 'choice' | 'required' | 'all';
  readonly balanceHolder: boolean;
  readonly dates: boolean;
  readonly supplyKind: boolean;
}

export const reportMessages = {
  region: 'Нужно выбрать',
  balanceHolder: 'Нужно выбрать организацию',
  supplyKind: 'Нужно выбрать вид поставки',
  date: 'Укажите дату',
  dateFormat: 'Неверная дата',
  startFuture: 'Дата начала не может быть в будущем',
  order: 'Дата окончания раньше даты начала',
} as const;

// At most PostgreSQL's int4: a larger id finds nothing and must not reach a query as an overflow.
const id = z.number({ message: reportMessages.region }).int().positive().max(2_147_483_647, reportMessages.region);
const isoDate = z
  .string({ message: reportMessages.date })
  .min(1, reportMessages.date)
  .refine((s) => /^\d{4}-\d{2}-\d{2}$/.test(s) && isCalendarDate(s), reportMessages.dateFormat);

export const reportParametersShape = z.object({
  region_id: id.nullable().default(null),
  all_regions: z.boolean().default(false),
  balance_holder_id: z.number().int().positive().max(2_147_483_647, reportMessages.balanceHolder).nullable().default(null),
  date_beg: isoDate.nullable().default(null),
  date_end: isoDate.nullable().default(null),
  supply_kind: z.union([z.literal(SupplyKind.CENTRAL), z.literal(SupplyKind.FILIAL)], { message: reportMessages.supplyKind }).nullable().default(null),
});
export type ReportParameters = z.output<typeof reportParametersShape>;
export type ReportParametersInput = z.input<typeof reportParametersShape>;

/** Today as 'YYYY-MM-DD' in local time (the dialog's and the server's own day). */
export const todayIso = (now: Date = new Date()): string =>
  `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;

/** The default period: the whole current year (equipment.md 9). */
export const defaultPeriod = (now: Date = new Date()) => ({ date_beg: `${now.getFullYear()}-01-01`, date_end: `${now.getFullYear()}-12-31` });

/**
 * The schema of one dialog: the shape plus its rules (region unless all regions, balance holder
 * unless all regions, supply kind, dates with a start not in the future). `today` is read when
 * parsing, so a dialog left open over midnight judges by the new day.
 */
export const reportParametersSchema = (fields: ReportDialogFields, today: () => string = () => todayIso()) =>
  reportParametersShape.superRefine((p, ctx) => {
    const issue = (path: keyof ReportParameters, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    const allRegions = fields.region === 'all' || (fields.region === 'choice' && p.all_regions);
    if (fields.region === 'required' && p.all_regions) issue('all_regions', reportMessages.region);
    if (!allRegions && p.region_id == null) issue('region_id', reportMessages.region);
    if (fields.balanceHolder && !allRegions && p.balance_holder_id == null) issue('balance_holder_id', reportMessages.balanceHolder);
    if (fields.supplyKind && p.supply_kind == null) issue('supply_kind', reportMessages.supplyKind);
    if (fields.dates) {
      if (p.date_beg == null) issue('date_beg', reportMessages.date);
      if (p.date_end == null) issue('date_end', reportMessages.date);
      if (p.date_beg != null && p.date_beg > today()) issue('date_beg', reportMessages.startFuture);
      if (p.date_beg != null && p.date_end != null && p.date_end < p.date_beg) issue('date_end', reportMessages.order);
    }
  });

/** What the server works with after parsing: all regions resolved, the fields a dialog lacks emptied. */
export interface ResolvedReportParameters {
  readonly regionId: number | null;
  readonly balanceHolderId: number | null;
  readonly dateBeg: string;
  readonly dateEnd: string;
  readonly supplyKind: number | null;
}

export const resolveParameters = (fields: ReportDialogFields, p: ReportParameters, now: Date = new Date()): ResolvedReportParameters => {
  const allRegions = fields.region === 'all' || (fields.region === 'choice' && p.all_regions);
  const period = defaultPeriod(now);
  return {
    regionId: allRegions ? null : p.region_id,
    balanceHolderId: allRegions || !fields.balanceHolder ? null : p.balance_holder_id,
    dateBeg: fields.dates ? (p.date_beg ?? period.date_beg) : period.date_beg,
    dateEnd: fields.dates ? (p.date_end ?? period.date_end) : period.date_end,
    supplyKind: fields.supplyKind ? p.supply_kind : null,
  };
};
