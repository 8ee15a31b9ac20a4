import { zodResolver } from '@hookform/resolvers/zod';
import DriveFileMoveIcon from '@mui/icons-material/DriveFileMove';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Tooltip from '@mui/material/Tooltip';
import { useMemo, useState } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { hasFull } from '@domain/rights';
import { ruErrorMap } from '@domain/shared/validation';
import { EditDialog } from '@/components';
import { TOOLTIP_DELAY_MS } from '@/config/constants';
import { EditableRowsTable, FormCheckbox, FormEditProvider, FormSelect, FormTextField, type FormEditContextValue } from '@/components/form';
import { apiErrorText, fieldErrorsOf, httpStatusOf, isFetchBaseQueryError } from '@/lib/api';
import { showError } from '@/lib/notices';
import { useCatalogQuery, useOrganizationsQuery } from '@/lib/references';
import { selectRights } from '@/lib/session';
import { useAppDispatch, useAppSelector } from '@/lib/store';
import { useSaveOrganizationMutation, type OrganizationRow } from '../api/organizations-api';
import { emptyUnit, formValuesOf, organizationFormSchema, requisiteFields, type OrganizationFormValues } from '../model/organization-form';
import { MoveUnitDialog } from './move-unit-dialog';

export interface OrganizationDialogProps {
  /** null: a new organisation. */
  readonly organization: OrganizationRow | null;
  /** /hosts: a new organisation starts as a balance holder. */
  readonly hostMode: boolean;
  readonly onClose: () => void;
}

type TabName = 'requisites' | 'units';

/**
 * The organisation dialog (administration.md 2.8): tabs Реквизиты and Здания, checked with the
 * server's own schemas. Ticking 'Балансодержатель' clears the host; host choices are balance
 * holders of the same region, not itself (section 4). A saved building moves to another
 * organisation at once. Without FULL organisations the dialog is read-only with 'Закрыть'.
 */
