import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { HOTLINE_SPECIAL_SOFTWARE, hotlineProgramType } from '@domain/catalog/definitions';
import { hasFull } from '@domain/rights';
import { holdsAll } from '@domain/rights/privilege';
import { ruErrorMap } from '@domain/shared/validation';
import { employeeSchema, hotlineExecutorSchema, mixedAccessLevelsWarning } from '@domain/user/schemas';
import { ConfirmDialog, EditDialog } from '@/components';
import { FormCheckbox, FormEditProvider, FormSelect, FormTextField, type FormEditContextValue } from '@/components/form';
import { apiErrorText, fieldErrorsOf, httpStatusOf, isFetchBaseQueryError } from '@/lib/api';
import { showError } from '@/lib/notices';
import { useCatalogQuery, useOrganizationsQuery } from '@/lib/references';
import { selectCurrentUser } from '@/lib/session';
import { useAppDispatch, useAppSelector } from '@/lib/store';
import { useAssignableRolesQuery, useSaveUserMutation, type AdminUser, type AssignableRole } from '../api/users-api';
import { UserCertificates } from './user-certificates';
import {
  afterRegionChange,
  DEACTIVATE_QUESTION,
  formValuesOf,
  generalFields,
  generatePassword,
  hasMixedAccessLevels,
  payloadOf,
  type UserFormValues,
} from '../model/user-form';

const ROLE_ABOVE = 'Уровень доступа роли выше вашего';

const SIGNING_RIGHTS = ['RIGHT_SIGNING_DOCS_IAC', 'RIGHT_SIGNING_DOCS_UNIT', 'RIGHT_SIGNING_DOCS_FINAL'] as const;

export interface UserDialogProps {
  /** null: a new account. */
  readonly user: AdminUser | null;
  /** A hot line executor (tabs General, Roles, Software) rather than an employee (General, Roles, Objects). */
  readonly hotline: boolean;
  /** Opened read-only: the server marked the account not `editable` (oneself, a higher level, inactive), or no edit right. */
  readonly readOnly: boolean;
  readonly onClose: () => void;
}

type TabKey = 'general' | 'roles' | 'objects' | 'software' | 'certificates';

/**
 * The account dialog (administration.md 2.6, 4, 5, 6), validated with the server's own schema
 * (domain/user/schemas.ts). Roles and Objects are hidden for an inactive account; ticking
 * 'Неактивна' asks first; a region change clears a foreign organisation and foreign objects.
 */
