import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { SignerKind } from '@domain/signing/events';
import { localDateTime } from '@domain/signing/region-time';
import { AppDialog } from '@/components/app-dialog';
import { formatDate } from '@/utils/format';
import { useSignatureDetailsQuery, type ChainCertificate } from './signing-api';

export interface SignatureDetailsDialogProps {
  readonly docId: string;
  readonly kind: SignerKind;
  readonly fileName: string;
  readonly onClose: () => void;
}

const Row = ({ label, children }: { readonly label: string; readonly children: React.ReactNode }) => (
  <TableRow>
    <TableCell component="th" scope="row" sx={{ width: '32%', verticalAlign: 'top', fontWeight: 500 }}>
      {label}
    </TableCell>
    <TableCell sx={{ overflowWrap: 'anywhere' }}>{children}</TableCell>
  </TableRow>
);

const validity = (c: { valid_from: string; valid_to: string }) => `с ${formatDate(c.valid_from)} по ${formatDate(c.valid_to)}`;

/**
 * A signature's details: who signed (the account) with whose certificate, its issuer chain as it
 * was verified at signing, validity, the signing time in the signer's region's time, the revocation
 * status recorded then, and the verification of the stored signature computed now.
 */
export const SignatureDetailsDialog = ({ docId, kind, fileName, onClose }: SignatureDetailsDialogProps) => {
  const { data, isFetching, isError } = useSignatureDetailsQuery({ docId, kind }, { refetchOnMountOrArgChange: true });
  return (
    <AppDialog open title={`Подпись: ${fileName}`} onClose={onClose} actions={<Button onClick={onClose}>Закрыть</Button>}>
      {isFetching && <LinearProgress aria-label="Проверка подписи" />}
      {isError && <Alert severity="error">Не удалось получить сведения о подписи</Alert>}
      {data && (
        <Stack spacing={2}>
          {data.demo && <Alert severity="warning">Демонстрационная подпись: сделана программным ключом демонстрационного стенда, юридической силы не имеет</Alert>}
          <Alert severity={data.verifiedNow.ok ? 'success' : 'error'} data-testid="verified-now">
            Проверка сейчас: {data.verifiedNow.message}
            {data.verifiedNow.revocation ? `; отзыв: ${data.verifiedNow.revocation}` : ''}
          </Alert>
          <Table size="small" aria-label="Сведения о подписи">
            <TableBody>
              <Row label="Роль">{data.kindTitle}</Row>
              <Row label="Учётная запись подписанта">{data.signer.name}</Row>
              <Row label="Владелец сертификата">
                {data.certificate.owner}
                {data.certificate.snils ? `, СНИЛС ${data.certificate.snils}` : ''}
              </Row>
              <Row label="Сертификат">
                № {data.certificate.serial}, {validity(data.certificate)}
                <Typography variant="caption" component="div" sx={{ fontFamily: 'monospace' }}>
                  Отпечаток {data.certificate.thumbprint}
                </Typography>
              </Row>
              <Row label="Алгоритм">{data.certificate.algorithm}</Row>
              <Row label="Время подписания">{localDateTime(data.signedAt, data.utcOffsetMinutes ?? 180)}</Row>
              <Row label="Статус отзыва при подписании">
                {data.revocation.title}
                {data.revocation.detail && (
                  <Typography variant="caption" component="div">
                    {data.revocation.detail}
                  </Typography>
                )}
              </Row>
              <Row label="Цепочка при подписании">
                {data.chain ? (
                  <ol aria-label="Цепочка сертификатов" style={{ margin: 0, paddingLeft: 20 }}>
                    {data.chain.map((c: ChainCertificate) => (
                      <li key={c.thumbprint}>
                        {c.owner} <Typography variant="caption">({validity(c)})</Typography>
                      </li>
                    ))}
                  </ol>
                ) : (
                  `${data.certificate.issuer} (цепочка не сохранялась)`
                )}
              </Row>
            </TableBody>
          </Table>
        </Stack>
      )}
    </AppDialog>
  );
};
