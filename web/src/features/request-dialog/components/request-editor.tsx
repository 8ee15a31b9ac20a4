import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Button from '@mui/material/Button';
import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { hasFull, hasOwnOrAll } from '@domain/rights';
import { AppDialog, ConfirmDialog } from '@/components';
import { FormEditProvider, type FormEditContextValue } from '@/components/form';
import { selectRights } from '@/lib/session';
import { useAppSelector } from '@/lib/store';
import type { Comment, HistoryEntry, RequestView } from '../api/types';
import { useFieldChange } from '../hooks/use-field-change';
import { useLeaveGuard } from '../hooks/use-leave-guard';
import { useLookupSources } from '../hooks/use-references';
import { useRequestCommands } from '../hooks/use-request-commands';
import { useRequestForm } from '../hooks/use-request-form';
import { editableItemOf, RequestEditContext, type FormPath, type RequestEditContextValue } from '../model/edit-context';
import { firstErrorTab } from '../model/errors';
import { newFileKey } from '../model/new-file-key';
import { recallLockedReason } from '../model/recall';
import type { RequestFormValues } from '../model/form-values';
import { tabTitle, visibleTabs, type RequestDialogTab } from '../model/tabs';
import { DialogButtons } from './dialog-buttons';
import { DialogTitleBar } from './dialog-title-bar';
import { RequestNotice } from './request-notice';
import { HotlineNotice } from './common-tab/hotline-notice';
import { LazyTabs } from './lazy-tabs';
import { FormTabs } from './form-tabs';

export interface RequestEditorProps {
  /** The request as the server has it now; null for a new request. */
  readonly view: RequestView | null;
  /** The form of a new request. */
  readonly newValues: RequestFormValues;
  readonly initialTab: RequestDialogTab;
  readonly onClose: () => void;
  /** `leaving`: the save answered 'Да' on the way out of the address (the dialog goes away). */
  readonly onSaved: (view: RequestView, leaving: boolean) => void;
  /** A new request was registered: the dialog continues with it. */
  readonly onCreated: (id: number) => void;
  readonly onNewRequest: () => void;
  /**
   * decisions 97–99: the request as it was at a past moment (the view has no actions and nothing editable):
   * the banner above the tabs, the chat and history as they were then, only 'Закрыть' below.
   */
  readonly moment?: RequestMoment;
}

export interface RequestMoment {
  readonly banner: ReactNode;
  readonly comments: readonly Comment[];
  readonly history: readonly HistoryEntry[];
}

type Prompt = 'close' | 'new' | 'recall' | null;

