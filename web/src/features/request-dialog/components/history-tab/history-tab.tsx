import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { apiErrorText } from '@/lib/api';
import { formatDateTime } from '@/utils/format';
import { useRequestHistoryQuery } from '../../api/request-dialog-api';

/** The 'История' tab: number, date, user, field, old value, new value (GET /api/request_history/{id}). */
export const HistoryTab = ({ requestId }: { readonly requestId: number }) => {
  const { data, error, isLoading } = useRequestHistoryQuery(requestId);
  if (isLoading) return <CircularProgress aria-label="Загрузка" />;
  if (error) return <Alert severity="error">{apiErrorText(error)}</Alert>;
  return (
    <Table size="small" aria-label="История">
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
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(h.date_time_d)}</TableCell>
            <TableCell>{h.user ?? ''}</TableCell>
            <TableCell>{h.request_attr_title}</TableCell>
            <TableCell sx={{ whiteSpace: 'pre-wrap' }}>{h.value_old}</TableCell>
            <TableCell sx={{ whiteSpace: 'pre-wrap' }}>{h.value_new}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
};
