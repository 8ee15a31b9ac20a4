import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { ReportDefinition } from '@domain/report/registry';
import { supplyKindTitles } from '@domain/report/court/constants';
import { defaultPeriod, type ReportParametersInput } from '@domain/report/court/parameters';
import { documentYears } from '@domain/report/technical/documents';
import { AppDialog, DateInput } from '@/components';
import { selectCurrentUser } from '@/lib/session';
import { useAppSelector } from '@/lib/store';
import { apiErrorText } from '@/lib/api';
import { catalogItemTitle, useCatalogQuery, useOrganizationsQuery } from '@/lib/references';
import { useCancelReportMutation, useDownloadReportMutation, useReportJobQuery, useStartReportMutation } from '../api/report-api';
import { ReportPreview } from './report-preview';
import { ObjectDocumentFields, type ObjectDocumentValues } from './object-document-fields';

const POLL_MS = 400;

export interface ReportDialogProps {
  readonly report: ReportDefinition;
  readonly open: boolean;
  readonly onClose: () => void;
  /** The user's own region, chosen first. */
  readonly defaultRegionId?: number | null;
}

/**
 * A report's dialog (equipment.md 2, 5; administration.md 2.10; decisions 87–96): persistent, 700 px, the
 * fields its registry entry names (a court report: region or all regions, balance holder, dates,
 * supply kind; a technical document: object, two signers, year), checked by the report's own schema
 * before the call; 'Сформировать' starts the job, the bar shows its phase and rows done of total
 * (cancellable), then the preview and 'Скачать' (a technical document downloads as soon as it is
 * ready and the dialog closes).
 */
