import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import { ChangeHistoryTable, groupChanges, type ChangeGroup } from '@/components';
import { apiErrorText } from '@/lib/api';
import { formatDateTime } from '@/utils/format';
import { useMemo, useState } from 'react';
import { useRequestHistoryQuery } from '../../api/request-dialog-api';
import type { HistoryEntry } from '../../api/types';
import { changeMoments } from './moment';
import { RequestAtDialog } from './request-at-dialog';

/**
 * The 'История' tab (GET /api/request_history/{id}) grouped by save: time and user once, then field, old and
 * new value;
 * `past`: the history of a past moment shown by the moment dialog (no moment buttons: it steps itself).
 */
export const HistoryTab = ({ requestId, past }: { readonly requestId: number; readonly past?: readonly HistoryEntry[] | undefined }) => {
  const current = useRequestHistoryQuery(requestId, { skip: past !== undefined });
  const data = past ?? current.data;
  const { error } = current;
  const isLoading = past === undefined && current.isLoading;
  // 'Как было в этот момент' opens the request as it was then; the index steps along the changes.
  const moments = useMemo(() => changeMoments((data ?? []).map((h) => h.date_time_d)), [data]);
  const [shown, setShown] = useState<number | null>(null);
  const show = (date: string | null) => setShown(date ? moments.indexOf(new Date(date).toISOString()) : null);
  if (isLoading) return <CircularProgress aria-label="Загрузка" />;
  if (error) return <Alert severity="error">{apiErrorText(error)}</Alert>;
  const groups = groupChanges(data ?? [], (h) => h.date_time_d, (h) => h.user ?? '').map(
    (g): ChangeGroup => ({
      key: g.key,
      at: formatDateTime(g.at),
      user: g.user,
      rows: g.items.map((h) => ({ key: h.number, field: h.request_attr_title, old: h.value_old ?? '', new: h.value_new ?? '' })),
      onShow: g.at && past === undefined ? () => show(g.at) : undefined,
    }),
  );
  return (
    <>
      {shown !== null && shown >= 0 ? <RequestAtDialog requestId={requestId} moments={moments} index={shown} onStep={setShown} onClose={() => setShown(null)} /> : null}
      <ChangeHistoryTable groups={groups} />
    </>
  );
};
