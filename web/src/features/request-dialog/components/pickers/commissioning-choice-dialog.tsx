import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListSubheader from '@mui/material/ListSubheader';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useMemo, useState } from 'react';
import { AppDialog } from '@/components';
import { useToolsForCommissioningQuery } from '../../api/request-dialog-api';
import type { ToolRow } from '../../api/types';

export interface CommissioningChoiceDialogProps {
  readonly unitId: number | null;
  /** Tools already in the request are not offered again. */
  readonly chosenIds: readonly number[];
  readonly onChoose: (tools: ToolRow[]) => void;
  readonly onClose: () => void;
}

interface Choice {
  readonly key: string;
  readonly label: string;
  readonly tools: ToolRow[];
}

/**
 * Equipment for commissioning (requests.md 2.5): sets awaiting balance and tools not in sets, with
 * checkboxes and select-all; 'Выбрать' works only with a selection. A set brings all its tools.
 */
export const CommissioningChoiceDialog = ({ unitId, chosenIds, onChoose, onClose }: CommissioningChoiceDialogProps) => {
  const { data, isLoading } = useToolsForCommissioningQuery(unitId ?? skipToken);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const choices = useMemo(() => {
    const fresh = (tools: ToolRow[]) => tools.filter((t) => !chosenIds.includes(t.id));
    const sets: Choice[] = (data?.toolsSets ?? [])
      .map((s) => ({ key: `set-${s.id}`, label: `Комплект ${s.tool_set_name ?? s.buh_name ?? ''} (инв. № ${s.inventar_number})`, tools: fresh(s.tools) }))
      .filter((c) => c.tools.length > 0);
    const tools: Choice[] = fresh(data?.tools ?? []).map((t) => ({ key: `tool-${t.id}`, label: t.title, tools: [t] }));
    return { sets, tools, all: [...sets, ...tools] };
  }, [data, chosenIds]);

  const toggle = (key: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  const allChosen = choices.all.length > 0 && choices.all.every((c) => selected.has(c.key));
  const row = (c: Choice) => (
    <ListItem key={c.key} disablePadding>
      <FormControlLabel control={<Checkbox checked={selected.has(c.key)} onChange={() => toggle(c.key)} />} label={c.label} />
    </ListItem>
  );

  return (
    <AppDialog
      open
      title="Выбор оборудования для ввода в эксплуатацию"
      onClose={onClose}
      actions={
        <>
          <Button
            variant="contained"
            disabled={selected.size === 0}
            onClick={() => onChoose(choices.all.filter((c) => selected.has(c.key)).flatMap((c) => c.tools))}
          >
            Выбрать
          </Button>
          <Button onClick={onClose}>Отменить</Button>
        </>
      }
    >
      {isLoading ? (
        <CircularProgress aria-label="Загрузка" />
      ) : choices.all.length === 0 ? (
        <Typography color="text.secondary">Нет оборудования, ожидающего ввода в эксплуатацию</Typography>
      ) : (
        <Stack>
          <FormControlLabel
            control={
              <Checkbox
                checked={allChosen}
                indeterminate={selected.size > 0 && !allChosen}
                onChange={() => setSelected(allChosen ? new Set() : new Set(choices.all.map((c) => c.key)))}
              />
            }
            label="Выбрать все"
          />
          <List dense>
            {choices.sets.length > 0 && <ListSubheader>Комплекты, ожидающие ввода в эксплуатацию</ListSubheader>}
            {choices.sets.map(row)}
            {choices.tools.length > 0 && <ListSubheader>Оборудование вне комплектов</ListSubheader>}
            {choices.tools.map(row)}
          </List>
        </Stack>
      )}
    </AppDialog>
  );
};
