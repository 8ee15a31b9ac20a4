import { useCallback, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { editableFields } from '@domain/request/machine';
import { initialRequestState, sameValue } from '@domain/request/state';
import { selectRights } from '@/lib/session';
import { useAppSelector } from '@/lib/store';
import type { RequestView } from '../api/types';
import { formValuesOf, requestDataOf, type RequestFormValues } from '../model/form-values';
import { requestFormResolver } from '../model/resolver';
import type { FormValidationContext } from '../model/validation';

interface Base {
  /** The request the form was loaded from (its revision goes with the save); null while new. */
  readonly view: RequestView | null;
  /** Counts loads that replaced the form's values (keys the tab contents). */
  readonly loads: number;
}

/**
 * The request's form. It shows the request it was loaded from; a newer revision from the server
 * replaces it while the user has changed nothing, is adopted silently when the form's data did
 * not change (a chat message), and otherwise waits: the save then meets the server's 409 and the
 * user reloads. `load` replaces it after the user's own save or button.
 */
export const useRequestForm = (view: RequestView | null, newValues: RequestFormValues) => {
  const rights = useAppSelector(selectRights);
  const [base, setBase] = useState<Base>({ view, loads: 0 });
  const [seen, setSeen] = useState(view);
  const values = useMemo(() => (base.view ? formValuesOf(base.view) : newValues), [base.view, newValues]);
  const editable = useMemo<ReadonlySet<string>>(
    () => (base.view ? new Set(base.view.editable) : new Set(editableFields(initialRequestState(), { rights }))),
    [base.view, rights],
  );
  const context = useMemo<FormValidationContext>(
    () => ({
      createdAt: base.view?.request_date_add ?? null,
      status: base.view?.request_status_id ?? 0,
      editable,
      baseline: requestDataOf(values),
    }),
    [base.view, editable, values],
  );
  const form = useForm<RequestFormValues, FormValidationContext>({
    values,
    context,
    resolver: requestFormResolver,
    shouldFocusError: false,
  });
  const dirty = form.formState.isDirty;

  if (view !== seen) {
    setSeen(view);
    // Revisions only grow: an answer older than the form's (a refetch that was already under way
    // when the user's own save or button answered) changes nothing.
    if (view && base.view && view.revision > base.view.revision) {
      if (!dirty) setBase({ view, loads: base.loads + 1 });
      else if (sameValue(formValuesOf(view), values)) setBase({ view, loads: base.loads });
    }
  }

  const { reset } = form;
  const load = useCallback(
    (next: RequestView) => {
      reset(formValuesOf(next));
      setBase((b) => ({ view: next, loads: b.loads + 1 }));
    },
    [reset],
  );

  return { form, base: base.view, loads: base.loads, editable, load };
};
