import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { publicOrders } from '@domain/report/technical/public-docs';
import { usePublicDocsQuery, useUploadPublicDocMutation } from '../api/public-docs-api';
import { useOpenOrder } from './open-order';

/**
 * /public-docs (RIGHT_SETTINGS FULL): the four orders of the menu 'Документация', loaded or not,
 * each uploaded or replaced with a PDF (the server checks the content) and opened as users open it.
 */
export const PublicDocsScreen = () => {
  const { data: present, refetch } = usePublicDocsQuery(undefined, { refetchOnMountOrArgChange: true });
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

  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Stack spacing={1.5}>
        <Typography variant="h5" component="h1">
          Приказы раздела «Документация»
        </Typography>
        <input ref={input} type="file" accept="application/pdf,.pdf" hidden data-testid="public-doc-file" onChange={(e) => void send(e.target.files?.[0])} />
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label="Приказы">
            <TableHead>
              <TableRow>
                <TableCell>Приказ</TableCell>
                <TableCell>Файл</TableCell>
                <TableCell>Состояние</TableCell>
                <TableCell aria-label="Действия" />
              </TableRow>
            </TableHead>
            <TableBody>
              {publicOrders.map((order) => {
                const loaded = present?.includes(order.name) ?? false;
                return (
                  <TableRow key={order.name} data-testid={`order-${order.name}`}>
                    <TableCell>{order.title}</TableCell>
                    <TableCell>{order.name}</TableCell>
                    <TableCell>{present ? (loaded ? 'Загружен' : 'Не загружен') : ''}</TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      <Button size="small" disabled={isLoading} onClick={() => pick(order.name)}>
                        {loaded ? 'Заменить' : 'Загрузить'}
                      </Button>
                      <Button size="small" disabled={!loaded} onClick={() => open(order.name)}>
                        Открыть
                      </Button>
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      </Stack>
    </Box>
  );
};
