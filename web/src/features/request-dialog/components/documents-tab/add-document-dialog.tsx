import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { actAllowedForKind, actPrecondition } from '@domain/request/acts';
import { actKindTitles, signTypeTitles, SignType, type ActKind } from '@domain/request/enums';
import { validateFiles } from '@domain/request/files';
import { ACT_NUMBER_MAX, actExtensionOf, actNeedsNumber, manualActMessages, manualActSchema } from '@domain/request/manual-act';
import { AppDialog, DateInput } from '@/components';
import { requestDataOf, type RequestFormValues } from '../../model/form-values';
import { enumOptions } from '../fields';
import { FilePickerButton } from '../file-picker-button';
import { PlainSelect } from '../pickers/plain-select';

export interface NewDocument {
  readonly file: File;
  readonly act_kind: ActKind | null;
  readonly sign_type: SignType;
  readonly signers_count: 2 | 3;
  readonly act_number: string | null;
  readonly act_date: string | null;
}

export interface AddDocumentDialogProps {
  readonly defaultSignersCount: 2 | 3;
  readonly onAdd: (doc: NewDocument) => void;
  readonly onClose: () => void;
}

const actOptions = enumOptions(actKindTitles, false);

/**
 * A document for the request: the file, the act it is (so an uploaded act counts as the matching
 * act of 4.2) with its number and date, signing type and signers count. The act's preconditions and
 * its number and date rules are the domain's, checked on the form as it is now, before anything is
 * sent; the server checks the file's content.
 */
export const AddDocumentDialog = ({ defaultSignersCount, onAdd, onClose }: AddDocumentDialogProps) => {
  const { getValues } = useFormContext<RequestFormValues>();
  const [file, setFile] = useState<File | null>(null);
  const [actKind, setActKind] = useState<ActKind | null>(null);
  const [signType, setSignType] = useState<SignType>(SignType.ELECTRON);
  const [signers, setSigners] = useState<2 | 3>(defaultSignersCount);
  const [actNumber, setActNumber] = useState('');
  const [actDate, setActDate] = useState<string | null>(null);
  const [tried, setTried] = useState(false);

  const documents = getValues('documents');
  const fileProblem = file ? validateFiles([...documents.map((d) => ({ name: d.file_name, size: d.size })), { name: file.name, size: file.size }], 'documents') : null;
  const data = requestDataOf(getValues());
  // Only the acts of the request's kind are offered (requests.md 4.2); the precondition still refuses others.
  const kindActOptions = actOptions.filter((o) => actAllowedForKind(data.request_kind_id, o.value as ActKind));
  const actProblem = actKind ? actPrecondition(data, actKind) : null;
  const typeProblem = actKind && file && !actExtensionOf(file.name) ? manualActMessages.type : null;
  const withNumber = actNeedsNumber(actKind);
  const act = { act_kind: actKind, act_number: withNumber ? actNumber.trim() : null, act_date: withNumber ? actDate : null };
  const parsed = manualActSchema({ createdAt: data.request_date_add }).safeParse(act);
  const fieldError = (path: string) => (parsed.success ? undefined : parsed.error.issues.find((i) => i.path[0] === path)?.message);
  const problem = fileProblem ?? typeProblem ?? actProblem;

  const add = () => {
    setTried(true);
    if (file && problem === null && parsed.success) onAdd({ file, ...act, sign_type: signType, signers_count: signers });
  };

  return (
    <AppDialog
      open
      title="Добавить документ"
      onClose={onClose}
      actions={
        <>
          <Button
            variant="contained"
            disabled={!file || problem !== null || (tried && !parsed.success)}
            onClick={add}
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
        <PlainSelect<ActKind> label="Вид акта" value={actKind} options={kindActOptions} onChange={setActKind} emptyLabel="Не акт" />
        {withNumber && (
          <Stack direction="row" spacing={2}>
            <TextField
              label="Номер акта"
              required
              value={actNumber}
              onChange={(e) => setActNumber(e.target.value)}
              slotProps={{ htmlInput: { maxLength: ACT_NUMBER_MAX } }}
              error={tried && fieldError('act_number') !== undefined}
              helperText={tried ? fieldError('act_number') : undefined}
            />
            <DateInput label="Дата акта" required value={actDate} onChange={setActDate} error={tried ? fieldError('act_date') : undefined} />
          </Stack>
        )}
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