export const OrganizationDialog = ({ organization, hostMode, onClose }: OrganizationDialogProps) => {
  const dispatch = useAppDispatch();
  const rights = useAppSelector(selectRights);
  const readOnly = !hasFull(rights, 'RIGHT_ORGANIZATIONS');
  const showsHotLine = hasFull(rights, 'RIGHT_HOTLINE_PASS');
  const [tab, setTab] = useState<TabName>('requisites');
  const [moving, setMoving] = useState<{ readonly id: number; readonly name: string } | null>(null);
  const [save, { isLoading }] = useSaveOrganizationMutation();
  const { data: regions } = useCatalogQuery('regions');
  const { data: kinds } = useCatalogQuery('organization_kind');
  const { data: organizations } = useOrganizationsQuery();

  const resolver = useMemo(() => zodResolver(organizationFormSchema, { errorMap: ruErrorMap, path: [], async: false }) as unknown as Resolver<OrganizationFormValues>, []);
  const form = useForm<OrganizationFormValues>({ defaultValues: formValuesOf(organization, { isHost: hostMode }), resolver });
  const values = useWatch({ control: form.control });
  const units = values.units ?? [];

  const edit = useMemo<FormEditContextValue>(
    () => ({
      isEditable: (path) => !readOnly && !isLoading && !(path === 'host_id' && form.getValues('is_host')),
      isRequired: (path) => ['region_id', 'name', 'vncode'].includes(path) || /^units\.\d+\.name$/.test(path),
      change: (path, value) => {
        const opts = { shouldDirty: true, shouldValidate: form.formState.isSubmitted };
        form.setValue(path as 'name', value as never, opts);
        // Section 4: ticking is-host clears the host; another region clears a host of the old one.
        if (path === 'is_host' && value === true) form.setValue('host_id', null, opts);
        if (path === 'region_id') form.setValue('host_id', null, opts);
      },
    }),
    [readOnly, isLoading, form],
  );

  const regionOptions = (regions ?? []).map((r) => ({ value: r.id, label: String(r.title ?? r.id) }));
  const kindOptions = (kinds ?? []).map((k) => ({ value: k.id, label: String(k.title ?? k.id) }));
  const hostOptions = (organizations ?? [])
    .filter((o) => o.is_host === true && o.region_id === values.region_id && o.id !== organization?.id)
    .map((o) => ({ value: o.id, label: o.name }));
  const isFilial = (kinds ?? []).some((k) => k.id === values.kind_id && k.is_filial === true);

  const submit = form.handleSubmit(
    async (v) => {
      const { units: unitValues, ...org } = v;
      try {
        await save({ id: organization?.id ?? null, organization: org, units: unitValues.map((u) => ({ ...u })) }).unwrap();
        onClose();
      } catch (error) {
        if (!isFetchBaseQueryError(error) || httpStatusOf(error) !== 400) return;
        const fields = Object.entries(fieldErrorsOf(error)).filter(([f]) => f === 'units' || f.startsWith('units.') || (requisiteFields as readonly string[]).includes(f));
        for (const [field, message] of fields) form.setError(field as 'name', { type: 'server', message });
        if (fields.length === 0) dispatch(showError(apiErrorText(error)));
        else setTab(fields.some(([f]) => (requisiteFields as readonly string[]).includes(f)) ? 'requisites' : 'units');
      }
    },
    (errors) => setTab(requisiteFields.some((f) => f in errors) ? 'requisites' : 'units'),
  );

  const unitsError = form.formState.errors.units;
  const unitsMessage = unitsError?.message ?? unitsError?.root?.message;
  const heading = `${hostMode ? 'Балансодержатель' : 'Организация'}${readOnly ? '' : organization ? ': изменение' : ': добавление'}`;

  return (
    <EditDialog title={heading} readOnly={readOnly} busy={isLoading} onSave={() => void submit()} onClose={onClose}>
      <Tabs value={tab} onChange={(_e, t: TabName) => setTab(t)} sx={{ mb: 2 }}>
        <Tab value="requisites" label="Реквизиты" />
        <Tab value="units" label={`Здания (${units.length})`} />
      </Tabs>
      <FormEditProvider form={form} edit={edit}>
        <Box
          component="form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (!readOnly) void submit();
          }}
        >
          {tab === 'requisites' ? (
            <Stack spacing={2}>
              <FormSelect<OrganizationFormValues> name="region_id" label="Регион" options={regionOptions} />
              <FormTextField<OrganizationFormValues> name="name" label="Наименование" emptyValue="" />
              <FormTextField<OrganizationFormValues> name="fullname" label="Полное наименование" />
              <FormTextField<OrganizationFormValues> name="vncode" label="VNCODE" />
              <FormSelect<OrganizationFormValues> name="kind_id" label="Вид организации" options={kindOptions} />
              <FormCheckbox<OrganizationFormValues> name="is_host" label="Балансодержатель" />
              <FormSelect<OrganizationFormValues> name="host_id" label="Балансодержатель организации" options={hostOptions} />
              <FormTextField<OrganizationFormValues> name="address" label="Адрес" />
              <FormTextField<OrganizationFormValues> name="mail_address" label="Почтовый адрес" />
              <FormTextField<OrganizationFormValues> name="phone" label="Телефон" />
              {isFilial && <FormTextField<OrganizationFormValues> name="assignment" label="Назначение" multiline minRows={2} />}
              {showsHotLine && <FormTextField<OrganizationFormValues> name="hot_line_email" label="Логин ГЛ" />}
              {showsHotLine && <FormTextField<OrganizationFormValues> name="hot_line_password" label="Пароль ГЛ" />}
            </Stack>
          ) : (
            <EditableRowsTable
              title="Здания"
              rows={units}
              rowKey={(u, i) => u.id ?? `new-${i}`}
              editable={!readOnly}
              deleteLabel="Удалить здание"
              onDelete={(i) => form.setValue('units', form.getValues('units').filter((_u, j) => j !== i), { shouldDirty: true })}
              addLabel="Добавить здание"
              onAdd={() => form.setValue('units', [...form.getValues('units'), emptyUnit()], { shouldDirty: true })}
              error={unitsMessage}
              columns={[
                // Names and addresses wrap inside their fields: a building's whole name stays readable.
                { header: 'Наименование', cell: (_u, i) => <FormTextField<OrganizationFormValues> name={`units.${i}.name`} label="Наименование" size="small" multiline /> },
                { header: 'Адрес', width: 180, cell: (_u, i) => <FormTextField<OrganizationFormValues> name={`units.${i}.address`} label="Адрес" size="small" emptyValue={null} multiline /> },
                { header: 'VNCODE', width: 150, cell: (_u, i) => <FormTextField<OrganizationFormValues> name={`units.${i}.vncode`} label="VNCODE" size="small" emptyValue={null} /> },
                !readOnly &&
                  organization !== null && {
                    header: '',
                    width: 48,
                    cell: (u) => {
                      // Only a saved building of this organisation moves; a new row is simply deleted.
                      const saved = organization.units.find((x) => x.id === u.id);
                      return saved ? (
                        <Tooltip title="Перенести в другую организацию" enterDelay={TOOLTIP_DELAY_MS}>
                          <IconButton size="small" aria-label={`Перенести здание «${saved.name}»`} onClick={() => setMoving({ id: saved.id, name: saved.name })}>
                            <DriveFileMoveIcon fontSize="small" />
                          </IconButton>
                        </Tooltip>
                      ) : null;
                    },
                  },
              ]}
            />
          )}
        </Box>
      </FormEditProvider>
      {moving && organization && (
        <MoveUnitDialog
          unit={moving}
          fromOrganizationId={organization.id}
          onClose={() => setMoving(null)}
          onMoved={() => {
            // The building now belongs elsewhere: it leaves this form so a later save does not remove it.
            form.setValue('units', form.getValues('units').filter((u) => u.id !== moving.id));
            setMoving(null);
          }}
        />
      )}
    </EditDialog>
  );
};
