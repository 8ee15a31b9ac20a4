import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { UPLOAD_MAX_BYTES, extensionOfName, type StoredFile, type UploadRule } from '@domain/news/files';

export interface AttachedFilesProps {
  readonly rule: UploadRule;
  /** Files already stored; a chip's cross drops one. */
  readonly kept: readonly StoredFile[];
  /** Files picked now, sent with the save. */
  readonly added: readonly File[];
  readonly onKeptChange: (kept: readonly StoredFile[]) => void;
  readonly onAddedChange: (added: readonly File[]) => void;
  /** The form's message (e.g. no file at all); a picked file that breaks the rule shows the rule's own message first. */
  readonly error?: string;
}

/** The files of a record (news, manual item): chips of the stored and new files and 'Добавить файлы'. */
export const AttachedFiles = ({ rule, kept, added, onKeptChange, onAddedChange, error }: AttachedFilesProps) => {
  const [typeError, setTypeError] = useState<string | null>(null);
  const shown = typeError ?? error;
  const pick = (list: FileList | null) => {
    const files = [...(list ?? [])];
    if (files.some((f) => !rule.extensions.includes(extensionOfName(f.name)) || f.size > UPLOAD_MAX_BYTES)) return setTypeError(rule.typeMessage);
    onAddedChange([...added, ...files]);
    setTypeError(null);
  };
  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        {kept.map((f) => (
          <Chip key={f.file_id} label={f.file_name} onDelete={() => onKeptChange(kept.filter((x) => x.file_id !== f.file_id))} />
        ))}
        {added.map((f, i) => (
          <Chip key={`${f.name}-${i}`} color="primary" variant="outlined" label={f.name} onDelete={() => onAddedChange(added.filter((_, j) => j !== i))} />
        ))}
      </Stack>
      <Button component="label" variant="outlined" size="small" sx={{ alignSelf: 'flex-start' }}>
        Добавить файлы
        <input hidden type="file" multiple aria-label="Файлы" accept={rule.extensions.map((e) => `.${e}`).join(',')} onChange={(e) => pick(e.target.files)} />
      </Button>
      {shown && (
        <Typography color="error" variant="caption">
          {shown}
        </Typography>
      )}
    </Stack>
  );
};
