import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState, type ChangeEvent, type ReactNode } from 'react';
import { signingMessages } from '@domain/signing/messages';
import { AppDialog } from '@/components/app-dialog';
import { formatDateTime } from '@/utils/format';
import { createCryptoProSigner } from './cryptopro-signer';
import { isValidAt, type Signer, type SignerCertificate, type SignerSource } from './port';
import type { SignerChoice } from './use-sign-documents';

/**
 * The last choice of this page's life, so a second signing offers the same certificate. The key
 * file's contents stay in memory only (never in storage): a reload asks for the file again.
 */
let lastChoice: SignerChoice | null = null;

export interface CertificateDialogProps {
  readonly open: boolean;
  /** What will be signed ('Подписать документ …', 'Подписать все (3)'). */
  readonly title: ReactNode;
  readonly onChosen: (choice: SignerChoice) => void;
  readonly onClose: () => void;
  /** The plug-in signer is made here unless a test gives one. */
  readonly makeCryptoPro?: () => Signer;
}

const sourceTitles: Record<SignerSource, string> = {
  cryptopro: 'КриптоПро ЭЦП Browser plug-in',
  soft: 'Файл ключа (.key.json) — демонстрационная подпись',
};

/** The certificate chooser common to both signers (decisions 72–86): the user picks the plug-in or a key file, then a certificate. */
export const CertificateDialog = ({ open, title, onChosen, onClose, makeCryptoPro = createCryptoProSigner }: CertificateDialogProps) => {
  const [source, setSource] = useState<SignerSource>(lastChoice?.signer.source ?? 'soft');
  const [signer, setSigner] = useState<Signer | null>(lastChoice?.signer ?? null);
  const [certificates, setCertificates] = useState<readonly SignerCertificate[]>(lastChoice ? [lastChoice.certificate] : []);
  const [chosen, setChosen] = useState<string | null>(lastChoice?.certificate.id ?? null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const load = async (made: () => Signer) => {
    setLoading(true);
    setError(null);
    setCertificates([]);
    setChosen(null);
    try {
      const s = made();
      const list = await s.listCertificates();
      setSigner(s);
      setCertificates(list);
      if (list.length === 0) setError(signingMessages.certificateNotFound);
      else if (list.length === 1) setChosen(list[0]!.id);
    } catch (e) {
      setSigner(null);
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setLoading(false);
    }
  };

  const pickFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    try {
      // The GOST library comes with the software signer, only when a key file is picked.
      const { createSoftSigner, readKeyFile } = await import('./soft-signer');
      const text = await readKeyFile(file);
      await load(() => createSoftSigner(text));
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    }
  };

  const certificate = certificates.find((c) => c.id === chosen) ?? null;
  const now = new Date();
  const confirm = () => {
    if (!signer || !certificate) {
      setError(signingMessages.certificateNotFound);
      return;
    }
    lastChoice = { signer, certificate };
    onChosen(lastChoice);
  };

  return (
    <AppDialog
      open={open}
      title={title}
      onClose={onClose}
      actions={
        <>
          <Button onClick={onClose}>Отменить</Button>
          <Button variant="contained" disabled={!certificate || loading} onClick={confirm}>
            Подписать
          </Button>
        </>
      }
    >
      <Stack spacing={2}>
        <RadioGroup
          row
          aria-label="Средство подписи"
          value={source}
          onChange={(e) => {
            const next = e.target.value as SignerSource;
            setSource(next);
            setSigner(null);
            setCertificates([]);
            setChosen(null);
            setError(null);
            // The plug-in's personal store is read as soon as the user picks it.
            if (next === 'cryptopro') void load(makeCryptoPro);
          }}
        >
          {(Object.keys(sourceTitles) as SignerSource[]).map((s) => (
            <FormControlLabel key={s} value={s} control={<Radio />} label={sourceTitles[s]} />
          ))}
        </RadioGroup>
        {source === 'soft' && (
          <Alert severity="warning">Демонстрационная подпись: программный ключ демонстрационного стенда и проверок, юридической силы не имеет</Alert>
        )}
        {source === 'soft' && (
          <Button variant="outlined" component="label" sx={{ alignSelf: 'flex-start' }}>
            Выбрать файл ключа
            <input hidden type="file" accept=".json,application/json" aria-label="Файл ключа" onChange={(e) => void pickFile(e)} />
          </Button>
        )}
        {loading && <LinearProgress aria-label="Загрузка сертификатов" />}
        {error && (
          <Typography color="error" role="alert">
            {error}
          </Typography>
        )}
        {certificates.length > 0 && (
          <Table size="small" aria-label="Сертификаты">
            <TableHead>
              <TableRow>
                <TableCell padding="checkbox" />
                <TableCell>Владелец</TableCell>
                <TableCell>Издатель</TableCell>
                <TableCell>Действителен</TableCell>
                <TableCell>Отпечаток</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {certificates.map((c) => (
                <TableRow key={c.id} hover selected={c.id === chosen} onClick={() => setChosen(c.id)} sx={{ cursor: 'pointer' }}>
                  <TableCell padding="checkbox">
                    <Radio checked={c.id === chosen} slotProps={{ input: { 'aria-label': c.owner } }} onChange={() => setChosen(c.id)} />
                  </TableCell>
                  <TableCell>{c.owner}</TableCell>
                  <TableCell>{c.issuer}</TableCell>
                  <TableCell>
                    {formatDateTime(c.validFrom)} — {formatDateTime(c.validTo)}
                    {!isValidAt(c, now) && (
                      <Typography variant="caption" color="error" component="div">
                        Срок действия истёк или не наступил
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>{c.thumbprint}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        {source === 'cryptopro' && !loading && !error && certificates.length === 0 && <Alert severity="info">Загрузка сертификатов из личного хранилища…</Alert>}
      </Stack>
    </AppDialog>
  );
};
