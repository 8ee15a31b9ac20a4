import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { APP_TITLE, CLIENT_VERSION } from '@/config/constants';
import { formatDate } from '@/utils/format';
import { useAppInfoQuery } from '../api/app-info-api';
import { VersionHistory } from './version-history';

/** /about (loaded lazily): versions, date, how to reach support and the version history. */
export const AboutPage = () => {
  const { data } = useAppInfoQuery();
  const rows: ReadonlyArray<readonly [string, string]> = [
    ['Версия сервера', data?.version ?? '—'],
    ['Версия клиента', CLIENT_VERSION],
    ['Версия справочной информации', data?.infoVersion ?? '—'],
    ['Дата выпуска', data ? formatDate(data.date) : '—'],
    ['Телефон поддержки', data?.supportPhone ?? '—'],
  ];
  return (
    <Container maxWidth="sm" sx={{ py: 4 }}>
      <Typography variant="h5" component="h1" gutterBottom>
        О программе
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {data?.title ?? APP_TITLE}
      </Typography>
      <Paper variant="outlined">
        <Table size="small" aria-label="Сведения о программе">
          <TableBody>
            {rows.map(([label, value]) => (
              <TableRow key={label}>
                <TableCell component="th" scope="row" sx={{ width: '50%', fontWeight: 500 }}>
                  {label}
                </TableCell>
                <TableCell>{value}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Paper>
      <VersionHistory />
    </Container>
  );
};
