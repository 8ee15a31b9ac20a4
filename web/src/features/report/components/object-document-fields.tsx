import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useEffect, type Dispatch, type SetStateAction } from 'react';
import { useDocumentSignersQuery, useDocumentUnitsQuery, type DocumentSigner } from '../api/report-api';
import { selectCurrentUser } from '@/lib/session';
import { useAppSelector } from '@/lib/store';

/** The dialog's values of a document of one object (domain/report/technical/documents.ts). */
export interface ObjectDocumentValues {
  readonly unit_id: number | '';
  readonly iac_signer_id: number | '';
  readonly unit_signer_id: number | '';
  readonly year: number;
}

interface Props {
  readonly values: ObjectDocumentValues;
  readonly setValues: Dispatch<SetStateAction<ObjectDocumentValues>>;
  readonly errors: Readonly<Record<string, string>>;
  readonly disabled: boolean;
  readonly years: readonly number[];
}

/**
 * A technical document's fields (administration.md 2.10; decisions 87–96): the object (the caller's
 * request-read scope), the branch and the unit signer of that object (a single candidate
 * preselected), a year of the last 10.
 */
export const ObjectDocumentFields = ({ values, setValues, errors, disabled, years }: Props) => {
  const set = (patch: Partial<ObjectDocumentValues>) => setValues((v) => ({ ...v, ...patch }));
  const { data: units } = useDocumentUnitsQuery();
  const { data: signers } = useDocumentSignersQuery(values.unit_id === '' ? skipToken : values.unit_id);

  // The object is preset: the only one offered, or an object user's own first building among those offered.
  const ownUnits = useAppSelector(selectCurrentUser)?.units;
  useEffect(() => {
    const offered = units?.units ?? [];
    if (!offered.length) return;
    const own = offered.length === 1 ? offered[0]!.id : (ownUnits ?? []).map((u) => u.id).find((id) => offered.some((o) => o.id === id));
    if (own === undefined) return;
    queueMicrotask(() => setValues((v) => (v.unit_id === '' ? { ...v, unit_id: own } : v)));
  }, [units, ownUnits, setValues]);

  // A single candidate is chosen for the user (equipment.md 6).
  useEffect(() => {
    if (!signers) return;
    queueMicrotask(() =>
      setValues((v) => ({
        ...v,
        iac_signer_id: v.iac_signer_id === '' && signers.iac.length === 1 ? signers.iac[0]!.id : v.iac_signer_id,
        unit_signer_id: v.unit_signer_id === '' && signers.unit.length === 1 ? signers.unit[0]!.id : v.unit_signer_id,
      })),
    );
  }, [signers, setValues]);

  const signerField = (key: 'iac_signer_id' | 'unit_signer_id', label: string, list: readonly DocumentSigner[]) => (
    <TextField select label={label} value={values[key]} error={Boolean(errors[key])} helperText={errors[key]} disabled={disabled || values.unit_id === ''}
      onChange={(e) => set({ [key]: e.target.value === '' ? '' : Number(e.target.value) })}>
      {list.map((s) => (
        <MenuItem key={s.id} value={s.id}>{s.post ? `${s.name}, ${s.post}` : s.name}</MenuItem>
      ))}
    </TextField>
  );

  return (
    <>
      <TextField select label="Объект" value={values.unit_id} error={Boolean(errors.unit_id)} helperText={errors.unit_id} disabled={disabled}
        onChange={(e) => set({ unit_id: e.target.value === '' ? '' : Number(e.target.value), iac_signer_id: '', unit_signer_id: '' })}>
        {(units?.units ?? []).map((u) => (
          <MenuItem key={u.id} value={u.id}>{u.vncode ? `${u.title} (${u.vncode})` : u.title}</MenuItem>
        ))}
      </TextField>
      {signerField('iac_signer_id', 'Подписант от филиала', signers?.iac ?? [])}
      {signerField('unit_signer_id', 'Подписант от объекта', signers?.unit ?? [])}
      <TextField select label="Год" value={values.year} error={Boolean(errors.year)} helperText={errors.year} disabled={disabled}
        onChange={(e) => set({ year: Number(e.target.value) })}>
        {years.map((y) => (
          <MenuItem key={y} value={y}>{y}</MenuItem>
        ))}
      </TextField>
    </>
  );
};
