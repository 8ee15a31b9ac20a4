import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { newsFileRule, newsMessages, newsSchema, SPECIAL_SOFTWARE } from '@domain/news/decider';
import type { StoredFile } from '@domain/news/files';
import { AttachedFiles, DateInput, EditDialog } from '@/components';
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
    <EditDialog title={news ? 'Новость поддержки: изменение' : 'Новость поддержки: добавление'} busy={isLoading} cancelText="Отмена" onSave={() => void submit()} onClose={onClose}>
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
        <AttachedFiles rule={newsFileRule} kept={kept} added={added} onKeptChange={setKept} onAddedChange={setAdded} error={errors.files} />
      </Stack>
    </EditDialog>
  );
};
