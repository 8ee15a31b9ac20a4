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
import { NOT_FOUND_MARK, type ProtectedTool } from '@domain/tool-import/protect';
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

/** A protected tool and what will happen (confirmation) or happened (result) to it (issue 33). */
const protectedLine = (t: ProtectedTool, done: boolean): string => {
  const name = [t.model, `с/н ${t.serial_number}`, t.inventar_number ? `инв. № ${t.inventar_number}` : null].filter(Boolean).join(', ');
  const requests = t.requests.map((r) => `№ ${r.number ?? r.id}`).join(', ');
  const fate =
    t.outcome === 'updated'
      ? `${done ? 'обновлено' : 'будет обновлено'} по строке ${t.row ?? ''}`
      : `${done ? 'сохранено' : 'будет сохранено'} с отметкой «${NOT_FOUND_MARK}»`;
  return `${name} (заявки ${requests}): ${fate}`;
};

const ProtectedList = ({ tools, done, label }: { tools: readonly ProtectedTool[]; done: boolean; label: string }) => (
  <List dense sx={{ maxHeight: 240, overflow: 'auto' }} aria-label={label}>
    {tools.map((t) => (
      <ListItem key={t.id} sx={{ py: 0 }}>
        <Typography variant="body2">{protectedLine(t, done)}</Typography>
      </ListItem>
    ))}
  </List>
);

/**
 * 'Импорт из Excel' (equipment.md 2, 5): an object and an .xlsx file; the run shows a progress bar,
 * then a result panel with the sets and units added and every row error. Nothing is written while
 * any row has an error; the server replaces the object's registry in one piece. Tools live requests
 * name are listed for confirmation first (the server answers them with a token and writes nothing);
 * "Подтвердить импорт" sends the same file with the token, and the result says what became of each.
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

  const submit = async (confirmToken: string | null = null) => {
    setTouched(true);
    if (unitId === null || !file || !/\.xlsx$/i.test(file.name)) return;
    reset();
    setJobId(null);
    const r = await start({ unitId, file, confirmToken });
    if ('data' in r && r.data) setJobId(r.data.jobId);
  };

  const result = job?.state === 'done' ? job.result : null;
  const confirmToken = result?.confirmToken ?? null;
  // Another object or file: the list confirmed was of the run that asked.
  const choose = (apply: () => void) => {
    apply();
    if (confirmToken) setJobId(null);
  };
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
          {confirmToken ? (
            <>
              <Button onClick={() => setJobId(null)} disabled={running}>Отмена</Button>
              <Button variant="contained" onClick={() => void submit(confirmToken)} disabled={running}>Подтвердить импорт</Button>
            </>
          ) : (
            <Button variant="contained" onClick={() => void submit()} disabled={running}>Импортировать</Button>
          )}
        </>
      }
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <Autocomplete
          options={options}
          value={options.find((u) => u.id === unitId) ?? null}
          onChange={(_e, v) => choose(() => setUnitId(v?.id ?? null))}
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
              onChange={(e) => choose(() => setFile(e.target.files?.[0] ?? null))}
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
        {result && confirmToken && (
          <Box role="region" aria-label="Подтверждение импорта">
            <Alert severity="warning">{result.message}</Alert>
            <ProtectedList tools={result.protectedTools} done={false} label="Оборудование под незавершёнными заявками" />
          </Box>
        )}
        {result && !confirmToken && (
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
            {result.ok && result.protectedTools.length > 0 && (
              <>
                <Typography variant="body2" sx={{ mt: 1 }}>Оборудование под незавершёнными заявками не удалено:</Typography>
                <ProtectedList tools={result.protectedTools} done label="Сохранённое оборудование" />
              </>
            )}
          </Box>
        )}
      </Stack>
    </AppDialog>
  );
};
