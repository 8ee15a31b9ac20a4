import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { apiErrorText } from '@/lib/api';
import { formatDateTime } from '@/utils/format';
import { useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import { useToolHistoryQuery } from '../../api/tool-card-api';
import { ToolAtDialog } from './history-at-dialog';
import type { ToolHistoryRow } from '../../api/types';

/** Rows without a field name say what happened to the tool as a whole. */
const typeTitles: Partial<Record<ToolHistoryRow['history_type'], string>> = { registered: 'Регистрация', deleted: 'Удаление', state: 'Состояние' };

const what = (h: ToolHistoryRow) =>
  h.history_type === 'request' ? `Заявка № ${h.request_number ?? h.request_id ?? ''}` : h.object_attr_title || h.object_attr || typeTitles[h.history_type] || '';

/**
 * 'История' (GET /api/tool_history/{id}): attribute changes and requests with the tool, newest first.
 * `pastAt`: inside the card shown at a past moment (issue 17): the rows up to it, no moment buttons.
 */
export const HistoryTab = ({ toolId, pastAt }: { readonly toolId: number; readonly pastAt?: string | undefined }) => {
  const { data, error, isLoading } = useToolHistoryQuery(toolId, { refetchOnMountOrArgChange: true });
  // Issue 17: the tool's own changes (not requests) are moments 'Показать на этот момент' opens, oldest first.
  const moments = useMemo(
    () => [...new Set((data ?? []).filter((h) => h.history_type !== 'request' && h.date_time_d).map((h) => new Date(h.date_time_d!).toISOString()))].sort(),
    [data],
  );
  const [shown, setShown] = useState<number | null>(null);
  if (isLoading) return <CircularProgress aria-label="Загрузка" />;
  if (error) return <Alert severity="error">{apiErrorText(error)}</Alert>;
  const until = pastAt === undefined ? null : new Date(pastAt).getTime();
  const rows = [...(data ?? [])]
    .filter((h) => until === null || (h.date_time_d !== null && new Date(h.date_time_d).getTime() <= until))
    .sort((a, b) => (b.date_time_d ?? '').localeCompare(a.date_time_d ?? ''));
  return (
    <Table size="small" aria-label="История" sx={{ tableLayout: 'fixed', '& td': { overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' } }}>
      <TableHead>
        <TableRow>
          <TableCell sx={{ width: 170 }}>Дата</TableCell>
          <TableCell sx={{ width: 240 }}>Пользователь</TableCell>
          <TableCell sx={{ width: 260 }}>Поле / заявка</TableCell>
          <TableCell>Старое значение</TableCell>
          <TableCell>Новое значение</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {shown !== null && shown >= 0 ? <ToolAtDialog toolId={toolId} moments={moments} index={shown} onStep={setShown} onClose={() => setShown(null)} /> : null}
        {rows.map((h, i) => (
          <TableRow key={i}>
            <TableCell>
              {formatDateTime(h.date_time_d)}
              {h.history_type !== 'request' && h.date_time_d && until === null ? (
                <Button size="small" sx={{ display: 'block', p: 0, minWidth: 0, textTransform: 'none' }} onClick={() => setShown(moments.indexOf(new Date(h.date_time_d!).toISOString()))}>
                  Показать на этот момент
                </Button>
              ) : null}
            </TableCell>
            <TableCell>{h.user_name ?? ''}</TableCell>
            <TableCell>{what(h)}</TableCell>
            <TableCell>{h.value_old ?? ''}</TableCell>
            <TableCell>{h.value_new ?? ''}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
};
