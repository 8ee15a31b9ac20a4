import { useCallback } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { applyFieldReactions } from '@domain/request/reactions';
import { requestFieldNames, sameValue } from '@domain/request/state';
import type { FieldChange, FormPath } from '../model/edit-context';
import { fileIdOf, formValueOf, requestDataOf, type RequestFormValues } from '../model/form-values';
import { lookupsOf, type LookupSources } from '../model/lookups';

/**
 * The one way the dialog's fields change the form: set the value, then run the domain's
 * applyFieldReactions on the change (before = the form a moment ago), exactly as the server does
 * on the save; write back what the rules changed and show their notices (the warranty change).
 */
export const useFieldChange = (
  form: UseFormReturn<RequestFormValues>,
  sources: LookupSources,
  onNotice: (text: string) => void,
): FieldChange => {
  const { getValues, setValue, trigger } = form;
  // After the first save attempt the messages follow every change (reValidate on change).
  const { isSubmitted } = form.formState;
  return useCallback<FieldChange>(
    (name, value) => {
      const options = { shouldDirty: true, shouldTouch: true };
      const before = requestDataOf(getValues());
      setValue(name, value, options);
      const values = getValues();
      const after = requestDataOf(values);
      const result = applyFieldReactions(before, after, lookupsOf(values, sources), new Date().toISOString());
      const next = result.request;
      for (const field of requestFieldNames)
        if (!sameValue(after[field], next[field])) setValue(field as FormPath, formValueOf(field, next[field]) as never, options);
      if (!sameValue(after.works, next.works)) setValue('works', next.works.map((w) => ({ title: w.title, cost: String(w.cost) })), options);
      if (!sameValue(after.documents, next.documents)) {
        const kept = new Set(next.documents.map((d) => d.file_id));
        setValue('documents', values.documents.filter((d) => kept.has(fileIdOf(d))), options);
      }
      if (result.clearSpares && values.spares.length > 0) setValue('spares', [], options);
      if (after.tool_id !== null && next.tool_id === null) setValue('tool_info', null, options);
      result.notices.forEach(onNotice);
      if (isSubmitted) void trigger();
    },
    [getValues, setValue, trigger, isSubmitted, sources, onNotice],
  );
};
