import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { AppDialog } from '@/components';
import { apiErrorText } from '@/lib/api';
import { useUnitsQuery } from '@/lib/references';
import {
  useDownloadToolImportTemplateMutation,
  useStartToolImportMutation,
  useToolImportFinishedMutation,
  useToolImportJobQuery,
} from '../api/tool-import-api';

export interface ToolImportDialogProps {
  readonly open: boolean;
  readonly onClose: () => void;
}

const POLL_MS = 500;

/**
 * 'Импорт из Excel' (equipment.md 2, 5): an object and an .xlsx file; the run shows a progress bar,
 * then a result panel with the sets and units added and every row error. Nothing is written while
 * any row has an error; the server replaces the object's registry in one piece.
 */
export const ToolImportDialog = ({ open, onClose }: ToolImportDialogProps) => {
  const { data: units } = useUnitsQuery(open ? undefined : skipToken);
  const options = useMemo(() => [...(units ?? [])].sort((a, b) => a.name.localeCompare(b.name, 'ru')), [units]);
  const [unitId, setUnitId] = useState<number | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [touched, setTouched] = useState(false);
  const [jobId, setJobId] = useState<string | null>(null);
  const [start, { isLoading: starting, error: startError, reset }] = useStartToolImportMutation();
  const [finished] = useToolImportFinishedMutation();
  const [template] = useDownloadToolImportTemplateMutation();
  const fileInput = useRef<HTMLInputElement>(null);
  // Polls while the run is running; a finished run's answer no longer changes.
  const [stoppedJob, setStoppedJob] = useState<string | null>(null);
  const { data: job } = useToolImportJobQuery(jobId ?? skipToken, { pollingInterval: jobId !== null && stoppedJob !== jobId ? POLL_MS : 0 });
  const announced = useRef<string | null>(null);
  const running = starting || (jobId !== null && (!job || job.state === 'running'));

  useEffect(() => {
    if (!job || job.state === 'running' || announced.current === job.id) return;
    announced.current = job.id;
    // The list behind the dialog shows the new registry.
    if (job.result?.ok) void finished();
    queueMicrotask(() => setStoppedJob(job.id));
  }, [job, finished]);

  const fileError = touched && !file ? 'Выберите файл' : file && !/\.xlsx$/i.test(file.name) ? 'Файл должен быть в формате .xlsx' : null;
  const unitError = touched && unitId === null ? 'Выберите объект' : null;

  const submit = async () => {
    setTouched(true);
    if (unitId === null || !file || !/\.xlsx$/i.test(file.name)) return;
    reset();
    setJobId(null);
    const r = await start({ unitId, file });
    if ('data' in r && r.data) setJobId(r.data.jobId);
  };

  const result = job?.state === 'done' ? job.result : null;
  return (
    <AppDialog
      open={open}
      title="Импорт оборудования из Excel"
      onClose={running ? undefined : onClose}
      actions={
        <>
          <Button onClick={() => void template()} disabled={running}>Скачать шаблон</Button>
          <Box sx={{ flex: 1 }} />
          <Button onClick={onClose} disabled={running}>Закрыть</Button>
          <Button variant="contained" onClick={() => void submit()} disabled={running}>Импортировать</Button>
        </>
      }
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <Autocomplete
          options={options}
          value={options.find((u) => u.id === unitId) ?? null}
          onChange={(_e, v) => setUnitId(v?.id ?? null)}
          getOptionLabel={(u) => (u.vncode ? `${u.name} (${u.vncode})` : u.name)}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          disabled={running}
          renderInput={(params) => <TextField {...params} label="Объект" required error={!!unitError} helperText={unitError ?? ' '} />}
        />
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Button variant="outlined" component="label" disabled={running}>
            Выбрать файл
            <input
              ref={fileInput}
              hidden
              type="file"
              accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              aria-label="Файл .xlsx"
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            />
          </Button>
          <Typography color={fileError ? 'error' : 'text.secondary'}>{file ? file.name : 'Файл не выбран'}</Typography>
        </Stack>
        {fileError && <Typography color="error" variant="body2">{fileError}</Typography>}
        {running && (
          <Box aria-label="Ход импорта">
            <LinearProgress variant={job ? 'determinate' : 'indeterminate'} value={job?.progress.percent ?? 0} />
            <Typography variant="body2" sx={{ mt: 1 }}>
              {job?.progress.phase === 'writing' ? 'Запись в реестр…' : `Проверка строк… ${job?.progress.rowsRead ? `(${job.progress.rowsRead})` : ''}`}
            </Typography>
          </Box>
        )}
        {startError && <Alert severity="error">{apiErrorText(startError)}</Alert>}
        {job?.state === 'failed' && <Alert severity="error">{job.message ?? 'Не удалось выполнить импорт'}</Alert>}
        {result && (
          <Box role="region" aria-label="Результат импорта">
            {result.message ? (
              <Alert severity="error">{result.message}</Alert>
            ) : (
              <Alert severity={result.ok ? 'success' : 'error'}>
                {result.ok ? 'Импорт выполнен. ' : 'Импорт не выполнен: исправьте ошибки в файле. '}
                Добавлено комплектов: {result.setsAdded}, учетных единиц: {result.toolsAdded}, ошибок: {result.errorsCount}
              </Alert>
            )}
            {result.errors.length > 0 && (
              <List dense sx={{ maxHeight: 320, overflow: 'auto' }} aria-label="Ошибки импорта">
                {result.errors.map((e) => (
                  <ListItem key={e} sx={{ py: 0 }}>
                    <Typography variant="body2">{e}</Typography>
                  </ListItem>
                ))}
              </List>
            )}
            {result.errorsCount > result.errors.length && (
              <Typography variant="body2">…и ещё {result.errorsCount - result.errors.length}</Typography>
            )}
          </Box>
        )}
      </Stack>
    </AppDialog>
  );
};
