import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { manualFileRule, manualFolderSchema, manualItemSchema } from '@domain/manual/decider';
import type { StoredFile } from '@domain/news/files';
import { AttachedFiles, EditDialog } from '@/components';
import { useSaveManualFolderMutation, useSaveManualItemMutation, type ManualFolderRow, type ManualItemRow } from '../api/manual-api';

const issuesOf = (r: { success: boolean; error?: { issues: Array<{ path: Array<string | number>; message: string }> } }) => {
  const out: Record<string, string> = {};
  if (!r.success) for (const i of r.error?.issues ?? []) out[String(i.path[0])] ??= i.message;
  return out;
};

/** A folder: title and order. */
export const ManualFolderDialog = ({ folder, onClose }: { readonly folder: ManualFolderRow | null; readonly onClose: () => void }) => {
  const [title, setTitle] = useState(folder?.title ?? '');
  const [order, setOrder] = useState(String(folder?.order ?? 1));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [save, { isLoading }] = useSaveManualFolderMutation();
  const submit = async () => {
    const manual = { title, order: Number(order) };
    const found = issuesOf(manualFolderSchema.safeParse(manual));
    setErrors(found);
    if (Object.keys(found).length) return;
    try {
      await save({ id: folder?.id ?? null, manual }).unwrap();
      onClose();
    } catch {
      // The red notice is the base query's.
    }
  };
  return (
    <EditDialog title={folder ? 'Папка' : 'Новая папка'} busy={isLoading} cancelText="Отмена" onSave={() => void submit()} onClose={onClose}>
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextField label="Наименование папки" value={title} onChange={(e) => setTitle(e.target.value)} required error={Boolean(errors.title)} helperText={errors.title} />
        <TextField label="Порядок" type="number" value={order} onChange={(e) => setOrder(e.target.value)} error={Boolean(errors.order)} helperText={errors.order} />
      </Stack>
    </EditDialog>
  );
};

/** An item of a folder: title, contents, order, files (video, pictures, documents). */
export const ManualItemDialog = ({ folderId, item, onClose }: { readonly folderId: number; readonly item: ManualItemRow | null; readonly onClose: () => void }) => {
  const [title, setTitle] = useState(item?.title ?? '');
  const [contents, setContents] = useState(item?.contents ?? '');
  const [order, setOrder] = useState(String(item?.order ?? 1));
  const [kept, setKept] = useState<readonly StoredFile[]>(item?.manual_item_files ?? []);
  const [added, setAdded] = useState<readonly File[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [save, { isLoading }] = useSaveManualItemMutation();
  const submit = async () => {
    const manualItem = { manual_id: folderId, title, contents, order: Number(order) };
    const found = issuesOf(manualItemSchema.safeParse(manualItem));
    setErrors(found);
    if (Object.keys(found).length) return;
    const body = new FormData();
    body.append('manualItem', JSON.stringify(manualItem));
    body.append('filesList', JSON.stringify(kept.map((f) => f.file_id)));
    for (const f of added) body.append('files', f, f.name);
    try {
      await save({ id: item?.id ?? null, body }).unwrap();
      onClose();
    } catch {
      // The red notice is the base query's.
    }
  };
  return (
    <EditDialog title={item ? 'Материал' : 'Новый материал'} busy={isLoading} cancelText="Отмена" onSave={() => void submit()} onClose={onClose}>
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextField label="Наименование" value={title} onChange={(e) => setTitle(e.target.value)} required error={Boolean(errors.title)} helperText={errors.title} />
        <TextField label="Содержание" value={contents} onChange={(e) => setContents(e.target.value)} multiline minRows={3} error={Boolean(errors.contents)} helperText={errors.contents} />
        <TextField label="Порядок" type="number" value={order} onChange={(e) => setOrder(e.target.value)} error={Boolean(errors.order)} helperText={errors.order} />
        <AttachedFiles rule={manualFileRule} kept={kept} added={added} onKeptChange={setKept} onAddedChange={setAdded} error={errors.files} />
      </Stack>
    </EditDialog>
  );
};
