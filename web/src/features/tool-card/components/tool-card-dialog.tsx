import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useMemo } from 'react';
import { apiErrorText } from '@/lib/api';
import { useToolCardQuery } from '../api/tool-card-api';
import type { ToolCardInputJson } from '../api/types';
import { copiedValues, formValuesOf, newToolValues, type ToolFormValues } from '../model/form-values';
import { useToolUnits } from '../model/references';
import { ToolEditor } from './tool-editor';
import { WideDialog } from './wide-dialog';

export interface ToolCardDialogProps {
  /** The tool to open; null for a new one. */
  readonly toolId: number | null;
  /** A new tool filled from this one (copy). */
  readonly copyFromId?: number | null;
  readonly onClose: () => void;
  readonly onSaved?: (id: number) => void;
}

/** A new tool: in the user's only object when there is one. */
const NewTool = ({ onClose, onSaved }: Pick<ToolCardDialogProps, 'onClose' | 'onSaved'>) => {
  const units = useToolUnits();
  const only = units.length === 1 ? (units[0]?.id ?? null) : null;
  const initial = useMemo(() => newToolValues(only), [only]);
  return <ToolEditor key={String(only)} card={null} initial={initial} onClose={onClose} onSaved={onSaved} />;
};

/**
 * The equipment card dialog (equipment.md 2): a saved tool (GET /api/tool_card/{id}), a new one,
 * or a copy of `copyFromId` (a new tool with its fields; ids, serial, inventory and files cleared).
 */
export const ToolCardDialog = ({ toolId, copyFromId = null, onClose, onSaved }: ToolCardDialogProps) => {
  const sourceId = toolId ?? copyFromId;
  const { data, error, isLoading, refetch } = useToolCardQuery(sourceId ?? skipToken, { refetchOnMountOrArgChange: true });
  if (sourceId === null) return <NewTool onClose={onClose} onSaved={onSaved} />;
  if (data && toolId !== null)
    return <ToolEditor key={`${data.id}-${data.revision}`} card={data} initial={formValuesOf(data)} onClose={onClose} onSaved={onSaved} onReload={() => void refetch()} />;
  if (data) return <ToolEditor key={`copy-${data.id}`} card={null} initial={copiedValues(data)} onClose={onClose} onSaved={onSaved} />;
  return (
    <WideDialog title={toolId !== null ? 'Оборудование' : 'Новое оборудование'} actions={<Button onClick={onClose}>Закрыть</Button>}>
      <Stack sx={{ alignItems: 'center', py: 4 }}>{isLoading ? <CircularProgress aria-label="Загрузка" /> : <Alert severity="error">{apiErrorText(error)}</Alert>}</Stack>
    </WideDialog>
  );
};

export interface ToolMemberDialogProps {
  /** The set's tool to edit (as the set holds it) or null for a new one. */
  readonly tool: ToolCardInputJson | null;
  readonly unitId: number | null;
  readonly toolsSetId: number | null;
  readonly onReturn: (tool: ToolCardInputJson, values: ToolFormValues) => void;
  readonly onClose: () => void;
}

/** The card inside the set dialog: it returns the tool to the set, which saves them together. */
export const ToolMemberDialog = ({ tool, unitId, toolsSetId, onReturn, onClose }: ToolMemberDialogProps) => {
  const initial = useMemo(
    () => (tool ? { ...formValuesOf(tool), unit_id: unitId, tools_set_id: toolsSetId } : newToolValues(unitId, toolsSetId)),
    [tool, unitId, toolsSetId],
  );
  return <ToolEditor card={null} initial={initial} onReturn={onReturn} onClose={onClose} />;
};
