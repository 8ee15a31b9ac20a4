import { useCallback, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { httpStatusOf, isFetchBaseQueryError, fieldErrorsOf, serverMessageOf } from '@/lib/api';
import { useAppDispatch } from '@/lib/store';
import { requestDialogApi, useRequestCommandMutation, useSaveRequestMutation, type RequestCommand } from '../api/request-dialog-api';
import type { RequestView } from '../api/types';
import { errorPaths } from '../model/errors';
import type { FormPath } from '../model/edit-context';
import type { RequestFormValues } from '../model/form-values';
import { saveBody, type PendingFiles } from '../model/save-body';

export interface RequestCommandsOptions {
  readonly form: UseFormReturn<RequestFormValues>;
  /** The request the form was loaded from (null while new). */
  readonly base: RequestView | null;
  readonly editable: ReadonlySet<string>;
  readonly files: () => PendingFiles;
  /** The form takes the answer of a save or a button. */
  readonly load: (view: RequestView) => void;
  /** After any accepted change (the list refreshes by its tags; the page may react). */
  readonly onSaved: (view: RequestView) => void;
  /** The paths of the errors that stopped a save (the dialog shows their tab). */
  readonly onInvalid: (paths: string[]) => void;
  /** A rule's notice the server reports with the save (the warranty change). */
  readonly onNotice: (text: string) => void;
}

/** 409 from a save or a button: the server's text, and the user may reload the request. */
export interface Conflict {
  readonly message: string;
}

const STALE = 'Заявка была изменена другим пользователем. Обновите заявку.';

/**
 * Saves and buttons. Every call carries the revision the form was loaded from; a button with
 * unsaved changes saves them first (so nothing typed is lost) and then runs with the new revision.
 */
export const useRequestCommands = ({ form, base, editable, files, load, onSaved, onInvalid, onNotice }: RequestCommandsOptions) => {
  const dispatch = useAppDispatch();
  const [save, saveState] = useSaveRequestMutation();
  const [command, commandState] = useRequestCommandMutation();
  const [conflict, setConflict] = useState<Conflict | null>(null);

  const accepted = useCallback(
    (view: RequestView) => {
      dispatch(requestDialogApi.util.upsertQueryData('request', view.id, view));
      load(view);
      onSaved(view);
    },
    [dispatch, load, onSaved],
  );

  const refused = useCallback(
    (error: unknown) => {
      if (!isFetchBaseQueryError(error)) return;
      if (httpStatusOf(error) === 409) {
        setConflict({ message: serverMessageOf(error.data) ?? STALE });
        return;
      }
      const fields = fieldErrorsOf(error);
      const paths = Object.keys(fields);
      for (const path of paths) form.setError(path as FormPath, { type: 'server', message: fields[path] });
      if (paths.length) onInvalid(paths);
    },
    [form, onInvalid],
  );

  /** Validates and saves the form; the saved request, or null when it was not saved. */
  const submit = useCallback(async (): Promise<RequestView | null> => {
    let saved: RequestView | null = null;
    await form.handleSubmit(
      async (values) => {
        const body = saveBody(values, files(), { revision: base?.revision ?? null, sendSpares: editable.has('spares') });
        const result = await save({ id: base?.id ?? null, body });
        if (result.data) {
          saved = result.data.savedRequest;
          accepted(saved);
          result.data.notices?.forEach(onNotice);
        } else refused(result.error);
      },
      (errors) => onInvalid(errorPaths(errors)),
    )();
    return saved;
  }, [form, files, base, editable, save, accepted, refused, onInvalid, onNotice]);

  const runCommand = useCallback(
    async (action: RequestCommand, engineerIds?: readonly number[]) => {
      if (!base) return;
      let current: RequestView = base;
      if (form.formState.isDirty) {
        const saved = await submit();
        if (!saved) return;
        current = saved;
      }
      const result = await command({ id: current.id, action, revision: current.revision, ...(engineerIds ? { engineer_ids: engineerIds } : {}) });
      if (result.data) accepted(result.data.savedRequest);
      else refused(result.error);
    },
    [base, form, submit, command, accepted, refused],
  );

  /** A hot line call after saving unsaved changes; its answer replaces the form (decisions 68–71). */
  const runHotline = useCallback(
    async (call: (current: RequestView) => Promise<RequestView | null>) => {
      if (!base) return;
      let current: RequestView = base;
      if (form.formState.isDirty) {
        const saved = await submit();
        if (!saved) return;
        current = saved;
      }
      const view = await call(current);
      if (view) accepted(view);
    },
    [base, form, submit, accepted],
  );

  /** After a conflict: the request as it is now replaces the form. */
  const reload = useCallback(async () => {
    setConflict(null);
    if (!base) return;
    const fresh = await dispatch(requestDialogApi.endpoints.request.initiate(base.id, { subscribe: false, forceRefetch: true }));
    if (fresh.data) load(fresh.data);
  }, [base, dispatch, load]);

  return {
    submit,
    runCommand,
    runHotline,
    busy: saveState.isLoading || commandState.isLoading,
    conflict,
    dismissConflict: () => setConflict(null),
    reload,
  };
};
