import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useEffect, useMemo, useState } from 'react';
import { documentParametersSchema, documentYears, type TechnicalDocument } from '@domain/report/technical/documents';
import { AppDialog } from '@/components';
import { apiErrorText } from '@/lib/api';
import { useDocumentSignersQuery, useDocumentUnitsQuery, useDownloadTechnicalDocMutation, type DocumentSigner } from './api';

interface Values { unit_id: number | ''; iac_signer_id: number | ''; unit_signer_id: number | ''; year: number }

/**
 * The document dialog (administration.md 2.10; issue 15): object (the caller's request-read scope),
 * the branch and the unit signer of that object (a single candidate preselected), year of the last
 * 10; 'Сформировать' checks the shared schema, then the server renders the Word file and it downloads.
 */
export const TechnicalDocDialog = ({ doc, onClose }: { doc: TechnicalDocument; onClose: () => void }) => {
  const years = useMemo(() => documentYears(new Date()), []);
  const [values, setValues] = useState<Values>({ unit_id: '', iac_signer_id: '', unit_signer_id: '', year: years[0]! });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { data: units } = useDocumentUnitsQuery();
  const { data: signers } = useDocumentSignersQuery(values.unit_id === '' ? skipToken : values.unit_id);
  const [download, { isLoading, error }] = useDownloadTechnicalDocMutation();

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
  }, [signers]);

  const generate = async () => {
    const parsed = documentParametersSchema().safeParse(values);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    const r = await download({ docId: doc.id, body: parsed.data, fallbackName: `${doc.title}.docx` });
    if ('data' in r && r.data) onClose();
  };
  const signerField = (key: 'iac_signer_id' | 'unit_signer_id', label: string, list: readonly DocumentSigner[]) => (
    <TextField select label={label} value={values[key]} error={Boolean(errors[key])} helperText={errors[key]} disabled={values.unit_id === ''}
      onChange={(e) => setValues((v) => ({ ...v, [key]: e.target.value === '' ? '' : Number(e.target.value) }))}>
      {list.map((s) => (
        <MenuItem key={s.id} value={s.id}>{s.post ? `${s.name}, ${s.post}` : s.name}</MenuItem>
      ))}
    </TextField>
  );

  return (
    <AppDialog
      open
      title={doc.title}
      actions={
        <>
          <Button variant="contained" disabled={isLoading} onClick={() => void generate()}>Сформировать</Button>
          <Button onClick={onClose}>Отмена</Button>
        </>
      }
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextField select label="Объект" value={values.unit_id} error={Boolean(errors.unit_id)} helperText={errors.unit_id}
          onChange={(e) => setValues((v) => ({ ...v, unit_id: e.target.value === '' ? '' : Number(e.target.value), iac_signer_id: '', unit_signer_id: '' }))}>
          {(units?.units ?? []).map((u) => (
            <MenuItem key={u.id} value={u.id}>{u.vncode ? `${u.title} (${u.vncode})` : u.title}</MenuItem>
          ))}
        </TextField>
        {signerField('iac_signer_id', 'Подписант от филиала', signers?.iac ?? [])}
        {signerField('unit_signer_id', 'Подписант от объекта', signers?.unit ?? [])}
        <TextField select label="Год" value={values.year} error={Boolean(errors.year)} helperText={errors.year}
          onChange={(e) => setValues((v) => ({ ...v, year: Number(e.target.value) }))}>
          {years.map((y) => (
            <MenuItem key={y} value={y}>{y}</MenuItem>
          ))}
        </TextField>
        {error ? <Alert severity="error">{apiErrorText(error)}</Alert> : null}
      </Stack>
    </AppDialog>
  );
};
