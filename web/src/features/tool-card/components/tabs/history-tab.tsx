import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import { ChangeHistoryTable, groupChanges, type ChangeGroup } from '@/components';
import { apiErrorText } from '@/lib/api';
import { formatDateTime } from '@/utils/format';
import { useMemo, useState } from 'react';
import { useToolHistoryQuery } from '../../api/tool-card-api';
import { ToolAtDialog } from './history-at-dialog';
import type { ToolHistoryRow } from '../../api/types';

/** Rows without a field name say what happened to the tool as a whole. */
const typeTitles: Partial<Record<ToolHistoryRow['history_type'], string>> = { registered: 'Регистрация', deleted: 'Удаление', state: 'Состояние' };

const what = (h: ToolHistoryRow) =>
  h.history_type === 'request' ? `Заявка № ${h.request_number ?? h.request_id ?? ''}` : h.object_attr_title || h.object_attr || typeTitles[h.history_type] || '';

/**
 * 'История' (GET /api/tool_history/{id}): attribute changes and requests with the tool, newest first, grouped by save.
 * `pastAt`: inside the card shown at a past moment: the rows up to it, no moment buttons.
 */
export const HistoryTab = ({ toolId, pastAt }: { readonly toolId: number; readonly pastAt?: string | undefined }) => {
  const { data, error, isLoading } = useToolHistoryQuery(toolId, { refetchOnMountOrArgChange: true });
  // The tool's own changes (not requests) are moments 'Как было в этот момент' opens, oldest first.
  const moments = useMemo(
    () => [...new Set((data ?? []).filter((h) => h.history_type !== 'request' && h.history_type !== 'inventory' && h.date_time_d).map((h) => new Date(h.date_time_d!).toISOString()))].sort(),
    [data],
  );
  const [shown, setShown] = useState<number | null>(null);
  if (isLoading) return <CircularProgress aria-label="Загрузка" />;
  if (error) return <Alert severity="error">{apiErrorText(error)}</Alert>;
  const until = pastAt === undefined ? null : new Date(pastAt).getTime();
  const rows = [...(data ?? [])]
    .filter((h) => until === null || (h.date_time_d !== null && new Date(h.date_time_d).getTime() <= until))
    .sort((a, b) => (b.date_time_d ?? '').localeCompare(a.date_time_d ?? ''));
  const groups = groupChanges(rows, (h) => h.date_time_d, (h) => h.user_name ?? '').map(
    (g): ChangeGroup => {
      const own = g.items.find((h) => h.history_type !== 'request' && h.history_type !== 'inventory');
      return {
        key: g.key,
        at: formatDateTime(g.at),
        user: g.user,
        rows: g.items.map((h, i) => ({ key: i, field: what(h), old: h.value_old ?? '', new: h.value_new ?? '' })),
        onShow: own && g.at && until === null ? () => setShown(moments.indexOf(new Date(g.at!).toISOString())) : undefined,
      };
    },
  );
  return (
    <>
      {shown !== null && shown >= 0 ? <ToolAtDialog toolId={toolId} moments={moments} index={shown} onStep={setShown} onClose={() => setShown(null)} /> : null}
      <ChangeHistoryTable groups={groups} />
    </>
  );
};
