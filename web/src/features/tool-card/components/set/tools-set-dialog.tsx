import EditIcon from '@mui/icons-material/Edit';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import { zodResolver } from '@hookform/resolvers/zod';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useMemo, useState } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { hasFull } from '@domain/rights';
import { toolMessages } from '@domain/tool/schemas';
import { ownerTypeTitles, toolStateTitles, type ToolState } from '@domain/tool/states';
import { EditableRowsTable, FieldGrid, FormDateField, FormEditProvider, FormSelect, FormTextField, Wide, enumOptions, type FormEditContextValue } from '@/components/form';
import { apiErrorText, fieldErrorsOf, httpStatusOf, isFetchBaseQueryError, serverMessageOf } from '@/lib/api';
import { catalogItemTitle } from '@/lib/references';
import { selectRights } from '@/lib/session';
import { useAppSelector } from '@/lib/store';
import { useSaveToolsSetMutation, useToolsSetQuery } from '../../api/tool-card-api';
import type { ToolCardInputJson, ToolsSetView } from '../../api/types';
import { catalogOptions, unitOptions, useCatalog, useToolUnits } from '../../model/references';
import { memberOf, newSetValues, setFormSchema, setInputOf, setValuesOf, type SetFormValues } from '../../model/set-values';
import { localToday } from '../../model/validation';
import { ToolMemberDialog } from '../tool-card-dialog';
import { WideDialog } from '../wide-dialog';

export interface ToolsSetDialogProps {
  /** The set to open; null for a new one. */
  readonly setId: number | null;
  /** A new set filled from this one (copy: the ids of the set and its tools cleared). */
  readonly copyFromId?: number | null;
  readonly onClose: () => void;
  readonly onSaved?: (id: number) => void;
}

const setResolver: Resolver<SetFormValues> = (values, context, options) =>
  (zodResolver(setFormSchema(localToday()), undefined, { raw: true }) as unknown as Resolver<SetFormValues>)(values, context, options);
const ownerOptions = enumOptions(ownerTypeTitles);

interface Editing {
  /** The row being edited, or null for a new tool. */
  readonly index: number | null;
}

