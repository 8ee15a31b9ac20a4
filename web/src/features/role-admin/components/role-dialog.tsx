import { zodResolver } from '@hookform/resolvers/zod';
import Stack from '@mui/material/Stack';
import { useMemo } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { roleSchema } from '@domain/role/decider';
import { ruErrorMap } from '@domain/shared/validation';
import { EditDialog } from '@/components';
import { FormCheckbox, FormEditProvider, FormSelect, FormTextField, type FormEditContextValue } from '@/components/form';
import { apiErrorText, fieldErrorsOf, httpStatusOf, isFetchBaseQueryError } from '@/lib/api';
import { showError } from '@/lib/notices';
import { useAppDispatch } from '@/lib/store';
import { useSaveRoleMutation, type RoleRow } from '../api/roles-api';
import { accessLevelOptions } from '../model/rights-groups';

/** The role's own fields; its rights are changed in the grid. The server parses the same schema. */
const roleFieldsSchema = roleSchema.omit({ rightsObject: true });

interface RoleFormValues {
  title: string;
  role_order: number | string | null;
  role_is_hotline: boolean;
  access_level: number | null;
}

export interface RoleDialogProps {
  /** null: a new role. */
  readonly role: RoleRow | null;
  readonly ownLevel: number;
  /** The order a new role starts with: after the last one. */
  readonly nextOrder: number;
  readonly onClose: () => void;
}

/** Adds or changes a role: title, order, access level (not above one's own) and 'Роль для ГЛ'. */
export const RoleDialog = ({ role, ownLevel, nextOrder, onClose }: RoleDialogProps) => {
  const dispatch = useAppDispatch();
  const [save, { isLoading }] = useSaveRoleMutation();
  const resolver = useMemo(() => zodResolver(roleFieldsSchema, { errorMap: ruErrorMap, path: [], async: false }) as unknown as Resolver<RoleFormValues>, []);
  const form = useForm<RoleFormValues>({
    defaultValues: role
      ? { title: role.title, role_order: role.role_order, role_is_hotline: role.role_is_hotline, access_level: role.access_level }
      : { title: '', role_order: nextOrder, role_is_hotline: false, access_level: null },
    resolver,
  });
  const edit = useMemo<FormEditContextValue>(
    () => ({
      isEditable: () => !isLoading,
      isRequired: (path) => path !== 'role_is_hotline',
      change: (path, value) => form.setValue(path as keyof RoleFormValues, value as never, { shouldDirty: true, shouldValidate: form.formState.isSubmitted }),
    }),
    [isLoading, form],
  );

  const submit = form.handleSubmit(async (values) => {
    try {
      await save({
        id: role?.id ?? null,
        role: { title: values.title, role_order: Number(values.role_order), role_is_hotline: values.role_is_hotline, access_level: Number(values.access_level) },
      }).unwrap();
      onClose();
    } catch (error) {
      if (!isFetchBaseQueryError(error) || httpStatusOf(error) !== 400) return;
      const fields = Object.entries(fieldErrorsOf(error)).filter(([f]) => f in form.getValues());
      for (const [field, message] of fields) form.setError(field as keyof RoleFormValues, { type: 'server', message });
      if (fields.length === 0) dispatch(showError(apiErrorText(error)));
    }
  });

  return (
    <EditDialog title={role ? 'Роль: изменение' : 'Роль: добавление'} busy={isLoading} onSave={() => void submit()} onClose={onClose}>
      <FormEditProvider form={form} edit={edit}>
        <Stack
          component="form"
          noValidate
          spacing={2}
          sx={{ pt: 1 }}
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <FormTextField<RoleFormValues> name="title" label="Наименование" emptyValue="" maxLength={100} />
          <FormTextField<RoleFormValues> name="role_order" label="Порядок" inputMode="numeric" />
          <FormSelect<RoleFormValues> name="access_level" label="Уровень доступа" options={accessLevelOptions(ownLevel)} allowEmpty={false} />
          <FormCheckbox<RoleFormValues> name="role_is_hotline" label="Роль для ГЛ" />
        </Stack>
      </FormEditProvider>
    </EditDialog>
  );
};
