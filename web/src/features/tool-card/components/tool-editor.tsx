import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { Suspense, useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { hasFull } from '@domain/rights';
import type { ToolState } from '@domain/tool/states';
import { ConfirmDialog } from '@/components';
import { FormEditProvider, type FormEditContextValue } from '@/components/form';
import { fieldErrorsOf, httpStatusOf, isFetchBaseQueryError, serverMessageOf } from '@/lib/api';
import { lazyComponent } from '@/lib/lazy';
import { selectRights } from '@/lib/session';
import { useAppSelector } from '@/lib/store';
import { useSaveToolAttrMutation, useSaveToolMutation, useToolKindTraitsQuery } from '../api/tool-card-api';
import type { ToolCard, ToolCardInputJson } from '../api/types';
import { pathEditable, toolEditableItems } from '../model/editable';
import { inputOf, type ToolFormValues } from '../model/form-values';
import { generalFields, tabOfPath, toolTabOrder, toolTabTitles, type ToolCardTab } from '../model/tabs';
import { toolFormResolver } from '../model/validation';
import { ToolCardContext, type ToolCardContextValue } from './card-context';
import { DocumentsTab } from './tabs/documents-tab';
import { GeneralTab } from './tabs/general-tab';
import { HistoryTab } from './tabs/history-tab';
import { MovingsTab } from './tabs/movings-tab';
import { PicturesTab } from './tabs/pictures-tab';
import { PlacesTab } from './tabs/places-tab';
import { SoftwareTab } from './tabs/software-tab';
import { TraitsTab } from './tabs/traits-tab';
import { WideDialog } from './wide-dialog';

const LabelDialog = lazyComponent(() => import('@/components/label-dialog').then((m) => m.LabelDialog));

export interface ToolEditorProps {
  /** The saved tool being edited; null for a new one (also a copy). */
  readonly card: ToolCard | null;
  readonly initial: ToolFormValues;
  /** Inside the set dialog: Save returns the tool to the set instead of saving it. */
  readonly onReturn?: (tool: ToolCardInputJson, values: ToolFormValues) => void;
  readonly onClose: () => void;
  readonly onSaved?: (id: number) => void;
  /** The stale answer's 'Обновить': the page loads the tool again. */
  readonly onReload?: () => void;
  /**
   * decisions 97–99: the card as it was at a past moment (`card` folded by the server): the banner above the
   * tabs, nothing editable, no save, the history cut at `at`.
   */
  readonly moment?: { readonly banner: ReactNode; readonly at: string };
}

/** Nothing is editable at a past moment. */
const nothing: ReadonlySet<never> = new Set();

let fileKeys = 0;
/** A key for a new file, unique in the page. */
const newFileKey = () => `new-file-${(fileKeys += 1)}`;

/** The set a saved tool belongs to, as the card names it ('АРМ судьи · инв. № К-5-2'). */
const setTitleOf = (card: ToolCard | null): string | null => {
  if (!card || card.tools_set_id === null) return null;
  const parts = [card.tool_set_name, card.set_inventar_number ? `инв. № ${card.set_inventar_number}` : null].filter(Boolean);
  return parts.length ? parts.join(' · ') : null;
};

const STALE = 'Оборудование было изменено другим пользователем. Обновите данные.';

/** The paths of every message in react-hook-form's nested errors. */
const errorPaths = (errors: FieldErrors<ToolFormValues>): string[] => {
  const out: string[] = [];
  const walk = (node: unknown, path: string[]) => {
    if (typeof node !== 'object' || node === null) return;
    if ('message' in node && typeof node.message === 'string' && node.message) out.push(path.join('.'));
    for (const [key, child] of Object.entries(node)) if (key !== 'ref' && key !== 'message' && key !== 'type' && key !== 'types') walk(child, [...path, key]);
  };
  walk(errors, []);
  return out;
};

const TabPanel = ({ tab, active, children }: { readonly tab: ToolCardTab; readonly active: boolean; readonly children: ReactNode }) => (
  <Box role="tabpanel" id={`tool-tab-${tab}`} aria-labelledby={`tool-tab-button-${tab}`} hidden={!active} sx={{ pt: 2, overflowX: 'auto' }}>
    {children}
  </Box>
);

/**
 * The equipment card (equipment.md 2, 5): one react-hook-form over the shared toolSchema, the eight
 * tabs, Save as the rights allow (write: POST/PUT /api/tool; place edit only: PUT /api/tool_attr).
 */
export const ToolEditor = ({ card, initial, onReturn, onClose, onSaved, onReload, moment }: ToolEditorProps) => {
  const rights = useAppSelector(selectRights);
  const write = hasFull(rights, 'RIGHT_TOOLS_WRITE');
  const place = hasFull(rights, 'RIGHT_TOOLS_PLACE_EDIT');
  const member = onReturn !== undefined;
  const storedState = (card?.state ?? (member && initial.id !== null ? initial.state : null)) as ToolState | null;
  const past = moment !== undefined;
  const groups = useMemo(() => (past ? nothing : toolEditableItems(storedState, rights)), [past, storedState, rights]);

  const form = useForm<ToolFormValues>({ defaultValues: initial, resolver: toolFormResolver, shouldFocusError: false });
  const [tab, setTab] = useState<ToolCardTab>('general');
  const [notice, setNotice] = useState<string | null>(null);
  const [labelOpen, setLabelOpen] = useState(false);
  const [conflict, setConflict] = useState<string | null>(null);
  const pending = useRef(new Map<string, File>());
  const [saveTool, toolState] = useSaveToolMutation();
  const [saveAttr, attrState] = useSaveToolAttrMutation();
  const busy = toolState.isLoading || attrState.isLoading;

  const kindId = useWatch({ control: form.control, name: 'tool_kind_id' });
  const { data: kindTraits } = useToolKindTraitsQuery(kindId === null ? skipToken : { kindId, toolId: card?.id ?? null });

  const { setValue, trigger, formState } = form;
  const change = useCallback(
    (path: string, value: unknown) => {
      const options = { shouldDirty: true };
      setValue(path as 'model', value as never, options);
      // Field reactions: the characteristics and the model belong to the kind and manufacturer.
      if (path === 'tool_kind_id') {
        setValue('traits', [], options);
        setValue('model_id', null, options);
      }
      if (path === 'manufacturer_id') setValue('model_id', null, options);
      // Once errors show, every change checks the whole card again: a rule spans fields (the state
      // decides whether the inventory number and the date are required), and Save waits for none.
      if (formState.isSubmitted || Object.keys(formState.errors).length > 0) void trigger();
    },
    [setValue, trigger, formState],
  );
  const edit = useMemo<FormEditContextValue>(
    () => ({ isEditable: (path) => pathEditable(path, groups), change }),
    [groups, change],
  );
  const context = useMemo<ToolCardContextValue>(
    () => ({
      toolId: card?.id ?? null,
      storedState,
      groups,
      member,
      kindTraits: kindTraits ?? null,
      addFile: (file) => {
        const key = newFileKey();
        pending.current.set(key, file);
        return key;
      },
      dropFile: (key) => void pending.current.delete(key),
      pendingFile: (key) => pending.current.get(key),
    }),
    [card, storedState, groups, member, kindTraits],
  );

  const tabs = toolTabOrder.filter(
    (t) => (t !== 'software' || kindTraits?.soft_updatable === true) && (!member || (t !== 'documents' && t !== 'pictures')) && (t !== 'history' || card !== null),
  );
  const active = tabs.includes(tab) ? tab : 'general';

  const goTo = async (next: ToolCardTab) => {
    // Leaving General while it has errors is blocked (equipment.md 2).
    if (active === 'general' && next !== 'general' && !(await form.trigger([...generalFields]))) return;
    setTab(next);
  };
  const showErrors = (paths: readonly string[]) => {
    const first = toolTabOrder.find((t) => paths.some((p) => tabOfPath(p) === t));
    if (first && tabs.includes(first)) setTab(first);
  };

  const refused = (error: unknown) => {
    if (!isFetchBaseQueryError(error)) return;
    const status = httpStatusOf(error);
    if (status === 409) return setConflict(serverMessageOf(error.data) ?? STALE);
    if (status !== 400) return;
    const fields = fieldErrorsOf(error);
    for (const [path, message] of Object.entries(fields)) form.setError(path as 'model', { type: 'server', message });
    setNotice(serverMessageOf(error.data) ?? 'Неверные данные');
    showErrors(Object.keys(fields));
  };

  const onValid = async (values: ToolFormValues) => {
      setNotice(null);
      if (onReturn) return onReturn(inputOf(values), values);
      const tool = { ...inputOf(values), ...(card ? { id: card.id, revision: card.revision } : { id: null }) };
      if (write) {
        const body = new FormData();
        body.append('tool', JSON.stringify(tool));
        body.append('filesList', JSON.stringify(values.files.flatMap((f) => (f.kind === 'kept' ? [f.file_id] : []))));
        for (const f of values.files) {
          const file = f.kind === 'new' ? pending.current.get(f.key) : undefined;
          if (file) body.append(f.section === 'tool_docs' ? 'documents' : 'pictures', file, f.file_name);
        }
        const result = await saveTool({ id: card?.id ?? null, body });
        if (result.data) {
          onSaved?.(card?.id ?? result.data.id);
          return onClose();
        }
        return refused(result.error);
      }
      if (!card) return;
      const result = await saveAttr({ id: card.id, tool });
      if (result.data) {
        onSaved?.(card.id);
        return onClose();
      }
      return refused(result.error);
  };
  const save = () => form.handleSubmit(onValid, (errors) => showErrors(errorPaths(errors)))();

  const maySave = !past && (write || (card !== null && place));
  const hasErrors = Object.keys(form.formState.errors).length > 0;
  return (
    <WideDialog
      title={<span data-testid="tool-card-title">{card !== null || initial.id !== null ? 'Оборудование' : 'Новое оборудование'}</span>}
      actions={
        <>
          {maySave && (
            <Button variant="contained" onClick={() => void save()} disabled={busy || hasErrors}>
              Сохранить
            </Button>
          )}
          {card !== null && !past && (
            <Button onClick={() => setLabelOpen(true)} disabled={busy}>
              Этикетка
            </Button>
          )}
          <Button onClick={onClose} disabled={busy}>
            {past ? 'Закрыть' : 'Отмена'}
          </Button>
        </>
      }
    >
      {labelOpen && card !== null && (
        <Suspense fallback={null}>
          <LabelDialog open onClose={() => setLabelOpen(false)} source={{ ids: [card.id] }} />
        </Suspense>
      )}
      <ToolCardContext.Provider value={context}>
        <FormEditProvider form={form} edit={edit}>
          {moment?.banner}
          {notice && (
            <Alert severity="error" onClose={() => setNotice(null)} sx={{ mb: 1 }} data-testid="tool-card-notice">
              {notice}
            </Alert>
          )}
          <Tabs value={active} onChange={(_e, next: ToolCardTab) => void goTo(next)} variant="scrollable" aria-label="Разделы карточки оборудования">
            {tabs.map((t) => (
              <Tab key={t} value={t} label={toolTabTitles[t]} id={`tool-tab-button-${t}`} aria-controls={`tool-tab-${t}`} />
            ))}
          </Tabs>
          <TabPanel tab="general" active={active === 'general'}>
            <GeneralTab setTitle={setTitleOf(card)} />
          </TabPanel>
          <TabPanel tab="traits" active={active === 'traits'}>
            <TraitsTab />
          </TabPanel>
          {tabs.includes('software') && (
            <TabPanel tab="software" active={active === 'software'}>
              <SoftwareTab />
            </TabPanel>
          )}
          {tabs.includes('documents') && (
            <TabPanel tab="documents" active={active === 'documents'}>
              <DocumentsTab />
            </TabPanel>
          )}
          {tabs.includes('pictures') && (
            <TabPanel tab="pictures" active={active === 'pictures'}>
              <PicturesTab />
            </TabPanel>
          )}
          <TabPanel tab="movings" active={active === 'movings'}>
            <MovingsTab />
          </TabPanel>
          <TabPanel tab="places" active={active === 'places'}>
            <PlacesTab />
          </TabPanel>
          {card && active === 'history' && (
            <TabPanel tab="history" active>
              <HistoryTab toolId={card.id} pastAt={moment?.at} />
            </TabPanel>
          )}
        </FormEditProvider>
      </ToolCardContext.Provider>
      <ConfirmDialog
        open={conflict !== null}
        title="Оборудование изменено"
        text={conflict ?? ''}
        confirmText="Обновить"
        onConfirm={() => {
          setConflict(null);
          onReload?.();
        }}
        onCancel={() => setConflict(null)}
      />
    </WideDialog>
  );
};
