import Button from '@mui/material/Button';
import { useRef, useState } from 'react';
import { publicOrders } from '@domain/report/technical/public-docs';
import { DataTable, ListScreen, type DataColumn } from '@/components';
import { usePublicDocsQuery, useUploadPublicDocMutation } from '../api/public-docs-api';
import { useOpenOrder } from './open-order';

type PublicOrder = (typeof publicOrders)[number];

/**
 * /public-docs (RIGHT_SETTINGS FULL): the four orders of the menu 'Документация', loaded or not,
 * each uploaded or replaced with a PDF (the server checks the content) and opened as users open it.
 */
export const PublicDocsScreen = () => {
  const { data: present, isFetching, refetch } = usePublicDocsQuery(undefined, { refetchOnMountOrArgChange: true });
  const [upload, { isLoading }] = useUploadPublicDocMutation();
  const open = useOpenOrder();
  const input = useRef<HTMLInputElement>(null);
  const [target, setTarget] = useState<string | null>(null);

  const pick = (name: string) => {
    setTarget(name);
    input.current?.click();
  };
  const send = async (file: File | undefined) => {
    if (!file || !target) return;
    const body = new FormData();
    body.append('name', target);
    body.append('file', file, file.name);
    // The server's words (loaded, or why not) come as the notice.
    await upload(body).unwrap().catch(() => undefined);
    if (input.current) input.current.value = '';
    void refetch();
  };
  const loaded = (order: PublicOrder) => present?.includes(order.name) ?? false;

  const columns: readonly DataColumn<PublicOrder>[] = [
    { key: 'title', header: 'Приказ', cell: (o) => o.title },
    { key: 'name', header: 'Файл', cell: (o) => o.name },
    { key: 'state', header: 'Состояние', cell: (o) => (present ? (loaded(o) ? 'Загружен' : 'Не загружен') : '') },
  ];

  return (
    <ListScreen title="Приказы раздела «Документация»">
      <input ref={input} type="file" accept="application/pdf,.pdf" hidden data-testid="public-doc-file" onChange={(e) => void send(e.target.files?.[0])} />
      <DataTable
        label="Приказы"
        columns={columns}
        rows={publicOrders}
        rowKey={(o) => o.name}
        fetching={isFetching}
        rowMarks={(o) => ({ testId: `order-${o.name}` })}
        rowActions={(o) => (
          <>
            <Button size="small" disabled={isLoading} onClick={() => pick(o.name)}>
              {loaded(o) ? 'Заменить' : 'Загрузить'}
            </Button>
            <Button size="small" disabled={!loaded(o)} onClick={() => open(o.name)}>
              Открыть
            </Button>
          </>
        )}
      />
    </ListScreen>
  );
};
