import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { apiErrorText } from '@/lib/api';
import { formatDateTime } from '@/utils/format';
import { useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import { useRequestHistoryQuery } from '../../api/request-dialog-api';
import type { HistoryEntry } from '../../api/types';
import { changeMoments } from './moment';
import { RequestAtDialog } from './request-at-dialog';

/**
 * The 'История' tab: number, date, user, field, old value, new value (GET /api/request_history/{id});
 * `past`: the history of a past moment shown by the moment dialog (no moment buttons: it steps itself).
 */
export const HistoryTab = ({ requestId, past }: { readonly requestId: number; readonly past?: readonly HistoryEntry[] | undefined }) => {
  const current = useRequestHistoryQuery(requestId, { skip: past !== undefined });
  const data = past ?? current.data;
  const { error } = current;
  const isLoading = past === undefined && current.isLoading;
  // Issue 17: 'Показать на этот момент' opens the request as it was then; the index steps along the changes.
  const moments = useMemo(() => changeMoments((data ?? []).map((h) => h.date_time_d)), [data]);
  const [shown, setShown] = useState<number | null>(null);
  const show = (date: string | null) => setShown(date ? moments.indexOf(new Date(date).toISOString()) : null);
  if (isLoading) return <CircularProgress aria-label="Загрузка" />;
  if (error) return <Alert severity="error">{apiErrorText(error)}</Alert>;
  return (
    // Fits the 700 px dialog: fixed column shares, long values wrap anywhere; the container scrolls
    // sideways only if a narrow window still cannot hold it (issue 19: the last column was cut off).
    <TableContainer sx={{ maxWidth: '100%', overflowX: 'auto' }}>
      {shown !== null && shown >= 0 ? <RequestAtDialog requestId={requestId} moments={moments} index={shown} onStep={setShown} onClose={() => setShown(null)} /> : null}
      <Table size="small" aria-label="История" sx={{ tableLayout: 'fixed', width: '100%', minWidth: 560, '& td, & th': { overflowWrap: 'anywhere', px: 1 } }}>
        <colgroup>
          <col style={{ width: '6%' }} />
          <col style={{ width: '14%' }} />
          <col style={{ width: '17%' }} />
          <col style={{ width: '17%' }} />
          <col style={{ width: '23%' }} />
          <col style={{ width: '23%' }} />
        </colgroup>
        <TableHead>
          <TableRow>
            <TableCell>№</TableCell>
            <TableCell>Дата</TableCell>
            <TableCell>Пользователь</TableCell>
            <TableCell>Поле</TableCell>
            <TableCell>Старое значение</TableCell>
            <TableCell>Новое значение</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {(data ?? []).map((h) => (
            <TableRow key={h.number}>
              <TableCell>{h.number}</TableCell>
              <TableCell>
                {formatDateTime(h.date_time_d)}
                {h.date_time_d && past === undefined ? (
                  <Button size="small" sx={{ display: 'block', p: 0, minWidth: 0, textTransform: 'none' }} onClick={() => show(h.date_time_d)}>
                    Показать на этот момент
                  </Button>
                ) : null}
              </TableCell>
              <TableCell>{h.user ?? ''}</TableCell>
              <TableCell>{h.request_attr_title}</TableCell>
              <TableCell sx={{ whiteSpace: 'pre-wrap' }}>{h.value_old}</TableCell>
              <TableCell sx={{ whiteSpace: 'pre-wrap' }}>{h.value_new}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
};