/** The request dialog with one request (or a new one): title, tabs, buttons and their questions. */
export const RequestEditor = ({ view, newValues, initialTab, onClose, onSaved, onCreated, onNewRequest, moment }: RequestEditorProps) => {
  const rights = useAppSelector(selectRights);
  const { form, base, loads, editable, load } = useRequestForm(view, newValues);
  const [tab, setTab] = useState<RequestDialogTab>(initialTab);
  const [fullScreen, setFullScreen] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [hotlineNotice, setHotlineNotice] = useState<string | null>(null);
  const [prompt, setPrompt] = useState<Prompt>(null);
  const pending = useRef(new Map<string, File>());
  const guard = useLeaveGuard(form.formState.isDirty);
  // True while the save of a 'Да' to a held navigation runs (see onSaved).
  const savingToLeave = useRef(false);

  const tabs = visibleTabs(base);
  const active = tabs.includes(tab) ? tab : 'request';
  const status = base?.request_status_id ?? 0;

  const onInvalid = useCallback(
    (paths: string[]) => {
      const target = firstErrorTab(paths, status, visibleTabs(base));
      if (target) setTab(target);
    },
    [status, base],
  );
  const files = useCallback(() => pending.current, []);
  const { release } = guard;
  const onAccepted = useCallback(
    (view: RequestView) => {
      // The form now holds what the server has: the page may move the address (a new request's ?open=).
      release();
      onSaved(view, savingToLeave.current);
    },
    [release, onSaved],
  );
  const commands = useRequestCommands({ form, base, editable, files, load, onSaved: onAccepted, onInvalid, onNotice: setNotice });
  const change = useFieldChange(form, useLookupSources(), setNotice);
  const { runCommand, runHotline, submit, busy } = commands;

  const context = useMemo<RequestEditContextValue>(
    () => ({
      view: base,
      editable,
      canViewCost: hasFull(rights, 'RIGHT_VIEW_COST'),
      change,
      addFile: (file) => {
        const key = newFileKey();
        pending.current.set(key, file);
        return { key, file_name: file.name, size: file.size };
      },
      dropFile: (key) => {
        pending.current.delete(key);
      },
      runCommand: (command, engineerIds) => void runCommand(command, engineerIds),
      runHotline,
      hotlineNotice: setHotlineNotice,
      busy,
    }),
    [base, editable, rights, change, runCommand, runHotline, busy],
  );

  // The shared form fields' edit rules: a field follows its editable item; a change runs the reactions.
  const fieldEdit = useMemo<FormEditContextValue>(
    () => ({
      isEditable: (path) => editable.has(editableItemOf(path)),
      change: (path, value) => change(path as FormPath, value as never),
    }),
    [editable, change],
  );

  const dirty = form.formState.isDirty;
  const close = () => (dirty ? setPrompt('close') : onClose());
  const startNew = () => (dirty ? setPrompt('new') : onNewRequest());
  const create = async (then: 'stay' | 'close') => {
    const saved = await submit();
    if (!saved) return;
    if (then === 'close') onClose();
    else onCreated(saved.id);
  };
  const answerChanged = async (saveFirst: boolean) => {
    if (guard.asking) {
      // Back, Forward or a link was held: Да saves and goes on, Нет goes on, a failed save stays.
      if (saveFirst) {
        savingToLeave.current = true;
        let done: RequestView | null;
        try {
          done = await submit();
        } finally {
          savingToLeave.current = false;
        }
        if (!done) return guard.stay();
      }
      setPrompt(null);
      return guard.leave();
    }
    const after = prompt === 'new' ? onNewRequest : onClose;
    setPrompt(null);
    if (saveFirst && !(await submit())) return;
    if (!saveFirst) release();
    after();
  };
  const answerBack = () => (guard.asking ? guard.stay() : setPrompt(null));

  const actions = new Set<string>(base?.actions ?? []);
  return (
    <AppDialog
      open
      fullScreen={fullScreen}
      title={<DialogTitleBar view={base} fullScreen={fullScreen} onToggleFullScreen={() => setFullScreen((f) => !f)} />}
      actions={
        moment ? (
          <Button onClick={onClose}>Закрыть</Button>
        ) : (
        <DialogButtons
          isNew={base === null}
          busy={busy}
          actions={actions}
          recallLockedReason={recallLockedReason(base, actions)}
          mayCreate={hasOwnOrAll(rights, 'RIGHT_REQUEST_CREATE')}
          onRecall={() => setPrompt('recall')}
          onNewRequest={startNew}
          onSave={() => void submit()}
          onCreate={() => void create('stay')}
          onCreateAndClose={() => void create('close')}
          onClose={close}
        />
        )
      }
    >
      <RequestEditContext.Provider value={context}>
        <FormEditProvider form={form} edit={fieldEdit}>
          <Box sx={{ minHeight: '60vh' }}>
          {moment?.banner}
          <Tabs value={active} onChange={(_e, next: RequestDialogTab) => setTab(next)} variant="scrollable" aria-label="Разделы заявки">
            {tabs.map((t) => (
              <Tab key={t} value={t} label={tabTitle(t, base !== null)} id={`request-tab-button-${t}`} aria-controls={`request-tab-${t}`} />
            ))}
          </Tabs>
          <FormTabs key={loads} tabs={tabs} active={active} />
          {base && <LazyTabs view={base} active={active} moment={moment} />}
          </Box>
        </FormEditProvider>
      </RequestEditContext.Provider>
      <RequestNotice text={notice} onClose={() => setNotice(null)} />
      <HotlineNotice text={hotlineNotice} onClose={() => setHotlineNotice(null)} />
      <ConfirmDialog
        open={prompt === 'close' || prompt === 'new' || guard.asking}
        text="Заявка была изменена. Сохранить изменения?"
        confirmText="Да"
        cancelText="Нет"
        onConfirm={() => void answerChanged(true)}
        onCancel={() => void answerChanged(false)}
        onBack={answerBack}
        busy={busy}
      />
      <ConfirmDialog
        open={prompt === 'recall'}
        text="Отозвать заявку?"
        confirmText="Отозвать"
        onConfirm={() => {
          setPrompt(null);
          void runCommand('recall');
        }}
        onCancel={() => setPrompt(null)}
      />
      <ConfirmDialog
        open={commands.conflict !== null}
        title="Заявка изменена"
        text={commands.conflict?.message ?? ''}
        confirmText="Обновить"
        onConfirm={() => void commands.reload()}
        onCancel={commands.dismissConflict}
      />
    </AppDialog>
  );
};
