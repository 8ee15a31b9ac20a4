import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useState } from 'react';
import { AppDialog } from '@/components';
import { useExecutorsQuery } from '../../api/request-dialog-api';

export interface ExecutorPickerDialogProps {
  /** The region of the request's object: its branch engineers are offered. */
  readonly regionId: number | null;
  /** Hot line staff instead of branch engineers. */
  readonly hotline: boolean;
  readonly assigned: readonly number[];
  readonly onAssign: (ids: number[]) => void;
  readonly onClose: () => void;
}

/** Executor picker (requests.md 2.5): a checkbox list of engineers or hot line staff. */
export const ExecutorPickerDialog = ({ regionId, hotline, assigned, onAssign, onClose }: ExecutorPickerDialogProps) => {
  const { data, isLoading } = useExecutorsQuery(regionId === null ? skipToken : { regionId, hotline });
  const [chosen, setChosen] = useState<readonly number[]>(assigned);
  const toggle = (id: number) => setChosen((c) => (c.includes(id) ? c.filter((x) => x !== id) : [...c, id]));
  return (
    <AppDialog
      open
      title="Назначить исполнителей"
      onClose={onClose}
      actions={
        <>
          <Button variant="contained" disabled={chosen.length === 0} onClick={() => onAssign([...chosen])}>
            Назначить
          </Button>
          <Button onClick={onClose}>Отменить</Button>
        </>
      }
    >
      {isLoading ? (
        <CircularProgress aria-label="Загрузка" />
      ) : (data ?? []).length === 0 ? (
        <Typography color="text.secondary">Нет доступных исполнителей</Typography>
      ) : (
        <Stack role="group" aria-label="Исполнители">
          {(data ?? []).map((e) => (
            <FormControlLabel
              key={e.id}
              control={<Checkbox checked={chosen.includes(e.id)} onChange={() => toggle(e.id)} />}
              label={e.organization_name ? `${e.fio} (${e.organization_name})` : e.fio}
            />
          ))}
        </Stack>
      )}
    </AppDialog>
  );
};
