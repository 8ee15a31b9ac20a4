import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { apiErrorText } from '@/lib/api';
import { formatDateTime } from '@/utils/format';
import { useRequestAtQuery } from './request-at-api';
import { formatMoment } from './moment';

interface Props {
  readonly requestId: number;
  /** The moments of change, oldest first, and the one shown. */
  readonly moments: readonly string[];
  readonly index: number;
  readonly onStep: (index: number) => void;
  readonly onClose: () => void;
}

/**
 * The request as it was at a moment of its history (issue 17), read-only: the server folds the
 * request's events up to that moment. A banner names the moment; the buttons step to the previous
 * or next change, or back to the current state.
 */
export const RequestAtDialog = ({ requestId, moments, index, onStep, onClose }: Props) => {
  const at = moments[index]!;
  const { data, error, isFetching } = useRequestAtQuery({ id: requestId, at });
  const r = data?.request;
  const rows: Array<[string, string]> = r
    ? [
        ['Номер', r.number == null ? '' : String(r.number)],
        ['Статус', r.statusTitle],
        ['Вид заявки', r.kindTitle],
        ['Регион', r.region_title ?? ''],
        ['Объект', r.unit_name ?? ''],
        ['Контактное лицо', r.contact_fio ?? ''],
        ['Описание', r.request_text ?? ''],
        ['Исполнители', r.engineers.map((e) => e.fio ?? '').join(', ')],
        ['Работы', r.works.map((w) => w.title).join('; ')],
        ['Дата исполнения', formatDateTime(r.result_d).slice(0, 10)],
      ]
    : [];
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby="request-at-title">
      <DialogTitle id="request-at-title">Заявка {r?.number ?? ''}</DialogTitle>
      <DialogContent>
        <Alert severity="info" role="status" sx={{ mb: 2 }}>
          Состояние на {formatMoment(at)}
        </Alert>
        <Stack direction="row" spacing={1} sx={{ mb: 2 }}>
          <Button disabled={index === 0} onClick={() => onStep(index - 1)}>
            Предыдущее изменение
          </Button>
          <Button disabled={index >= moments.length - 1} onClick={() => onStep(index + 1)}>
            Следующее изменение
          </Button>
          <Button variant="contained" onClick={onClose}>
            Вернуться к текущему состоянию
          </Button>
        </Stack>
        {isFetching && !r ? <CircularProgress aria-label="Загрузка" /> : null}
        {error ? <Alert severity="error">{apiErrorText(error)}</Alert> : null}
        {r ? (
          <Table size="small" aria-label="Состояние заявки">
            <TableBody>
              {rows.map(([title, value]) => (
                <TableRow key={title}>
                  <TableCell component="th" sx={{ width: '30%' }}>
                    {title}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'pre-wrap' }} data-field={title}>
                    {value}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        ) : null}
      </DialogContent>
    </Dialog>
  );
};
