import DeleteIcon from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { EditDialog } from '@/components';
import { apiErrorText, fieldErrorsOf, httpStatusOf, isFetchBaseQueryError } from '@/lib/api';
import { useBlobUrl, useFilePreviewUrl } from '@/lib/blob-url';
import { showError } from '@/lib/notices';
import { useCatalogQuery } from '@/lib/references';
import { useAppDispatch } from '@/lib/store';
import { toolModelFilePath, useSaveToolModelMutation, type ModelFile, type ToolModelRow } from '../api/tool-model-api';

/** A file of the dialog: kept from the model, or picked now (uploaded on save). */
type DialogFile = { readonly kind: 'kept'; readonly file: ModelFile } | { readonly kind: 'new'; readonly section: ModelFile['section']; readonly blob: File };

const nameOf = (f: DialogFile) => (f.kind === 'kept' ? f.file.file_name : f.blob.name);
const sectionOf = (f: DialogFile) => (f.kind === 'kept' ? f.file.section : f.section);

const KeptPicture = ({ modelId, file }: { readonly modelId: number; readonly file: ModelFile }) => {
  const { url } = useBlobUrl({ path: toolModelFilePath(modelId, file.file_id) });
  return url ? <img src={url} alt={file.file_name} style={{ maxWidth: '100%', maxHeight: 360 }} /> : <Typography color="text.secondary">Загрузка…</Typography>;
};

const NewPicture = ({ blob }: { readonly blob: File }) => {
  const url = useFilePreviewUrl(blob);
  return url ? <img src={url} alt={blob.name} style={{ maxWidth: '100%', maxHeight: 360 }} /> : <Typography color="text.secondary">Загрузка…</Typography>;
};

/** The Images tab's carousel: one picture at a time with back and forward. */
const Carousel = ({ modelId, pictures }: { readonly modelId: number | null; readonly pictures: readonly DialogFile[] }) => {
  const [index, setIndex] = useState(0);
  if (pictures.length === 0) return <Typography color="text.secondary">Нет изображений</Typography>;
  const i = Math.min(index, pictures.length - 1);
  const current = pictures[i]!;
  return (
    <Stack spacing={1} sx={{ alignItems: 'center' }} data-testid="model-carousel">
      <Box sx={{ minHeight: 200, display: 'flex', alignItems: 'center' }}>
        {current.kind === 'kept' && modelId !== null ? <KeptPicture modelId={modelId} file={current.file} /> : current.kind === 'new' ? <NewPicture blob={current.blob} /> : null}
      </Box>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Button size="small" disabled={i === 0} onClick={() => setIndex(i - 1)}>
          Назад
        </Button>
        <Typography>{`${i + 1} / ${pictures.length}`}</Typography>
        <Button size="small" disabled={i === pictures.length - 1} onClick={() => setIndex(i + 1)}>
          Вперед
        </Button>
      </Stack>
    </Stack>
  );
};

export interface ToolModelDialogProps {
  readonly model: ToolModelRow | null;
  readonly canEdit: boolean;
  readonly onClose: () => void;
}

/**
 * The model dialog (equipment.md 2): tabs General, Characteristics, Documents, Images (with a
 * carousel). The kind's characteristics each take one of their values. A tab cannot be left while
 * General has errors (the server's messages after a refused save; the server checks every rule).
 */
