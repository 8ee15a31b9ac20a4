import { zodResolver } from '@hookform/resolvers/zod';
import Stack from '@mui/material/Stack';
import { useMemo } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { ruErrorMap } from '@domain/shared/validation';
import { EditDialog } from '@/components';
import { FormEditProvider, type FormEditContextValue } from '@/components/form';
import { apiErrorText, fieldErrorsOf, httpStatusOf, isFetchBaseQueryError } from '@/lib/api';
import { showError } from '@/lib/notices';
import { useAppDispatch } from '@/lib/store';
import { useSaveCatalogItemMutation, type CatalogRow } from '../api/catalog-api';
import type { CatalogRights } from '../hooks/use-catalog-rights';
import { isLoadedReference } from '../hooks/use-reference-options';
import type { CatalogScreenView } from '../model/catalog-screens';
import { formValuesOf, type CatalogFormValues } from '../model/catalog-values';
import { CatalogField } from './catalog-field';

export interface CatalogItemDialogProps {
  readonly view: CatalogScreenView;
  /** null: a new item. */
  readonly item: CatalogRow | null;
  readonly rights: CatalogRights;
  readonly onClose: () => void;
}

/**
 * The add / edit dialog of a reference, generated from the screen's fields and validated with the
 * catalogue's own schema (the server parses the same). Without the edit right it only shows the
 * item, with 'Закрыть' (administration.md 2.10). A 400 puts the server's messages at their
 * fields, or in a red notice when no field shown takes them.
 */
export const CatalogItemDialog = ({ view, item, rights, onClose }: CatalogItemDialogProps) => {
  const dispatch = useAppDispatch();
  const [save, { isLoading }] = useSaveCatalogItemMutation();
  const readOnly = !rights.canEdit;
  const resolver = useMemo(
    () => zodResolver(view.definition.schema, { errorMap: ruErrorMap, path: [], async: false }) as unknown as Resolver<CatalogFormValues>,
    [view.definition.schema],
  );
  const form = useForm<CatalogFormValues>({ defaultValues: formValuesOf(view, item), resolver });
  // Fields with their own right stay hidden (their value is kept); references the client does not load too;
  // fields of one kind of item only while the item is of that kind (programs: special software).
  const values = useWatch({ control: form.control });
  const shown = view.fields.filter((f) => {
    const when = view.shownWhen[f.name];
    if (when && !when.values.includes(Number(values[when.field]))) return false;
    return rights.showsField(f.name) && (f.control.kind !== 'select' || isLoadedReference(f.control.catalog));
  });

  const edit = useMemo<FormEditContextValue>(
    () => ({
      isEditable: () => !readOnly && !isLoading,
      change: (path, value) => form.setValue(path, value, { shouldDirty: true, shouldValidate: form.formState.isSubmitted }),
    }),
    [readOnly, isLoading, form],
  );

  const submit = form.handleSubmit(async (values) => {
    try {
      await save({ name: view.name, payloadKey: view.definition.payloadKey, id: item?.id ?? null, item: values }).unwrap();
      onClose();
    } catch (error) {
      if (!isFetchBaseQueryError(error) || httpStatusOf(error) !== 400) return;
      const fields = Object.entries(fieldErrorsOf(error)).filter(([field]) => shown.some((f) => f.name === field));
      for (const [field, message] of fields) form.setError(field, { type: 'server', message });
      if (fields.length === 0) dispatch(showError(apiErrorText(error)));
    }
  });

  const heading = readOnly ? view.title : `${view.title}: ${item ? 'изменение' : 'добавление'}`;
  return (
    <EditDialog title={heading} readOnly={readOnly} busy={isLoading} onSave={() => void submit()} onClose={onClose}>
      <FormEditProvider form={form} edit={edit}>
        <Stack
          component="form"
          noValidate
          spacing={2}
          sx={{ pt: 1 }}
          onSubmit={(e) => {
            e.preventDefault();
            if (!readOnly) void submit();
          }}
        >
          {shown.map((f) => (
            <CatalogField key={f.name} field={f} />
          ))}
        </Stack>
      </FormEditProvider>
    </EditDialog>
  );
};
