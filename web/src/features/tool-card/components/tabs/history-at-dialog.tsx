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
import dayjs from 'dayjs';
import { ownerTypeTitles, toolStateTitles } from '@domain/tool/states';
import { apiErrorText } from '@/lib/api';
import { useToolAtQuery } from './history-at-api';

interface Props {
  readonly toolId: number;
  /** The moments of change, oldest first, and the one shown. */
  readonly moments: readonly string[];
  readonly index: number;
  readonly onStep: (index: number) => void;
  readonly onClose: () => void;
}

/** The tool card as it was at a moment of its history (issue 17), read-only, folded by the server from the tool's events. */
export const ToolAtDialog = ({ toolId, moments, index, onStep, onClose }: Props) => {
  const at = moments[index]!;
  const { data, error, isFetching } = useToolAtQuery({ id: toolId, at });
  const t = data?.tool;
  const rows: Array<[string, string]> = t
    ? [
        ['Вид оборудования', t.tool_kind ?? ''],
        ['Производитель', t.manufacturer ?? ''],
        ['Модель', t.model_title ?? t.model ?? ''],
        ['Серийный номер', t.serial_number ?? ''],
        ['Инвентарный номер', t.inventar_number ?? ''],
        ['Объект', t.unit_name ?? ''],
        ['Состояние', toolStateTitles[t.state] ?? ''],
        ['Тип владения', t.owner_type_id == null ? '' : (ownerTypeTitles[t.owner_type_id] ?? '')],
        ['Примечание', t.description ?? ''],
      ]
    : [];
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby="tool-at-title">
      <DialogTitle id="tool-at-title">Карточка оборудования</DialogTitle>
      <DialogContent>
        <Alert severity="info" role="status" sx={{ mb: 2 }}>
          Состояние на {dayjs(at).format('DD.MM.YYYY HH:mm:ss')}
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
        {isFetching && !t ? <CircularProgress aria-label="Загрузка" /> : null}
        {error ? <Alert severity="error">{apiErrorText(error)}</Alert> : null}
        {t ? (
          <Table size="small" aria-label="Состояние оборудования">
            <TableBody>
              {rows.map(([title, value]) => (
                <TableRow key={title}>
                  <TableCell component="th" sx={{ width: '30%' }}>
                    {title}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'pre-wrap' }}>{value}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        ) : null}
      </DialogContent>
    </Dialog>
  );
};