const SetEditor = ({ view, copy, onClose, onSaved }: { readonly view: ToolsSetView | null; readonly copy: boolean; readonly onClose: () => void; readonly onSaved?: (id: number) => void }) => {
  const rights = useAppSelector(selectRights);
  const write = hasFull(rights, 'RIGHT_TOOLS_WRITE');
  const units = useToolUnits();
  const setNames = useCatalog('tools_sets_names');
  const kinds = useCatalog('tool_kind');
  const manufacturers = useCatalog('manufacturer');
  const savedId = view && !copy ? view.toolsSet.id : null;
  const initial = useMemo(() => (view ? setValuesOf(view) : newSetValues(units.length === 1 ? (units[0]?.id ?? null) : null)), [view, units]);
  const form = useForm<SetFormValues>({ defaultValues: initial, resolver: setResolver, shouldFocusError: false });
  const [tools, setTools] = useState<ToolCardInputJson[]>(() =>
    (view?.tools ?? []).map((t) => (copy ? { ...memberOf(t), id: null, revision: undefined, tools_set_id: null } : memberOf(t))),
  );
  const oldToolsIds = useMemo(() => (copy ? [] : (view?.tools ?? []).map((t) => t.id)), [view, copy]);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [toolsError, setToolsError] = useState<string | null>(null);
  const [save, saveState] = useSaveToolsSetMutation();

  const edit = useMemo<FormEditContextValue>(
    () => ({
      isEditable: () => write,
      change: (path, value) => {
        form.setValue(path as 'unit_id', value as never, { shouldDirty: true });
        // Shown errors follow every change (also those of the 'Добавить оборудование' check).
        if (form.formState.isSubmitted || Object.keys(form.formState.errors).length > 0) void form.trigger();
      },
    }),
    [write, form],
  );

  // Adding a tool requires the set's fields to be valid first (equipment.md 2).
  const startAdd = async () => {
    if (await form.trigger()) setEditing({ index: null });
  };
  const returned = (tool: ToolCardInputJson) => {
    setToolsError(null);
    setTools((list) => (editing?.index == null ? [...list, tool] : list.map((t, i) => (i === editing.index ? { ...tool, id: t.id, revision: t.revision } : t))));
    setEditing(null);
  };

  const submit = form.handleSubmit(async (values) => {
    setNotice(null);
    if (tools.length === 0) return setToolsError(toolMessages.setEmpty);
    const toolsSet = setInputOf(values);
    const body = {
      toolsSet: { ...toolsSet, id: savedId, ...(view?.toolsSet.revision !== undefined && !copy ? { revision: view.toolsSet.revision } : {}) },
      tools: tools.map((t) => ({ ...t, unit_id: values.unit_id as number, tools_set_id: savedId })),
      oldToolsIds,
    };
    const result = await save({ id: savedId, body });
    if (result.data) {
      onSaved?.(savedId ?? result.data.id);
      return onClose();
    }
    if (!isFetchBaseQueryError(result.error)) return;
    const status = httpStatusOf(result.error);
    if (status === 400 || status === 409) {
      for (const [path, message] of Object.entries(fieldErrorsOf(result.error)))
        if (path in values) form.setError(path as keyof SetFormValues, { type: 'server', message });
      setNotice(serverMessageOf(result.error.data) ?? apiErrorText(result.error));
    }
  });

  const title = (name: 'tool_kind' | 'manufacturer', id: number) => {
    const list = name === 'tool_kind' ? kinds : manufacturers;
    const item = list.find((i) => i.id === id);
    return item ? catalogItemTitle(name, item) : '';
  };
  const editingTool = editing?.index == null ? null : (tools[editing.index] ?? null);
  const unitId = useWatch({ control: form.control, name: 'unit_id' });
  return (
    <WideDialog
      width={1200}
      title={<span data-testid="tools-set-title">{savedId !== null ? 'Комплект оборудования' : 'Новый комплект оборудования'}</span>}
      actions={
        <>
          {write && (
            <Button variant="contained" onClick={() => void submit()} disabled={saveState.isLoading}>
              Сохранить
            </Button>
          )}
          <Button onClick={onClose} disabled={saveState.isLoading}>
            Отмена
          </Button>
        </>
      }
    >
      <FormEditProvider form={form} edit={edit}>
        <Stack spacing={2}>
          {notice && (
            <Alert severity="error" onClose={() => setNotice(null)} data-testid="tools-set-notice">
              {notice}
            </Alert>
          )}
          <FieldGrid>
            <FormSelect<SetFormValues> name="unit_id" label="Объект" options={unitOptions(units)} />
            <FormTextField<SetFormValues> name="inventar_number" label="Инвентарный номер" />
            <FormSelect<SetFormValues> name="type_id" label="Вид комплекта" options={catalogOptions('tools_sets_names', setNames)} />
            <FormSelect<SetFormValues> name="owner_type_id" label="Принадлежность" options={ownerOptions} />
            <Wide>
              <FormTextField<SetFormValues> name="buh_name" label="Бухгалтерское наименование" multiline minRows={2} />
            </Wide>
            <FormDateField<SetFormValues> name="work_in_dt" label="Дата ввода в эксплуатацию" />
          </FieldGrid>
          <EditableRowsTable
            title="Оборудование комплекта"
            rows={tools}
            rowKey={(t, i) => t.id ?? `new-${i}`}
            columns={[
              { header: 'Вид оборудования', width: 200, cell: (t) => title('tool_kind', t.tool_kind_id) },
              { header: 'Производитель', width: 180, cell: (t) => title('manufacturer', t.manufacturer_id) },
              { header: 'Наименование', cell: (t) => t.model },
              { header: 'Серийный номер', width: 160, cell: (t) => t.serial_number },
              { header: 'Инвентарный номер', width: 160, cell: (t) => t.inventar_number ?? '' },
              { header: 'Состояние', width: 180, cell: (t) => toolStateTitles[t.state as ToolState] ?? '' },
              {
                header: '',
                width: 48,
                cell: (t, i) => (
                  <IconButton size="small" aria-label={`Изменить ${t.model} ${t.serial_number}`} onClick={() => setEditing({ index: i })}>
                    <EditIcon fontSize="small" />
                  </IconButton>
                ),
              },
            ]}
            editable={write}
            deleteLabel="Удалить оборудование из комплекта"
            onDelete={(i) => setTools((list) => list.filter((_t, j) => j !== i))}
            addLabel="Добавить оборудование"
            onAdd={() => void startAdd()}
            error={toolsError ?? undefined}
          />
        </Stack>
      </FormEditProvider>
      {editing && (
        <ToolMemberDialog tool={editingTool} unitId={unitId} toolsSetId={savedId} onReturn={returned} onClose={() => setEditing(null)} />
      )}
    </WideDialog>
  );
};

/**
 * The set dialog (equipment.md 2, 5): the set's fields and its tools, saved together by
 * POST/PUT /api/tools_sets { toolsSet, tools, oldToolsIds }.
 */
export const ToolsSetDialog = ({ setId, copyFromId = null, onClose, onSaved }: ToolsSetDialogProps) => {
  const sourceId = setId ?? copyFromId;
  const { data, error, isLoading } = useToolsSetQuery(sourceId ?? skipToken, { refetchOnMountOrArgChange: true });
  if (sourceId === null) return <SetEditor view={null} copy={false} onClose={onClose} onSaved={onSaved} />;
  if (data) return <SetEditor key={sourceId} view={data} copy={setId === null} onClose={onClose} onSaved={onSaved} />;
  return (
    <WideDialog width={1200} title="Комплект оборудования" actions={<Button onClick={onClose}>Закрыть</Button>}>
      <Stack sx={{ alignItems: 'center', py: 4 }}>{isLoading ? <CircularProgress aria-label="Загрузка" /> : <Alert severity="error">{apiErrorText(error)}</Alert>}</Stack>
    </WideDialog>
  );
};
