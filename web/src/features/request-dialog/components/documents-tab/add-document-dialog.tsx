import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { actPrecondition } from '@domain/request/acts';
import { actKindTitles, signTypeTitles, SignType, type ActKind } from '@domain/request/enums';
import { validateFiles } from '@domain/request/files';
import { AppDialog } from '@/components';
import { requestDataOf, type RequestFormValues } from '../../model/form-values';
import { enumOptions } from '../fields';
import { FilePickerButton } from '../file-picker-button';
import { PlainSelect } from '../pickers/plain-select';

export interface NewDocument {
  readonly file: File;
  readonly act_kind: ActKind | null;
  readonly sign_type: SignType;
  readonly signers_count: 2 | 3;
}

export interface AddDocumentDialogProps {
  readonly defaultSignersCount: 2 | 3;
  readonly onAdd: (doc: NewDocument) => void;
  readonly onClose: () => void;
}

const actOptions = enumOptions(actKindTitles, false);

/**
 * A document for the request: the file, the act it is (so an uploaded act counts as the matching
 * act of 4.2), signing type and signers count. The act's preconditions are the domain's, checked
 * on the form as it is now, before anything is sent.
 */
export const AddDocumentDialog = ({ defaultSignersCount, onAdd, onClose }: AddDocumentDialogProps) => {
  const { getValues } = useFormContext<RequestFormValues>();
  const [file, setFile] = useState<File | null>(null);
  const [actKind, setActKind] = useState<ActKind | null>(null);
  const [signType, setSignType] = useState<SignType>(SignType.ELECTRON);
  const [signers, setSigners] = useState<2 | 3>(defaultSignersCount);

  const documents = getValues('documents');
  const fileProblem = file ? validateFiles([...documents.map((d) => ({ name: d.file_name, size: d.size })), { name: file.name, size: file.size }], 'documents') : null;
  const actProblem = actKind ? actPrecondition(requestDataOf(getValues()), actKind) : null;
  const problem = fileProblem ?? actProblem;

  return (
    <AppDialog
      open
      title="Добавить документ"
      onClose={onClose}
      actions={
        <>
          <Button
            variant="contained"
            disabled={!file || problem !== null}
            onClick={() => file && onAdd({ file, act_kind: actKind, sign_type: signType, signers_count: signers })}
          >
            Добавить
          </Button>
          <Button onClick={onClose}>Отменить</Button>
        </>
      }
    >
      <Stack spacing={2}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <FilePickerButton label="Выбрать файл" multiple={false} onPick={(files) => setFile(files[0] ?? null)} />
          <Typography data-testid="document-file-name">{file?.name ?? 'Файл не выбран'}</Typography>
        </Stack>
        <PlainSelect<ActKind> label="Вид акта" value={actKind} options={actOptions} onChange={setActKind} emptyLabel="Не акт" />
        <FormControl>
          <FormLabel>Подписание</FormLabel>
          <RadioGroup row value={signType} onChange={(e) => setSignType(e.target.value === SignType.PAPER ? SignType.PAPER : SignType.ELECTRON)}>
            {Object.entries(signTypeTitles).map(([value, label]) => (
              <FormControlLabel key={value} value={value} control={<Radio />} label={label} />
            ))}
          </RadioGroup>
        </FormControl>
        <FormControl>
          <FormLabel>Количество подписантов</FormLabel>
          <RadioGroup row value={String(signers)} onChange={(e) => setSigners(e.target.value === '3' ? 3 : 2)}>
            <FormControlLabel value="2" control={<Radio />} label="2" />
            <FormControlLabel value="3" control={<Radio />} label="3" />
          </RadioGroup>
        </FormControl>
        {problem && <Alert severity="error">{problem}</Alert>}
      </Stack>
    </AppDialog>
  );
};
