import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { DataTable, type DataColumn } from '@/components';
import { useImportUnitsMutation, type UnitsImportAnswer } from '../api/units-import-api';

type BadRow = UnitsImportAnswer['bad'][number];

const badColumns: readonly DataColumn<BadRow>[] = [
  { key: 'line', header: 'Строка', sx: { width: 80 }, cell: (b) => b.line },
  { key: 'text', header: 'Данные', sx: { width: 200, fontFamily: 'monospace' }, cell: (b) => b.text },
  { key: 'reason', header: 'Ошибка', cell: (b) => b.reason },
];

const countsText = (a: UnitsImportAnswer) =>
  `${a.imported ? 'Создано' : 'Будет создано'}: ${a.counts.created}; ${a.imported ? 'обновлено' : 'будет обновлено'}: ${a.counts.updated}; ` +
  `уже существуют без изменений: ${a.counts.unchanged}; строк с ошибками: ${a.counts.bad}`;

/**
 * /units-import (administration.md 2.10, 5): rows copied from a spreadsheet (VNCODE, наименование,
 * полное наименование, адрес; tab-separated) are checked first ('Проверить': counts and each bad row
 * with its reason, nothing saved), then imported; existing organisations are matched by VNCODE.
 */
export const UnitsImportScreen = () => {
  const [text, setText] = useState('');
  const [answer, setAnswer] = useState<UnitsImportAnswer | null>(null);
  const [call, { isLoading }] = useImportUnitsMutation();
  const run = async (dryRun: boolean) => {
    try {
      setAnswer(await call({ text, dryRun }).unwrap());
    } catch {
      // The red notice says why.
    }
  };
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Stack spacing={1.5}>
        <Typography variant="h5" component="h1">
          Импорт объектов
        </Typography>
        <Typography color="text.secondary">
          Вставьте строки из таблицы (столбцы через табуляцию): VNCODE, наименование, полное наименование, адрес. Вид организации и
          балансодержатель определяются по коду (например, 77RS0001 — районный суд региона 77).
        </Typography>
        <TextField
          label="Строки для импорта"
          multiline
          minRows={10}
          maxRows={24}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setAnswer(null);
          }}
          slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace', fontSize: 13 } } }}
        />
        <Stack direction="row" spacing={1}>
          <Button variant="outlined" disabled={!text.trim() || isLoading} onClick={() => void run(true)}>
            Проверить
          </Button>
          <Button variant="contained" disabled={!text.trim() || isLoading} onClick={() => void run(false)}>
            Импортировать
          </Button>
        </Stack>
        {isLoading && <LinearProgress aria-label="Импорт" />}
        {answer && (
          <Alert severity={answer.counts.bad ? 'warning' : 'success'} data-testid="units-import-result">
            {countsText(answer)}
          </Alert>
        )}
        {answer && answer.bad.length > 0 && (
          <DataTable label="Строки с ошибками" columns={badColumns} rows={answer.bad} rowKey={(b) => `${b.line}-${b.reason}`} fetching={false} />
        )}
      </Stack>
    </Box>
  );
};
