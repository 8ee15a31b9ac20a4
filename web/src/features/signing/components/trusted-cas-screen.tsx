import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useRef } from 'react';
import type { TrustedCrl } from '@domain/signing/trusted-cas';
import { DataTable, ListScreen, type DataColumn } from '@/components';
import { commonNameOf } from '@/lib/signing';
import { formatDate, formatDateTime } from '@/utils/format';
import {
  useAddTrustedCaMutation,
  useAddTrustedCrlMutation,
  useRemoveTrustedCaMutation,
  useRemoveTrustedCrlMutation,
  useTrustStoreQuery,
  type TrustedCaRow,
} from '../api/trusted-cas-api';

const kindTitles = { root: 'Корневой', intermediate: 'Промежуточный' } as const;

const expired = (iso: string | null) => iso !== null && Date.parse(iso) < Date.now();

const Validity = ({ from, to }: { readonly from: string; readonly to: string }) => (
  <>
    {formatDate(from)} — {formatDate(to)}
    {expired(to) && (
      <Typography variant="caption" color="error" component="div">
        Срок действия истёк
      </Typography>
    )}
  </>
);

/**
 * /trusted-cas, 'Доверенные УЦ' (RIGHT_SIGNING_CERTIFICATES FULL): the root CAs a signer's chain must
 * end at and the intermediate CAs that complete it (CryptoPro sends the signer's certificate only),
 * uploaded as .cer/.crt or a .p7b bundle; the CRLs uploaded for them. Removing a CA leaves the
 * signatures verified before it: each keeps its chain as verified.
 */
export const TrustedCasScreen = () => {
  const { data, isFetching, isError } = useTrustStoreQuery();
  const [addCa, { isLoading: addingCa }] = useAddTrustedCaMutation();
  const [addCrl, { isLoading: addingCrl }] = useAddTrustedCrlMutation();
  const [removeCa, { isLoading: removingCa }] = useRemoveTrustedCaMutation();
  const [removeCrl, { isLoading: removingCrl }] = useRemoveTrustedCrlMutation();
  const caInput = useRef<HTMLInputElement>(null);
  const crlInput = useRef<HTMLInputElement>(null);

  const send = async (file: File | undefined, add: typeof addCa, input: HTMLInputElement | null) => {
    if (input) input.value = '';
    if (!file) return;
    const body = new FormData();
    body.append('file', file, file.name);
    // The server's words (added, or why not) come as the notice.
    await add(body).unwrap().catch(() => undefined);
  };

  const caColumns: readonly DataColumn<TrustedCaRow>[] = [
    { key: 'kind', header: 'Вид', cell: (c) => kindTitles[c.kind] },
    { key: 'owner', header: 'Удостоверяющий центр', cell: (c) => c.owner ?? c.subject },
    { key: 'issuer', header: 'Издатель', cell: (c) => (c.kind === 'root' ? 'Самоподписанный' : commonNameOf(c.issuer ?? '')) },
    { key: 'valid', header: 'Действителен', cell: (c) => <Validity from={c.valid_from} to={c.valid_to} /> },
    { key: 'serial', header: 'Серийный номер', cell: (c) => c.serial, sx: { fontFamily: 'monospace', overflowWrap: 'anywhere' } },
    { key: 'thumbprint', header: 'Отпечаток', cell: (c) => c.thumbprint, sx: { fontFamily: 'monospace', overflowWrap: 'anywhere' } },
  ];
  const crlColumns: readonly DataColumn<TrustedCrl>[] = [
    { key: 'issuer', header: 'Удостоверяющий центр', cell: (c) => c.issuer },
    { key: 'this', header: 'Выпущен', cell: (c) => formatDateTime(c.this_update) },
    {
      key: 'next',
      header: 'Следующий выпуск',
      cell: (c) => (
        <>
          {c.next_update ? formatDateTime(c.next_update) : '—'}
          {expired(c.next_update) && (
            <Typography variant="caption" color="error" component="div">
              Устарел: статус отзыва не проверяется
            </Typography>
          )}
        </>
      ),
    },
    { key: 'count', header: 'Отозвано', cell: (c) => c.revoked_count, align: 'right' },
  ];

  return (
    <ListScreen
      title="Доверенные УЦ"
      count={data ? data.cas.length : null}
      actions={
        <>
          <Button variant="contained" disabled={addingCa} onClick={() => caInput.current?.click()}>
            Добавить сертификат УЦ
          </Button>
          <Button variant="outlined" disabled={addingCrl} onClick={() => crlInput.current?.click()}>
            Загрузить список отзыва
          </Button>
        </>
      }
    >
      <input
        ref={caInput}
        type="file"
        hidden
        accept=".cer,.crt,.pem,.p7b,.p7c,application/pkix-cert,application/x-pkcs7-certificates"
        aria-label="Файл сертификата УЦ"
        onChange={(e) => void send(e.target.files?.[0], addCa, caInput.current)}
      />
      <input ref={crlInput} type="file" hidden accept=".crl,application/pkix-crl" aria-label="Файл списка отзыва" onChange={(e) => void send(e.target.files?.[0], addCrl, crlInput.current)} />
      <Typography variant="body2" color="text.secondary">
        Подпись принимается, если цепочка её сертификата доходит до корневого УЦ из этого списка. Промежуточные УЦ нужны, потому что КриптоПро
        отправляет только сертификат подписанта; их можно загрузить вместе с корневым одним файлом .p7b.
      </Typography>
      <DataTable
        label="Доверенные УЦ"
        columns={caColumns}
        rows={data?.cas}
        rowKey={(c) => c.thumbprint}
        fetching={isFetching}
        failed={isError}
        empty="Доверенных удостоверяющих центров нет: подписи не принимаются"
        rowDelete={{
          titleOf: (c) => c.owner ?? c.subject,
          question: (c) =>
            `Удалить «${c.owner ?? c.subject}» из доверенных? Подписи, проверенные ранее, останутся в силе: цепочка каждой сохранена при проверке. Новые подписи через этот центр будут отклоняться.`,
          remove: (c) => removeCa(c.thumbprint).unwrap(),
          busy: removingCa,
        }}
      />
      <Box>
        <Typography variant="h6" component="h2" sx={{ mt: 2, mb: 1 }}>
          Списки отзыва (СОС)
        </Typography>
        <DataTable
          label="Списки отзыва"
          columns={crlColumns}
          rows={data?.crls}
          rowKey={(c) => c.id}
          fetching={isFetching}
          failed={isError}
          empty="Списков отзыва не загружено"
          rowDelete={{ titleOf: (c) => c.issuer, question: (c) => `Удалить список отзыва «${c.issuer}»?`, remove: (c) => removeCrl(c.id).unwrap(), busy: removingCrl }}
        />
      </Box>
    </ListScreen>
  );
};
