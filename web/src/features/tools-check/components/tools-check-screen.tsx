import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useCatalogQuery } from '@/lib/references';
import { selectCurrentUser } from '@/lib/session';
import { useAppSelector } from '@/lib/store';
import { useCheckTraitsMutation, useCopyTraitsJobQuery, useFixModelPicturesMutation, useModelsWithoutPicturesMutation, useStartCopyTraitsMutation } from '../api/tools-check-api';

/** 'Проверка моделей оборудования': Check, the count without images, Find images, a result line. */
const ModelsCheck = () => {
  const [check, { data, isLoading }] = useModelsWithoutPicturesMutation();
  const [fix] = useFixModelPicturesMutation();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<string | null>(null);
  const models = data?.toolsModelsWithoutPictures ?? null;
  const findPictures = async () => {
    if (!models) return;
    setBusy(true);
    let found = 0;
    let fixed = 0;
    for (const m of models) {
      try {
        const r = await fix(m.id).unwrap();
        found += r.pictures;
        if (r.pictures > 0) fixed++;
      } catch {
        // Model check errors are logged only (equipment.md 8).
      }
    }
    setBusy(false);
    setResult(`Найдено изображений: ${found}, моделей с изображениями: ${fixed}`);
    void check();
  };
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack spacing={1.5}>
        <Typography variant="h6">Проверка моделей оборудования</Typography>
        {(isLoading || busy) && <LinearProgress />}
        <Stack direction="row" spacing={1}>
          <Button variant="contained" onClick={() => void check()} disabled={isLoading || busy}>
            Проверить
          </Button>
          <Button onClick={() => void findPictures()} disabled={!models || models.length === 0 || busy}>
            Найти изображения
          </Button>
        </Stack>
        {models && <Typography data-testid="models-without-pictures">{`Моделей без изображений: ${models.length}`}</Typography>}
        {result && <Typography>{result}</Typography>}
      </Stack>
    </Paper>
  );
};

/** 'Проверка оборудования': region, Check, the results, and the copy of characteristics with a progress bar. */
const ToolsCheck = () => {
  const { data: regions } = useCatalogQuery('regions');
  // Region filters default to the current user's region (equipment.md 1).
  const userRegion = useAppSelector(selectCurrentUser)?.region_id ?? null;
  const [regionId, setRegionId] = useState(() => (userRegion === null ? '' : String(userRegion)));
  const [check, { data, isLoading }] = useCheckTraitsMutation();
  const [start, { isLoading: starting }] = useStartCopyTraitsMutation();
  const [jobId, setJobId] = useState<string | null>(null);
  const { data: job } = useCopyTraitsJobQuery(jobId ?? '', { skip: jobId === null, pollingInterval: jobId ? 1000 : 0 });
  const running = job?.state === 'running';
  const copy = async () => {
    try {
      const r = await start(Number(regionId)).unwrap();
      setJobId(r.jobId);
    } catch {
      // The red notice is the base query's.
    }
  };
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack spacing={1.5}>
        <Typography variant="h6">Проверка оборудования</Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <TextField select size="small" label="Регион" value={regionId} onChange={(e) => setRegionId(e.target.value)} sx={{ minWidth: 260 }}>
            {(regions ?? []).map((r) => (
              <MenuItem key={r.id} value={String(r.id)}>
                {String(r.title)}
              </MenuItem>
            ))}
          </TextField>
          <Button variant="contained" disabled={!regionId || isLoading} onClick={() => void check(Number(regionId))}>
            Проверить
          </Button>
          <Button disabled={!regionId || starting || running} onClick={() => void copy()}>
            Копировать характеристики
          </Button>
        </Stack>
        {isLoading && <LinearProgress />}
        {data && (
          <Typography data-testid="tools-check-result">
            {`Всего оборудования: ${data.toolsAll.length}; без модели: ${data.toolsWithoutModel.length}; без характеристик: ${data.toolsWithoutTraits.length}`}
          </Typography>
        )}
        {job && (
          <Stack spacing={0.5}>
            <LinearProgress variant="determinate" value={job.total ? (job.done / job.total) * 100 : 100} />
            <Typography>{`Обработано ${job.done} из ${job.total}; скопировано: ${job.copied}; ошибок: ${job.failed}${job.state === 'done' ? ' — готово' : ''}`}</Typography>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
};

/** /tools-check: the two registry checks of the Administration menu (equipment.md 2). */
export const ToolsCheckScreen = ({ show }: { readonly show: 'models' | 'tools' | 'all' }) => (
  <Box sx={{ p: { xs: 1, sm: 2 } }}>
    <Stack spacing={2}>
      {show !== 'tools' && <ModelsCheck />}
      {show !== 'models' && <ToolsCheck />}
    </Stack>
  </Box>
);
