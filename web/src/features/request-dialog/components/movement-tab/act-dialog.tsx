import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { ActKind, actKindTitles, signTypeTitles, type SignType } from '@domain/request/enums';
import { dateMessages } from '@domain/request/messages';
import { actTextMessages, rolesOf, signerRoleTitles, type SignerRole } from '@domain/act/data';
import { preselected, signerErrors } from '@domain/act/signers';
import { signersCountOf, twoSignerActs } from '@domain/act/templates';
import { DateInput } from '@/components';
import { apiErrorText } from '@/lib/api';
import { useActSignerCandidatesQuery, useGenerateActMutation } from '../../api/act-api';
import type { RequestView } from '../../api/types';

const todayIso = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

export interface ActDialogProps {
  readonly requestId: number;
  readonly kind: ActKind;
  readonly defaultSigners: 2 | 3;
  readonly onClose: () => void;
  /**
   * Runs the generation (the block saves the form's changes first); resolves with the request as
   * it left it, or rejects with the server's refusal.
   */
  readonly run: (call: () => Promise<RequestView>) => Promise<void>;
}

/**
 * The act dialogs of requests.md 2.5: editable act text (the equipment line kept), act date
 * (default today, future allowed), 2 or 3 signers (a single candidate preselected), paper or
 * electronic signing (default electronic), 'Продолжить' and 'Выход'. The server decides again;
 * its refusal is shown here in red.
 */
export const ActDialog = ({ requestId, kind, defaultSigners, onClose, run }: ActDialogProps) => {
  const { data: candidates } = useActSignerCandidatesQuery({ requestId, actKind: kind });
  const [generate, { isLoading }] = useGenerateActMutation();
  const [actText, setActText] = useState<string | null>(null);
  // null while the field holds no complete date.
  const [actDate, setActDate] = useState<string | null>(todayIso());
  const [count, setCount] = useState<2 | 3>(signersCountOf(kind, defaultSigners));
  const [signType, setSignType] = useState<SignType>('electron');
  const [signers, setSigners] = useState<Partial<Record<SignerRole, number>>>({});
  const [error, setError] = useState<string | null>(null);
  const [tried, setTried] = useState(false);
  // From the click until the answer (the block may save the form first): one generation per click.
  const [running, setRunning] = useState(false);

  // Until the user edits them: the server's default text and the preselected single candidates.
  const text = actText ?? candidates?.actText ?? '';
  const chosen: Partial<Record<SignerRole, number>> = { ...(candidates ? preselected(candidates, count) : {}), ...signers };
  const roles = rolesOf(count);
  const errors = candidates ? signerErrors(count, chosen, candidates) : null;
  // СО-7 keeps the equipment line exactly as the server wrote it (the server checks it again).
  const equipmentLine = (candidates?.actText ?? '').split('\n')[0] ?? '';
  const textError =
    kind === ActKind.CO_7 && equipmentLine && !text.split('\n').some((l) => l.trim() === equipmentLine) ? actTextMessages.equipmentLine : null;

  const submit = async () => {
    setTried(true);
    setError(null);
    if (errors || textError || !actDate) return;
    setRunning(true);
    try {
      await run(async () => {
        const answer = await generate({
          requestId, actKind: kind, actDate, actText: text, signersCount: count, signType,
          signers: { iac: chosen.iac ?? null, unit: chosen.unit ?? null, final: count === 3 ? chosen.final ?? null : null },
        }).unwrap();
        return answer.savedRequest;
      });
    } catch (e) {
      setError(apiErrorText(e as never));
    } finally {
      setRunning(false);
    }
  };

  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby="act-dialog-title">
      <DialogTitle id="act-dialog-title">Сформировать {actKindTitles[kind]}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label="Текст акта"
            multiline
            minRows={4}
            value={text}
            onChange={(e) => setActText(e.target.value)}
            error={Boolean(textError)}
            helperText={textError ?? ' '}
          />
          {/* The app's DD.MM.YYYY field (requests.md 5, Dates), not the browser's own date input in its locale. */}
          <div style={{ maxWidth: 220 }}>
            <DateInput label="Дата акта" value={actDate} onChange={setActDate} error={tried && !actDate ? dateMessages.required : undefined} />
          </div>
          <div>
            <FormLabel>Количество подписантов</FormLabel>
            <RadioGroup row value={String(count)} onChange={(e) => setCount(e.target.value === '3' ? 3 : 2)}>
              <FormControlLabel value="2" control={<Radio />} label="2" />
              <FormControlLabel value="3" control={<Radio />} label="3" disabled={twoSignerActs.includes(kind)} />
            </RadioGroup>
          </div>
          {roles.map((role) => (
            <TextField
              key={role}
              select
              label={signerRoleTitles[role]}
              value={chosen[role] ?? ''}
              onChange={(e) => setSigners((s) => ({ ...s, [role]: Number(e.target.value) }))}
              error={tried && Boolean(errors?.[role])}
              helperText={(tried && errors?.[role]) || ' '}
            >
              {(candidates?.[role] ?? []).map((c) => (
                <MenuItem key={c.id} value={c.id}>
                  {c.name}{c.post ? `, ${c.post}` : ''}
                </MenuItem>
              ))}
            </TextField>
          ))}
          <div>
            <FormLabel>Способ подписания</FormLabel>
            <RadioGroup row value={signType} onChange={(e) => setSignType(e.target.value as SignType)}>
              <FormControlLabel value="electron" control={<Radio />} label={signTypeTitles.electron} />
              <FormControlLabel value="paper" control={<Radio />} label={signTypeTitles.paper} />
            </RadioGroup>
          </div>
          {error && <Alert severity="error">{error}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Выход</Button>
        <Button variant="contained" onClick={() => void submit()} disabled={running || isLoading || !candidates}>
          Продолжить
        </Button>
      </DialogActions>
    </Dialog>
  );
};
