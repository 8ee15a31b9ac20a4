import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useMemo } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { validateFiles } from '@domain/request/files';
import { groupRequestSchema } from '@domain/request/validation';
import { AppDialog } from '@/components';
import { IdMultiSelect, IdSelect, keepUnitsOfRegion, unitsOfRegion, useCatalogOptions, useScopeUnits } from '@/components/registry-list';
import { useCreateRequestGroupMutation } from '../../api/request-list-api';
import { useListRights } from '../../hooks/use-list-rights';
import { FilesField } from './files-field';

/** The domain's group rule ('Укажите объекты', 'Введите описание') plus the region filter and the documents. */
const groupFormSchema = groupRequestSchema.extend({
  region_id: z.number().nullable(),
  files: z.array(z.instanceof(File)).superRefine((files, ctx) => {
    const broken = validateFiles(files, 'attachments');
    if (broken) ctx.addIssue({ code: z.ZodIssueCode.custom, message: broken });
  }),
});

type GroupFields = z.input<typeof groupFormSchema>;
type GroupValues = z.output<typeof groupFormSchema>;

export interface GroupRequestDialogProps {
  readonly onClose: () => void;
}

/**
 * 'Создать группу заявок' (RIGHT_MULTIPLE_REQUESTS FULL, requests.md 2.5): one request per chosen
 * object with the same description and documents, POST /api/request_multiple; the server's
 * 'Создано заявок: N' shows in green.
 */
export const GroupRequestDialog = ({ onClose }: GroupRequestDialogProps) => {
  const regions = useCatalogOptions('regions');
  const rights = useListRights();
  const scopeUnits = useScopeUnits(rights.createsForAll);
  const [create, { isLoading }] = useCreateRequestGroupMutation();
  const { control, handleSubmit, setValue, getValues } = useForm<GroupFields, unknown, GroupValues>({
    resolver: zodResolver(groupFormSchema),
    defaultValues: { region_id: null, units_ids: [], request_text: '', files: [] },
  });
  const regionId = useWatch({ control, name: 'region_id' });
  const units = useMemo(() => unitsOfRegion(scopeUnits, regionId), [scopeUnits, regionId]);

  const changeRegion = (region: number | null) => {
    setValue('region_id', region);
    if (region !== null) setValue('units_ids', keepUnitsOfRegion(getValues('units_ids'), scopeUnits, region), { shouldValidate: false });
  };

  const submit = handleSubmit(async (values) => {
    const result = await create({ unitsIds: values.units_ids, requestText: values.request_text, files: values.files });
    if ('data' in result) onClose();
  });

  return (
    <AppDialog
      open
      title="Создать группу заявок"
      onClose={isLoading ? undefined : onClose}
      actions={
        <>
          <Button type="submit" form="group-request-form" variant="contained" disabled={isLoading}>
            Сохранить
          </Button>
          <Button onClick={onClose} disabled={isLoading}>
            Отменить
          </Button>
        </>
      }
    >
      <Stack component="form" id="group-request-form" noValidate spacing={2} onSubmit={(e) => void submit(e)} aria-label="Группа заявок" sx={{ pt: 1 }}>
        <IdSelect label="Регион" value={regionId} options={regions} onChange={changeRegion} />
        <Controller
          control={control}
          name="units_ids"
          render={({ field, fieldState }) => (
            <IdMultiSelect
              name={field.name}
              label="Объекты"
              value={field.value}
              options={units}
              onChange={field.onChange}
              error={fieldState.error?.message}
              placeholder="Выберите объекты"
            />
          )}
        />
        <Controller
          control={control}
          name="request_text"
          render={({ field, fieldState }) => (
            <TextField
              {...field}
              inputRef={field.ref}
              label="Описание неисправности"
              multiline
              minRows={4}
              fullWidth
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message}
            />
          )}
        />
        <Controller
          control={control}
          name="files"
          render={({ field, fieldState }) => (
            <FilesField label="Добавить документы" files={field.value} onChange={field.onChange} error={fieldState.error?.message} />
          )}
        />
      </Stack>
    </AppDialog>
  );
};