export const UserDialog = ({ user, hotline, readOnly, onClose }: UserDialogProps) => {
  const dispatch = useAppDispatch();
  const me = useAppSelector(selectCurrentUser);
  const rights = me?.rightsObject ?? {};
  const [save, { isLoading }] = useSaveUserMutation();
  const { data: roles = [] } = useAssignableRolesQuery();
  // The server's rules for giving or taking a role (domain/user/account-rules.ts), shown before the save.
  const refusal = (r: AssignableRole): string | null =>
    r.access_level > (me?.accessLevel ?? 0) ? ROLE_ABOVE : !holdsAll(r.rightsObject, rights) ? 'В роли есть права, которых у вас нет' : null;
  const { data: organizations = [] } = useOrganizationsQuery();
  const { data: regions = [] } = useCatalogQuery('regions');
  const { data: posts = [] } = useCatalogQuery('posts');
  const { data: allPrograms = [] } = useCatalogQuery('programs');
  // The hot line's software: type 2 in the executor screens' reading, special software in ours.
  const programs = useMemo(() => allPrograms.filter((p) => hotlineProgramType(Number(p.type)) === HOTLINE_SPECIAL_SOFTWARE), [allPrograms]);
  const [tab, setTab] = useState<TabKey>('general');
  const [askDeactivate, setAskDeactivate] = useState(false);

  const resolver = useMemo(
    () =>
      (hotline
        ? zodResolver(hotlineExecutorSchema, { errorMap: ruErrorMap, path: [], async: false })
        : zodResolver(employeeSchema, { errorMap: ruErrorMap, path: [], async: false })) as unknown as Resolver<UserFormValues>,
    [hotline],
  );
  const form = useForm<UserFormValues>({ defaultValues: formValuesOf(user, hotline), resolver });
  const values = useWatch({ control: form.control }) as UserFormValues;
  const inactive = user?.is_inactive === true;
  const locked = readOnly || inactive;

  const units = useMemo(() => organizations.flatMap((o) => o.units.map((u) => ({ ...u, organization: o.name }))), [organizations]);
  const organizationRegion = (id: number) => organizations.find((o) => o.id === id)?.region_id;
  const unitRegion = (id: number) => units.find((u) => u.id === id)?.region_id;

  const edit = useMemo<FormEditContextValue>(
    () => ({
      isEditable: (path) => !locked && !isLoading && (path !== 'organization_id' || hotline || values.region_id != null),
      isRequired: (path) => ['name', 'email', 'login', ...(hotline ? [] : ['surname', 'organization_id'])].includes(path),
      change: (path, value) => {
        const validate = form.formState.isSubmitted;
        if (path === 'is_inactive' && value === true) {
          setAskDeactivate(true);
          return;
        }
        if (path === 'region_id') {
          const regionId = value === null ? null : Number(value);
          const next = afterRegionChange(form.getValues(), regionId, organizationRegion, unitRegion);
          form.setValue('organization_id', next.organization_id, { shouldDirty: true });
          form.setValue('units', next.units, { shouldDirty: true });
        }
        form.setValue(path as keyof UserFormValues, value as never, { shouldDirty: true, shouldValidate: validate });
      },
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the lookups read the latest lists
    [locked, isLoading, form, hotline, values.region_id, organizations],
  );

  const shownRoles = roles.filter((r) => r.role_is_hotline === hotline);
  // Roles above one's level are not offered (GET /api/user_role) but a higher account's are still named.
  const unlistedRoles = (user?.held_roles ?? []).filter((h) => !roles.some((r) => r.id === h.id));
  const chosenRoles = values.users_roles ?? [];
  const signer = roles.some((r) => chosenRoles.includes(r.id) && SIGNING_RIGHTS.some((k) => hasFull(r.rightsObject, k)));
  // Login and password with the users-list right; an executor's also to the executors' manager (api/routes/user.ts).
  // The server withholds the login of an account one does not manage (a higher level): no field then.
  const showsLogin = (hasFull(rights, 'RIGHT_USERS_LIST') || (hotline && hasFull(rights, 'RIGHT_USERS_HL'))) && (user === null || user.login !== undefined);
  const regionUnits = units.filter((u) => u.region_id === values.region_id);
  const regionOrganizations = organizations.filter((o) => o.region_id === values.region_id);

  /** The General tab's errors keep the user on it (administration.md 5). */
  const goTo = async (next: TabKey) => {
    if (tab === 'general' && next !== 'general' && !locked) {
      const ok = await form.trigger([...generalFields]);
      if (!ok) return;
    }
    setTab(next);
  };

  const submit = form.handleSubmit(
    async (parsed) => {
      try {
        await save({ id: user?.id ?? null, user: payloadOf({ ...parsed, region_id: null }) }).unwrap();
        onClose();
      } catch (error) {
        if (!isFetchBaseQueryError(error) || httpStatusOf(error) !== 400) return;
        const fields = Object.entries(fieldErrorsOf(error)).filter(([f]) => (generalFields as readonly string[]).includes(f));
        for (const [field, message] of fields) form.setError(field as keyof UserFormValues, { type: 'server', message });
        if (fields.length) setTab('general');
        else dispatch(showError(apiErrorText(error)));
      }
    },
    (errors) => {
      if (generalFields.some((f) => f in errors)) setTab('general');
    },
  );

  const setList = (path: 'users_roles' | 'units' | 'users_programs', ids: number[]) => edit.change(path, ids);
  const toggle = (list: readonly number[], id: number, on: boolean) => (on ? [...list, id] : list.filter((x) => x !== id));

  const title = hotline ? 'Исполнитель Техподдержки' : 'Учетная запись работника';
  return (
    <EditDialog title={`${title}${user ? `: ${user.fio}` : ''}`} readOnly={locked} busy={isLoading} cancelText="Отмена" onSave={() => void submit()} onClose={onClose}>
      <FormEditProvider form={form} edit={edit}>
        <Tabs value={tab} onChange={(_e, next: TabKey) => void goTo(next)} sx={{ mb: 2 }}>
          <Tab value="general" label="Общие" />
          {!inactive && <Tab value="roles" label="Роли" />}
          {!inactive && !hotline && <Tab value="objects" label="Объекты" />}
          {!inactive && hotline && <Tab value="software" label="Программное обеспечение" />}
          {/* Certificates of an account one does not manage are refused by the server: not offered. */}
          {user && !inactive && !hotline && (user.editable || user.id === me?.id) && <Tab value="certificates" label="Сертификаты" />}
        </Tabs>
        <Box
          component="form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (!locked) void submit();
          }}
        >
          {tab === 'general' && (
            <Stack spacing={2}>
              {inactive && <Alert severity="info">Учетная запись неактивна</Alert>}
              {hotline ? (
                <FormTextField<UserFormValues> name="name" label="Исполнитель" />
              ) : (
                <>
                  <FormTextField<UserFormValues> name="surname" label="Фамилия" />
                  <FormTextField<UserFormValues> name="name" label="Имя" />
                  <FormTextField<UserFormValues> name="patronymic" label="Отчество" />
                </>
              )}
              <FormTextField<UserFormValues> name="phone" label="Телефон" />
              <FormTextField<UserFormValues> name="email" label="Email" emptyValue="" />
              {!hotline && (
                <>
                  <FormSelect<UserFormValues> name="region_id" label="Регион" options={regions.map((r) => ({ value: r.id, label: String(r.title) }))} />
                  <FormSelect<UserFormValues>
                    name="organization_id"
                    label="Организация"
                    options={regionOrganizations.map((o) => ({ value: o.id, label: o.name }))}
                  />
                  <FormSelect<UserFormValues> name="post_id" label="Должность" options={posts.map((p) => ({ value: p.id, label: String(p.title) }))} />
                  <FormTextField<UserFormValues> name="post_description" label="Описание должности" />
                </>
              )}
              {(hotline || signer || Boolean(values.due_order)) && (
                <FormTextField<UserFormValues> name="due_order" label={hotline ? 'Примечание' : 'Документ, подтверждающий полномочия'} multiline />
              )}
              {showsLogin && (
                <>
                  <FormTextField<UserFormValues> name="login" label="Логин" emptyValue="" />
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                    <FormTextField<UserFormValues> name="password" label={user ? 'Новый пароль' : 'Пароль'} />
                    {!locked && (
                      <Button sx={{ whiteSpace: 'nowrap', mt: 1 }} onClick={() => edit.change('password', generatePassword())}>
                        Сгенерировать
                      </Button>
                    )}
                  </Stack>
                </>
              )}
              {user && !inactive && hasFull(rights, 'RIGHT_USER_STATUS_EDIT') && <FormCheckbox<UserFormValues> name="is_inactive" label="Неактивна" />}
            </Stack>
          )}
          {tab === 'roles' && (
            <Stack spacing={1}>
              {hasMixedAccessLevels(chosenRoles, roles) && <Alert severity="warning">{mixedAccessLevelsWarning}</Alert>}
              <FormGroup aria-label="Роли">
                {shownRoles.map((r) => {
                  const reason = refusal(r);
                  return (
                    <FormControlLabel
                      key={r.id}
                      label={
                        reason ? (
                          <>
                            {r.title}
                            <Typography variant="caption" component="span" color="text.secondary" sx={{ display: 'block' }}>
                              {reason}
                            </Typography>
                          </>
                        ) : (
                          r.title
                        )
                      }
                      disabled={locked || reason !== null}
                      control={<Checkbox checked={chosenRoles.includes(r.id)} onChange={(e) => setList('users_roles', toggle(chosenRoles, r.id, e.target.checked))} />}
                    />
                  );
                })}
                {unlistedRoles.map((r) => (
                  <FormControlLabel
                    key={r.id}
                    label={
                      <>
                        {r.title}
                        <Typography variant="caption" component="span" color="text.secondary" sx={{ display: 'block' }}>
                          {ROLE_ABOVE}
                        </Typography>
                      </>
                    }
                    disabled
                    control={<Checkbox checked />}
                  />
                ))}
              </FormGroup>
            </Stack>
          )}
          {tab === 'objects' && (
            <Stack spacing={1}>
              {values.region_id == null && <Typography color="text.secondary">Выберите регион на вкладке «Общие»</Typography>}
              <Autocomplete
                multiple
                disabled={locked || values.region_id == null}
                options={regionUnits}
                value={regionUnits.filter((u) => (values.units ?? []).includes(u.id))}
                getOptionLabel={(u) => `${u.name} (${u.organization})`}
                isOptionEqualToValue={(a, b) => a.id === b.id}
                onChange={(_e, picked) => setList('units', picked.map((u) => u.id))}
                renderInput={(params) => <TextField {...params} label="Объекты" />}
              />
            </Stack>
          )}
          {tab === 'certificates' && user && <UserCertificates userId={user.id} manage={!inactive && hasFull(rights, 'RIGHT_SIGNING_CERTIFICATES')} />}
          {tab === 'software' && (
            <Autocomplete
              multiple
              disabled={locked}
              options={programs}
              value={programs.filter((p) => (values.users_programs ?? []).includes(p.id))}
              getOptionLabel={(p) => String(p.title)}
              isOptionEqualToValue={(a, b) => a.id === b.id}
              onChange={(_e, picked) => setList('users_programs', picked.map((p) => p.id))}
              renderInput={(params) => <TextField {...params} label="Программное обеспечение" />}
            />
          )}
        </Box>
      </FormEditProvider>
      <ConfirmDialog
        open={askDeactivate}
        text={DEACTIVATE_QUESTION}
        confirmText="Продолжить"
        onConfirm={() => {
          form.setValue('is_inactive', true, { shouldDirty: true });
          setAskDeactivate(false);
        }}
        onCancel={() => setAskDeactivate(false)}
      />
    </EditDialog>
  );
};
