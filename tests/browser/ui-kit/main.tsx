import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { ThemeProvider } from '@mui/material/styles';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { useState } from 'react';
import type { StoredFile } from '@domain/news/files';
import { createRoot } from 'react-dom/client';
import { theme } from '@/app/theme';
import { AppDialog, AttachedFiles, ConfirmDialog, DataTable, DateInput, DebouncedTextField, TablePager, type DataColumn } from '@/components';
import '@/lib/dayjs';

/** The shared components of web/src/components on one page, each with its state shown, for the browser tests. */

const PagerDemo = () => {
  const [page, setPage] = useState(1);
  const [pagesCount, setPagesCount] = useState(20);
  return (
    <section aria-label="pager">
      <TablePager page={page} pagesCount={pagesCount} onPageChange={setPage} />
      <output data-testid="pager-page">{page}</output>
      <Button onClick={() => setPagesCount(5)}>five pages</Button>
    </section>
  );
};

const ConfirmDemo = () => {
  const [open, setOpen] = useState<'plain' | 'with-back' | null>(null);
  const [answer, setAnswer] = useState('');
  const close = (a: string) => {
    setAnswer(a);
    setOpen(null);
  };
  return (
    <section aria-label="confirm">
      <Button onClick={() => setOpen('plain')}>confirm</Button>
      <Button onClick={() => setOpen('with-back')}>confirm with back</Button>
      <output data-testid="confirm-answer">{answer}</output>
      <ConfirmDialog
        open={open !== null}
        text="Удалить запись?"
        onConfirm={() => close('confirm')}
        onCancel={() => close('cancel')}
        onBack={open === 'with-back' ? () => close('back') : undefined}
      />
    </section>
  );
};

const DateDemo = () => {
  const [value, setValue] = useState<string | null>(null);
  return (
    <section aria-label="date">
      <DateInput label="Дата" value={value} onChange={setValue} />
      <output data-testid="date-value">{value ?? 'null'}</output>
      <Button onClick={() => setValue('2026-01-05')}>set from outside</Button>
    </section>
  );
};

const DebounceDemo = () => {
  const [value, setValue] = useState('');
  const [changes, setChanges] = useState(0);
  return (
    <section aria-label="debounce">
      <DebouncedTextField
        label="Поиск"
        value={value}
        onChange={(v) => {
          setValue(v);
          setChanges((c) => c + 1);
        }}
      />
      <output data-testid="debounce-value">{value}</output>
      <output data-testid="debounce-changes">{changes}</output>
    </section>
  );
};

const DialogDemo = () => {
  const [open, setOpen] = useState(false);
  return (
    <section aria-label="dialog">
      <Button onClick={() => setOpen(true)}>dialog</Button>
      <AppDialog open={open} title="Окно" onClose={() => setOpen(false)}>
        Содержимое
      </AppDialog>
    </section>
  );
};

interface DemoRow {
  readonly id: number;
  readonly name: string;
  readonly locked: boolean;
  readonly off: boolean;
}

const demoRows: readonly DemoRow[] = [
  { id: 1, name: 'Первая', locked: false, off: false },
  { id: 2, name: 'Защищённая', locked: true, off: false },
  { id: 3, name: 'Неактивная', locked: false, off: true },
];
const demoColumns: readonly DataColumn<DemoRow>[] = [
  { key: 'n', header: '№', cell: (_r, i) => i + 1 },
  { key: 'name', header: 'Наименование', cell: (r) => r.name },
];

/** The list kit: rows, a hidden delete, an inactive row, the empty and failed states, a delete that fails. */
const ListDemo = () => {
  const [rows, setRows] = useState<readonly DemoRow[] | undefined>(demoRows);
  const [opened, setOpened] = useState('');
  const [removed, setRemoved] = useState('');
  return (
    <section aria-label="list">
      <DataTable
        label="Список"
        columns={demoColumns}
        rows={rows}
        rowKey={(r) => r.id}
        fetching={false}
        failed={rows === undefined}
        onRowClick={(r) => setOpened(r.name)}
        inactive={(r) => r.off}
        rowDelete={{
          titleOf: (r) => r.name,
          shown: (r) => !r.locked,
          question: (r) => `Удалить «${r.name}»?`,
          remove: (r) => {
            setRemoved(r.name);
            return Promise.reject(new Error('refused'));
          },
          busy: false,
        }}
      />
      <output data-testid="list-opened">{opened}</output>
      <output data-testid="list-removed">{removed}</output>
      <Button onClick={() => setRows([])}>empty list</Button>
      <Button onClick={() => setRows(undefined)}>failed list</Button>
    </section>
  );
};

/** The list kit's row buttons, row marks and own empty text: a button acts without opening the row. */
const ActionsListDemo = () => {
  const [rows, setRows] = useState<readonly DemoRow[]>(demoRows);
  const [opened, setOpened] = useState('');
  const [acted, setActed] = useState('');
  return (
    <section aria-label="actions list">
      <DataTable
        label="Строки с кнопками"
        columns={demoColumns}
        rows={rows}
        rowKey={(r) => r.id}
        fetching={false}
        empty="Документов нет"
        onRowClick={(r) => setOpened(r.name)}
        rowMarks={(r) => ({ testId: `demo-row-${r.id}`, state: r.locked ? 'locked' : 'open', sx: r.locked ? { '& td': { fontWeight: 600 } } : undefined })}
        rowActions={(r) => !r.locked && <Button onClick={() => setActed(r.name)}>Отметить</Button>}
        rowDelete={{ titleOf: (r) => r.name, question: (r) => `Удалить «${r.name}»?`, remove: () => Promise.resolve(), busy: false }}
      />
      <output data-testid="actions-opened">{opened}</output>
      <output data-testid="actions-acted">{acted}</output>
      <Button onClick={() => setRows([])}>empty actions list</Button>
    </section>
  );
};

/** The files of a record: a file of another type is refused with the rule's message. */
const FilesDemo = () => {
  const [kept, setKept] = useState<readonly StoredFile[]>([{ file_id: 'f1', file_name: 'stored.pdf', mimetype: 'application/pdf', size: 1, checksum: '' }]);
  const [added, setAdded] = useState<readonly File[]>([]);
  return (
    <section aria-label="files">
      <AttachedFiles
        rule={{ extensions: ['pdf'], typeMessage: 'Допустимые типы файлов: pdf' }}
        kept={kept}
        added={added}
        onKeptChange={setKept}
        onAddedChange={setAdded}
      />
    </section>
  );
};

createRoot(document.getElementById('root') as HTMLElement).render(
  <ThemeProvider theme={theme}>
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale="ru">
      <Stack spacing={3} sx={{ p: 3 }}>
        <PagerDemo />
        <ConfirmDemo />
        <DateDemo />
        <DebounceDemo />
        <DialogDemo />
        <ListDemo />
        <ActionsListDemo />
        <FilesDemo />
      </Stack>
    </LocalizationProvider>
  </ThemeProvider>,
);