export const ToolModelDialog = ({ model, canEdit, onClose }: ToolModelDialogProps) => {
  const dispatch = useAppDispatch();
  const { data: kinds } = useCatalogQuery('tool_kind');
  const { data: manufacturers } = useCatalogQuery('manufacturer');
  const { data: traits } = useCatalogQuery('tools_traits');
  const [save, { isLoading }] = useSaveToolModelMutation();
  const [tab, setTab] = useState(0);
  const [kindId, setKindId] = useState<number | null>(model?.tool_kind_id ?? null);
  const [manufacturerId, setManufacturerId] = useState<number | null>(model?.manufacturer_id ?? null);
  const [name, setName] = useState(model?.model ?? '');
  const [verified, setVerified] = useState(model?.is_verified ?? false);
  const [values, setValues] = useState<Record<number, number>>(() => Object.fromEntries((model?.traits ?? []).map((t) => [t.tool_trait_id, t.trait_value_id])));
  const [files, setFiles] = useState<DialogFile[]>(() => (model?.files ?? []).map((file) => ({ kind: 'kept' as const, file })));
  const [errors, setErrors] = useState<Readonly<Record<string, string>>>({});
  const readOnly = !canEdit || isLoading;
  const kind = kinds?.find((k) => k.id === kindId);
  const kindTraits = (Array.isArray(kind?.traits) ? (kind.traits as unknown[]) : []).map(Number);
  const generalErrors = ['tool_kind_id', 'manufacturer_id', 'model'].some((f) => errors[f]);
  const sortedManufacturers = useMemo(() => [...(manufacturers ?? [])].sort((a, b) => String(a.title).localeCompare(String(b.title), 'ru')), [manufacturers]);

  const pick = (section: ModelFile['section'], list: FileList | null) => {
    if (!list) return;
    setFiles((all) => [...all, ...Array.from(list).map((blob) => ({ kind: 'new' as const, section, blob }))]);
  };

  const submit = async () => {
    setErrors({});
    const body = new FormData();
    const chosen = kindTraits.flatMap((id) => (values[id] ? [{ tool_trait_id: id, trait_value_id: values[id] }] : []));
    body.append('toolModel', JSON.stringify({ tool_kind_id: kindId, manufacturer_id: manufacturerId, model: name, is_verified: verified, traits: chosen }));
    body.append('filesList', JSON.stringify(files.flatMap((f) => (f.kind === 'kept' ? [f.file.file_id] : []))));
    for (const f of files) if (f.kind === 'new') body.append(f.section === 'tool_docs' ? 'documents' : 'pictures', f.blob, f.blob.name);
    try {
      await save({ id: model?.id ?? null, body }).unwrap();
      onClose();
    } catch (error) {
      if (!isFetchBaseQueryError(error) || httpStatusOf(error) !== 400) return;
      const fields = fieldErrorsOf(error);
      setErrors(fields);
      if (['tool_kind_id', 'manufacturer_id', 'model'].some((f) => fields[f])) setTab(0);
      else dispatch(showError(apiErrorText(error)));
    }
  };

  const fileList = (section: ModelFile['section']) => (
    <Stack spacing={1}>
      {files.map((f, i) =>
        sectionOf(f) === section ? (
          <Stack key={`${nameOf(f)}-${i}`} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Typography sx={{ flex: 1 }}>{nameOf(f)}</Typography>
            {canEdit && (
              <IconButton size="small" aria-label={`Удалить файл ${nameOf(f)}`} disabled={readOnly} onClick={() => setFiles((all) => all.filter((_, j) => j !== i))}>
                <DeleteIcon fontSize="small" />
              </IconButton>
            )}
          </Stack>
        ) : null,
      )}
      {canEdit && (
        <Button component="label" variant="outlined" size="small" disabled={readOnly} sx={{ alignSelf: 'flex-start' }}>
          {section === 'tool_docs' ? 'Добавить документы' : 'Добавить изображения'}
          <input
            hidden
            multiple
            type="file"
            name={section === 'tool_docs' ? 'documents' : 'pictures'}
            accept={section === 'tool_docs' ? undefined : '.png,.jpg,.jpeg'}
            onChange={(e) => {
              pick(section, e.target.files);
              e.target.value = '';
            }}
          />
        </Button>
      )}
    </Stack>
  );

  return (
    <EditDialog
      title={model ? 'Модель оборудования: изменение' : 'Модель оборудования: добавление'}
      readOnly={!canEdit}
      busy={isLoading}
      onSave={() => void submit()}
      onClose={onClose}
    >
      <Tabs value={tab} onChange={(_e, v: number) => (generalErrors && tab === 0 ? undefined : setTab(v))} sx={{ mb: 2 }}>
        <Tab label="Общие" />
        <Tab label="Характеристики" />
        <Tab label="Документы" />
        <Tab label="Изображения" />
      </Tabs>
      {tab === 0 && (
        <Stack spacing={2}>
          <TextField select label="Вид оборудования" name="tool_kind_id" value={kindId ?? ''} disabled={readOnly} onChange={(e) => setKindId(Number(e.target.value) || null)} error={Boolean(errors.tool_kind_id)} helperText={errors.tool_kind_id}>
            {(kinds ?? []).map((k) => (
              <MenuItem key={k.id} value={k.id}>
                {String(k.title)}
              </MenuItem>
            ))}
          </TextField>
          <TextField select label="Производитель" name="manufacturer_id" value={manufacturerId ?? ''} disabled={readOnly} onChange={(e) => setManufacturerId(Number(e.target.value) || null)} error={Boolean(errors.manufacturer_id)} helperText={errors.manufacturer_id}>
            {sortedManufacturers.map((m) => (
              <MenuItem key={m.id} value={m.id}>
                {String(m.title)}
              </MenuItem>
            ))}
          </TextField>
          <TextField label="Наименование" name="model" value={name} disabled={readOnly} onChange={(e) => setName(e.target.value)} error={Boolean(errors.model)} helperText={errors.model} />
          <FormControlLabel label="Проверена" disabled={readOnly} control={<Checkbox name="is_verified" checked={verified} onChange={(e) => setVerified(e.target.checked)} />} />
        </Stack>
      )}
      {tab === 1 && (
        <Stack spacing={2}>
          {errors.traits && <Typography color="error">{errors.traits}</Typography>}
          {kindTraits.length === 0 && <Typography color="text.secondary">У вида оборудования нет характеристик</Typography>}
          {kindTraits.map((id) => {
            const trait = traits?.find((t) => t.id === id);
            const options = (Array.isArray(trait?.values) ? (trait.values as Array<{ value_id: number; value_title: string }>) : []);
            return (
              <TextField key={id} select label={String(trait?.title ?? id)} name={`trait-${id}`} value={values[id] ?? ''} disabled={readOnly} onChange={(e) => setValues((v) => ({ ...v, [id]: Number(e.target.value) }))}>
                <MenuItem value="">Не задано</MenuItem>
                {options.map((o) => (
                  <MenuItem key={o.value_id} value={o.value_id}>
                    {o.value_title}
                  </MenuItem>
                ))}
              </TextField>
            );
          })}
        </Stack>
      )}
      {tab === 2 && fileList('tool_docs')}
      {tab === 3 && (
        <Stack spacing={2}>
          <Carousel modelId={model?.id ?? null} pictures={files.filter((f) => sectionOf(f) === 'tool_model_pictures')} />
          {fileList('tool_model_pictures')}
        </Stack>
      )}
    </EditDialog>
  );
};
