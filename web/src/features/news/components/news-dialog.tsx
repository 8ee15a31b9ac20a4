import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { newsFileRule, newsMessages, newsSchema, SPECIAL_SOFTWARE } from '@domain/news/decider';
import { UPLOAD_MAX_BYTES, extensionOfName, type StoredFile } from '@domain/news/files';
import { AppDialog, DateInput } from '@/components';
import { useCatalogQuery } from '@/lib/references';
import { useSaveNewsMutation, type NewsRow } from '../api/news-api';

const today = () => new Date().toISOString().slice(0, 10);

/** The news dialog (administration.md 2.10): date (not in the future), title, description, software (special only), files. */
export const NewsDialog = ({ news, onClose }: { readonly news: NewsRow | null; readonly onClose: () => void }) => {
  const [date, setDate] = useState<string | null>(news?.date ?? today());
  const [title, setTitle] = useState(news?.title ?? '');
  const [description, setDescription] = useState(news?.description ?? '');
  const [programId, setProgramId] = useState(news ? String(news.program_id) : '');
  const [kept, setKept] = useState<readonly StoredFile[]>(news?.gas_soft_renewals_files ?? []);
  const [added, setAdded] = useState<readonly File[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { data: programs } = useCatalogQuery('programs');
  const [save, { isLoading }] = useSaveNewsMutation();
  const special = (programs ?? []).filter((p) => Number(p.type) === SPECIAL_SOFTWARE);

  const addFiles = (list: FileList | null) => {
    const files = [...(list ?? [])];
    const bad = files.find((f) => !newsFileRule.extensions.includes(extensionOfName(f.name)) || f.size > UPLOAD_MAX_BYTES);
    if (bad) return setErrors((e) => ({ ...e, files: newsFileRule.typeMessage }));
    setAdded((a) => [...a, ...files]);
    setErrors(({ files: _f, ...rest }) => rest);
  };

  const submit = async () => {
    const renewal = { date, title, description, program_id: programId ? Number(programId) : null };
    const parsed = newsSchema.safeParse(renewal);
    const found: Record<string, string> = {};
    if (!parsed.success) for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
    if (date && date > today()) found.date = newsMessages.futureDate;
    if (kept.length + added.length === 0) found.files = newsMessages.files;
    setErrors(found);
    if (Object.keys(found).length) return;
    const body = new FormData();
    body.append('renewal', JSON.stringify(renewal));
    body.append('filesList', JSON.stringify(kept.map((f) => f.file_id)));
    for (const f of added) body.append('files', f, f.name);
    try {
      await save({ id: news?.id ?? null, body }).unwrap();
      onClose();
    } catch {
      // The red notice is the base query's.
    }
  };

  return (
    <AppDialog
      open
      title={news ? 'Новость поддержки' : 'Новая новость поддержки'}
      onClose={onClose}
      actions={
        <>
          <Button onClick={onClose}>Отмена</Button>
          <Button variant="contained" disabled={isLoading} onClick={() => void submit()}>
            Сохранить
          </Button>
        </>
      }
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <DateInput label="Дата" value={date} onChange={setDate} required error={errors.date} />
        <TextField label="Заголовок" value={title} onChange={(e) => setTitle(e.target.value)} required error={Boolean(errors.title)} helperText={errors.title} />
        <TextField label="Описание" value={description} onChange={(e) => setDescription(e.target.value)} multiline minRows={3} error={Boolean(errors.description)} helperText={errors.description} />
        <TextField select label="Программное обеспечение" value={programId} onChange={(e) => setProgramId(e.target.value)} required error={Boolean(errors.program_id)} helperText={errors.program_id}>
          {special.map((p) => (
            <MenuItem key={p.id} value={String(p.id)}>
              {String(p.title)}
            </MenuItem>
          ))}
        </TextField>
        <Stack spacing={1}>
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
            {kept.map((f) => (
              <Chip key={f.file_id} label={f.file_name} onDelete={() => setKept((k) => k.filter((x) => x.file_id !== f.file_id))} />
            ))}
            {added.map((f, i) => (
              <Chip key={`${f.name}-${i}`} color="primary" variant="outlined" label={f.name} onDelete={() => setAdded((a) => a.filter((_, j) => j !== i))} />
            ))}
          </Stack>
          <Button component="label" variant="outlined" size="small" sx={{ alignSelf: 'flex-start' }}>
            Добавить файлы
            <input hidden type="file" multiple aria-label="Файлы" accept={newsFileRule.extensions.map((e) => `.${e}`).join(',')} onChange={(e) => addFiles(e.target.files)} />
          </Button>
          {errors.files && (
            <Typography color="error" variant="caption">
              {errors.files}
            </Typography>
          )}
        </Stack>
      </Stack>
    </AppDialog>
  );
};