export const ReportDialog = ({ report, open, onClose, defaultRegionId }: ReportDialogProps) => {
  const fields = report.dialog;
  // Region filters default to the current user's region (equipment.md 1).
  const userRegion = useAppSelector(selectCurrentUser)?.region_id ?? null;
  const ownRegion = defaultRegionId === undefined ? userRegion : defaultRegionId;
  const objectDocument = report.objectDocument;
  const format = report.formats[0] ?? 'xlsx';
  const [values, setValues] = useState<ReportParametersInput>(() => ({
    region_id: fields?.region === 'all' ? null : ownRegion,
    all_regions: fields?.region === 'all',
    balance_holder_id: null,
    supply_kind: null,
    ...defaultPeriod(),
  }));
  const years = useMemo(() => documentYears(new Date()), []);
  const [documentValues, setDocumentValues] = useState<ObjectDocumentValues>(() => ({ unit_id: '', iac_signer_id: '', unit_signer_id: '', year: years[0]! }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [jobId, setJobId] = useState<string | null>(null);
  const [start, { isLoading: starting, error: startError }] = useStartReportMutation();
  const [cancel] = useCancelReportMutation();
  const [download, { isLoading: downloading }] = useDownloadReportMutation();
  const [stopped, setStopped] = useState<string | null>(null);
  const { data: job } = useReportJobQuery(jobId ?? skipToken, { pollingInterval: jobId !== null && stopped !== jobId ? POLL_MS : 0 });
  const { data: regions } = useCatalogQuery(open && fields && fields.region !== 'all' ? 'regions' : skipToken);
  const { data: organizations } = useOrganizationsQuery(open && fields?.balanceHolder ? undefined : skipToken);
  const running = starting || (jobId !== null && (!job || job.state === 'running' || job.state === 'waiting'));

  useEffect(() => {
    if (job && job.state !== 'running' && job.state !== 'waiting') queueMicrotask(() => setStopped(job.jobId));
  }, [job]);

  // A technical document has nothing to look at before its file: it downloads once ready, then the dialog closes.
  const fetched = useRef<string | null>(null);
  useEffect(() => {
    if (!objectDocument || job?.state !== 'done' || fetched.current === job.jobId) return;
    fetched.current = job.jobId;
    void download({ jobId: job.jobId, fallbackName: job.fileName ?? `${report.title}.${format}` }).then((r) => {
      if ('data' in r && r.data) onClose();
    });
  }, [objectDocument, job, download, onClose, report.title, format]);

  const holders = useMemo(
    () => (organizations ?? []).filter((o) => (o as { is_host?: boolean }).is_host && o.region_id === values.region_id).sort((a, b) => a.name.localeCompare(b.name, 'ru')),
    [organizations, values.region_id],
  );
  const set = (patch: Partial<ReportParametersInput>) => setValues((v) => ({ ...v, ...patch }));

  const generate = async () => {
    const parameters = objectDocument ? documentValues : values;
    const parsed = report.parameters.safeParse(parameters);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    const r = await start({ reportId: report.id, parameters });
    if ('data' in r && r.data) setJobId(r.data.jobId);
  };
  const close = () => {
    if (jobId && running) void cancel(jobId);
    onClose();
  };
  const allRegions = fields?.region === 'all' || Boolean(values.all_regions);
  const percent = job && job.total > 0 ? Math.min(100, (job.done / job.total) * 100) : 0;

  return (
    <AppDialog
      open={open}
      title={report.title}
      actions={
        <>
          {job?.state === 'done' ? (
            <Button variant="contained" disabled={downloading} onClick={() => void download({ jobId: job.jobId, fallbackName: job.fileName ?? `${report.title}.${format}` })}>
              Скачать
            </Button>
          ) : (
            <Button variant="contained" disabled={running} onClick={() => void generate()}>
              Сформировать
            </Button>
          )}
          {running && jobId ? (
            <Button onClick={() => void cancel(jobId)}>Отменить формирование</Button>
          ) : null}
          <Button onClick={close}>Отмена</Button>
        </>
      }
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        {objectDocument && <ObjectDocumentFields values={documentValues} setValues={setDocumentValues} errors={errors} disabled={running} years={years} />}
        {fields && fields.region !== 'all' && (
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <TextField
              select
              label="Регион"
              value={values.region_id ?? ''}
              disabled={running || allRegions}
              error={Boolean(errors.region_id)}
              helperText={errors.region_id}
              onChange={(e) => set({ region_id: e.target.value === '' ? null : Number(e.target.value), balance_holder_id: null, all_regions: false })}
              sx={{ flexGrow: 1 }}
            >
              {(regions ?? []).map((r) => (
                <MenuItem key={r.id} value={r.id}>{catalogItemTitle('regions', r)}</MenuItem>
              ))}
            </TextField>
            {fields.region === 'choice' && (
              <FormControlLabel
                label="Все регионы"
                control={<Checkbox checked={Boolean(values.all_regions)} disabled={running} onChange={(e) => set({ all_regions: e.target.checked, ...(e.target.checked ? { region_id: null, balance_holder_id: null } : {}) })} />}
              />
            )}
          </Stack>
        )}
        {fields?.balanceHolder && (
          <TextField
            select
            label="Балансодержатель"
            value={values.balance_holder_id ?? ''}
            disabled={running || allRegions}
            error={Boolean(errors.balance_holder_id)}
            helperText={errors.balance_holder_id}
            onChange={(e) => set({ balance_holder_id: e.target.value === '' ? null : Number(e.target.value) })}
          >
            {holders.map((o) => (
              <MenuItem key={o.id} value={o.id}>{o.name}</MenuItem>
            ))}
          </TextField>
        )}
        {fields?.supplyKind && (
          <TextField
            select
            label="Вид поставки"
            value={values.supply_kind ?? ''}
            disabled={running}
            error={Boolean(errors.supply_kind)}
            helperText={errors.supply_kind}
            onChange={(e) => set({ supply_kind: e.target.value === '' ? null : (Number(e.target.value) as 1 | 2) })}
          >
            {Object.entries(supplyKindTitles).map(([id, title]) => (
              <MenuItem key={id} value={Number(id)}>{title}</MenuItem>
            ))}
          </TextField>
        )}
        {fields?.dates && (
          <Stack direction="row" spacing={2}>
            {/* The product's DD.MM.YYYY field (masked digits and a calendar), never the browser's own date input. */}
            <DateInput label="Дата начала" name="date_beg" value={values.date_beg ?? null} disabled={running} error={errors.date_beg} fullWidth
              onChange={(iso) => set({ date_beg: iso })} />
            <DateInput label="Дата окончания" name="date_end" value={values.date_end ?? null} disabled={running} error={errors.date_end} fullWidth
              onChange={(iso) => set({ date_end: iso })} />
          </Stack>
        )}
        {startError && <Alert severity="error">{apiErrorText(startError)}</Alert>}
        {job && (job.state === 'running' || job.state === 'waiting') && (
          <Stack spacing={0.5} data-testid="report-progress">
            <LinearProgress variant={job.total > 0 ? 'determinate' : 'indeterminate'} value={percent} />
            <Typography variant="body2">{`${job.phase}: ${job.done} из ${job.total}`}</Typography>
          </Stack>
        )}
        {job?.state === 'cancelled' && <Alert severity="info">Формирование отчета отменено</Alert>}
        {job?.state === 'failed' && <Alert severity="error">{job.error ?? 'Не удалось сформировать отчет'}</Alert>}
        {job?.state === 'done' && job.preview && <ReportPreview preview={job.preview} />}
      </Stack>
    </AppDialog>
  );
};
