import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRef } from 'react';
import { DataTable, type DataColumn } from '@/components';
import { commonNameOf } from '@/lib/signing';
import { formatDate, formatDateTime } from '@/utils/format';
import {
  useConfirmCertificateMutation,
  useRegisterCertificateMutation,
  useRejectCertificateMutation,
  useUnregisterCertificateMutation,
  useUserCertificatesQuery,
  type ProposedCertificateRow,
  type RegisteredCertificateRow,
} from '../api/user-certificates-api';

const sourceTitles = { upload: 'загружен администратором', signature: 'из первой подписи, подтверждён' } as const;

const mono = { fontFamily: 'monospace', overflowWrap: 'anywhere', fontSize: '0.75rem' } as const;

const validity = (c: { valid_from: string; valid_to: string }) => (
  <>
    {formatDate(c.valid_from)} — {formatDate(c.valid_to)}
    {Date.parse(c.valid_to) < Date.now() && (
      <Typography variant="caption" color="error" component="div">
        Срок действия истёк
      </Typography>
    )}
  </>
);

export interface UserCertificatesProps {
  readonly userId: number;
  /** RIGHT_SIGNING_CERTIFICATES FULL: upload, confirm, reject, unregister. */
  readonly manage: boolean;
}

/**
 * The employee card's 'Сертификаты': the signing certificates registered to the account (the server
 * accepts a signature only with one of them) and those its first signatures proposed, waiting for
 * an administrator. Each change is saved at once, apart from the card's other fields.
 */
export const UserCertificates = ({ userId, manage }: UserCertificatesProps) => {
  const { data, isFetching, isError } = useUserCertificatesQuery(userId);
  const [register, { isLoading: registering }] = useRegisterCertificateMutation();
  const [confirm, { isLoading: confirming }] = useConfirmCertificateMutation();
  const [reject, { isLoading: rejecting }] = useRejectCertificateMutation();
  const [unregister, { isLoading: unregistering }] = useUnregisterCertificateMutation();
  const input = useRef<HTMLInputElement>(null);

  const upload = async (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    // The server's words (registered, or why not) come as the notice.
    await register({ userId, file }).unwrap().catch(() => undefined);
  };

  const common = <T extends RegisteredCertificateRow | ProposedCertificateRow>(): DataColumn<T>[] => [
    {
      key: 'owner',
      header: 'Владелец',
      cell: (c) => (
        <>
          {c.owner}
          {c.snils && (
            <Typography variant="caption" component="div">
              СНИЛС {c.snils}
            </Typography>
          )}
        </>
      ),
    },
    {
      key: 'certificate',
      header: 'Сертификат',
      cell: (c) => (
        <>
          № <Box component="span" sx={mono}>{c.serial}</Box>
          <Typography variant="caption" component="div">
            Издатель: {commonNameOf(c.issuer)}
          </Typography>
          <Typography variant="caption" component="div" sx={mono}>
            Отпечаток {c.thumbprint}
          </Typography>
        </>
      ),
    },
    { key: 'valid', header: 'Действителен', cell: validity },
  ];
  const registeredColumns: DataColumn<RegisteredCertificateRow>[] = [
    ...common<RegisteredCertificateRow>(),
    { key: 'source', header: 'Зарегистрирован', cell: (c) => `${formatDateTime(c.registered_at)}, ${sourceTitles[c.source]}` },
  ];
  const proposedColumns: DataColumn<ProposedCertificateRow>[] = [
    ...common<ProposedCertificateRow>(),
    {
      key: 'match',
      header: 'Подпись',
      cell: (c) => (
        <>
          {formatDateTime(c.proposed_at)}
          <div>
            <Chip size="small" color={c.subject_matches ? 'success' : 'warning'} label={c.subject_matches ? 'ФИО совпадает с работником' : 'ФИО не совпадает с работником'} />
          </div>
        </>
      ),
    },
  ];

  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        Подпись принимается, только если сделана сертификатом, зарегистрированным за этим работником. Изменения сертификатов сохраняются сразу.
      </Typography>
      {manage && (
        <>
          <input ref={input} type="file" hidden accept=".cer,.crt,.pem,application/pkix-cert" aria-label="Файл сертификата работника" onChange={(e) => void upload(e.target.files?.[0])} />
          <Button variant="outlined" sx={{ alignSelf: 'flex-start' }} disabled={registering} onClick={() => input.current?.click()}>
            Зарегистрировать сертификат
          </Button>
        </>
      )}
      <DataTable
        label="Зарегистрированные сертификаты"
        columns={registeredColumns}
        rows={data?.registered}
        rowKey={(c) => c.thumbprint}
        fetching={isFetching}
        failed={isError}
        empty="Сертификатов не зарегистрировано"
        rowDelete={
          manage
            ? {
                titleOf: (c) => c.owner,
                question: (c) => `Снять регистрацию сертификата «${c.owner}» (${c.serial})? Подписи, сделанные им ранее, останутся в силе; новые будут отклоняться.`,
                remove: (c) => unregister({ userId, thumbprint: c.thumbprint }).unwrap(),
                busy: unregistering,
              }
            : null
        }
      />
      {(data?.proposed.length ?? 0) > 0 && (
        <>
          <Alert severity="warning">Сертификаты из первых подписей работника ждут подтверждения: подпись ими не принимается, пока администратор не подтвердит.</Alert>
          <DataTable
            label="Ожидают подтверждения"
            columns={proposedColumns}
            rows={data?.proposed}
            rowKey={(c) => c.thumbprint}
            fetching={isFetching}
            rowActions={
              manage
                ? (c) => (
                    <>
                      <Button size="small" disabled={confirming} onClick={() => void confirm({ userId, thumbprint: c.thumbprint }).unwrap().catch(() => undefined)}>
                        Подтвердить
                      </Button>
                      <Button size="small" color="error" disabled={rejecting} onClick={() => void reject({ userId, thumbprint: c.thumbprint }).unwrap().catch(() => undefined)}>
                        Отклонить
                      </Button>
                    </>
                  )
                : null
            }
          />
        </>
      )}
    </Stack>
  );
};
