import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { requestKindTitles } from '@domain/request/enums';
import { AppDialog } from '@/components';
import { catalogOptions, useCatalog } from '../../hooks/use-references';
import { enumOptions } from '../fields';
import { PlainSelect } from './plain-select';

export interface TypicalFaultDialogProps {
  readonly open: boolean;
  /** Preset filters: the request's type and its tool's kind. */
  readonly requestKindId: number | null;
  readonly toolKindId: number | null;
  readonly onPick: (text: string) => void;
  readonly onClose: () => void;
}

const idsOf = (v: unknown): number[] => (Array.isArray(v) ? v.map(Number) : []);

/** Typical faults (common_disrepairs) filtered by request type and tool kind; a click picks the text. */
export const TypicalFaultDialog = ({ open, requestKindId, toolKindId, onPick, onClose }: TypicalFaultDialogProps) => {
  const [kind, setKind] = useState(requestKindId);
  const [toolKind, setToolKind] = useState(toolKindId);
  const faults = useCatalog('common_disrepairs');
  const toolKinds = useCatalog('tool_kind');
  const shown = useMemo(
    () =>
      faults.filter(
        (f) =>
          (kind === null || f.request_kind_id == null || Number(f.request_kind_id) === kind) &&
          (toolKind === null || idsOf(f.common_disrepair_tool_kinds).length === 0 || idsOf(f.common_disrepair_tool_kinds).includes(toolKind)),
      ),
    [faults, kind, toolKind],
  );
  return (
    <AppDialog open={open} title="Типовые неисправности" onClose={onClose} actions={<Button onClick={onClose}>Закрыть</Button>}>
      <Stack spacing={2}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <PlainSelect label="Тип заявки" value={kind} options={enumOptions(requestKindTitles)} onChange={setKind} />
          <PlainSelect label="Вид оборудования" value={toolKind} options={catalogOptions('tool_kind', toolKinds)} onChange={setToolKind} />
        </Stack>
        <List dense aria-label="Типовые неисправности">
          {shown.map((f) => (
            <ListItemButton key={f.id} onClick={() => onPick(String(f.description ?? ''))}>
              <ListItemText primary={String(f.description ?? '')} />
            </ListItemButton>
          ))}
        </List>
        {shown.length === 0 && <Typography color="text.secondary">Типовые неисправности не найдены</Typography>}
      </Stack>
    </AppDialog>
  );
};
