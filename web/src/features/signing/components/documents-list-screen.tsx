import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { signerKindTitles, type SignerKind } from '@domain/signing/events';
import { ListScreenHeader } from '@/components/list-screen-header';
import { TablePager } from '@/components/table-pager';
import { requestDocumentsPath } from '@/config/paths';
import { usePaging } from '@/hooks/use-paging';
import { showError, showSuccess } from '@/lib/notices';
import { selectCurrentUser, selectRights } from '@/lib/session';
import {
  CertificateDialog,
  SignDownloads,
  SignerMarkCells,
  signableKindOf,
  signingApi,
  useFilesForSignersQuery,
  useSignDocuments,
  type SignDocument,
  type SignOutcome,
  type SignTask,
  type SignerChoice,
  progressLine,
} from '@/lib/signing';
import { useAppDispatch, useAppSelector } from '@/lib/store';

const kindFilters: readonly SignerKind[] = ['iac', 'unit', 'final'];
const filterTitles: Record<SignerKind, string> = { iac: 'Филиал', unit: 'Объект', final: 'Итоговый' };

interface Run {
  readonly tasks: readonly SignTask[];
  readonly outcomes: readonly SignOutcome[];
  readonly running: boolean;
}

/**
 * /documents-list, 'Документы на подпись' (administration.md 2.10, issue 13): the documents the user
 * is an assigned signer of, 10 per page, the signer-role filters, unsigned only, signing one or all.
 */
export const DocumentsListScreen = () => {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectCurrentUser);
  const rights = useAppSelector(selectRights);
  const userId = user?.id ?? null;
  const [kinds, setKinds] = useState<ReadonlySet<SignerKind>>(new Set());
  const [unsignedOnly, setUnsignedOnly] = useState(false);
  const filterKey = JSON.stringify([[...kinds].sort(), unsignedOnly]);
  const { page, setPage } = usePaging(filterKey);
  const filter = { page, iac: kinds.has('iac'), unit: kinds.has('unit'), final: kinds.has('final'), unsignedOnly };
  const { data, isFetching } = useFilesForSignersQuery(filter);
  const signDocuments = useSignDocuments(userId);
  const [pending, setPending] = useState<readonly SignTask[] | null>(null);
  const [run, setRun] = useState<Run | null>(null);
  const [collecting, setCollecting] = useState(false);
  const busy = collecting || run?.running === true;

  const toggle = (kind: SignerKind) =>
    setKinds((prev) => {
      const next = new Set(prev);
      if (next.has(kind)) next.delete(kind);
      else next.add(kind);
      return next;
    });

  const taskOf = (doc: SignDocument): SignTask | null => {
    const kind = signableKindOf(doc, userId, rights);
    return kind ? { doc, kind } : null;
  };

  /** Every unsigned document whose turn is the user's, over all pages (not only the one shown). */
  const collectAll = async (): Promise<SignTask[]> => {
    const tasks: SignTask[] = [];
    for (let p = 1; ; p++) {
      const result = await dispatch(
        signingApi.endpoints.filesForSigners.initiate({ page: p, iac: false, unit: false, final: false, unsignedOnly: true }, { subscribe: false, forceRefetch: true }),
      ).unwrap();
      for (const doc of result.files) {
        const task = taskOf(doc);
        if (task) tasks.push(task);
      }
      if (p >= result.pagesCount) return tasks;
    }
  };

  const signAll = async () => {
    setCollecting(true);
    try {
      const tasks = await collectAll();
      if (tasks.length === 0) dispatch(showError('Нет документов, ожидающих вашей подписи'));
      else setPending(tasks);
    } catch {
      // The base query has shown the error.
    } finally {
      setCollecting(false);
    }
  };

  const start = async (tasks: readonly SignTask[], choice: SignerChoice) => {
    setPending(null);
    setRun({ tasks, outcomes: [], running: true });
    const outcomes = await signDocuments(tasks, choice, (done) => setRun({ tasks, outcomes: done, running: true }));
    setRun({ tasks, outcomes, running: false });
    const failed = outcomes.filter((o) => !o.ok);
    if (tasks.length === 1) dispatch(failed[0] ? showError(failed[0].message) : showSuccess(outcomes[0]?.message ?? 'Документ подписан'));
    else dispatch(failed.length ? showError(progressLine(outcomes.length, tasks.length, failed.length)) : showSuccess(progressLine(outcomes.length, tasks.length, 0)));
  };

  const files = data?.files ?? [];
  const failedCount = run ? run.outcomes.filter((o) => !o.ok).length : 0;

  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Stack spacing={1.5}>
        <ListScreenHeader
          title="Документы на подпись"
          count={data ? data.itemsCount : null}
          actions={
            <Button variant="contained" disabled={busy} onClick={() => void signAll()}>
              Подписать все
            </Button>
          }
        />
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} role="group" aria-label="Фильтр">
          {kindFilters.map((kind) => (
            <FormControlLabel key={kind} control={<Checkbox checked={kinds.has(kind)} onChange={() => toggle(kind)} />} label={filterTitles[kind]} />
          ))}
          <FormControlLabel control={<Checkbox checked={unsignedOnly} onChange={(e) => setUnsignedOnly(e.target.checked)} />} label="Только неподписанные" />
        </Stack>
        {run && (
          <Paper variant="outlined" sx={{ p: 1.5 }} aria-label="Ход подписания">
            <Typography data-testid="sign-progress">
              {run.running ? `Подписание: ${run.outcomes.length} из ${run.tasks.length}` : progressLine(run.outcomes.length, run.tasks.length, failedCount)}
            </Typography>
            {run.running && <LinearProgress variant="determinate" value={(100 * run.outcomes.length) / run.tasks.length} />}
            <List dense aria-label="Результаты подписания">
              {run.outcomes.map((o) => (
                <ListItem key={o.docId} sx={{ color: o.ok ? 'success.main' : 'error.main' }}>
                  {o.fileName}: {o.message}
                </ListItem>
              ))}
            </List>
          </Paper>
        )}
        <TableContainer component={Paper} variant="outlined">
          {isFetching && <LinearProgress aria-label="Загрузка" />}
          <Table size="small" aria-label="Документы на подпись">
            <TableHead>
              <TableRow>
                <TableCell>Заявка</TableCell>
                <TableCell>Документ</TableCell>
                <TableCell>Филиал</TableCell>
                <TableCell>Объект</TableCell>
                <TableCell>Итоговый</TableCell>
                <TableCell>Скачать</TableCell>
                <TableCell aria-label="Действия" />
              </TableRow>
            </TableHead>
            <TableBody>
              {files.map((doc) => {
                const task = taskOf(doc);
                return (
                  <TableRow key={doc.docId}>
                    <TableCell>
                      <Link component={RouterLink} to={requestDocumentsPath(doc.requestId)}>
                        {doc.requestNumber ?? doc.requestId}
                      </Link>
                    </TableCell>
                    <TableCell>{doc.fileName}</TableCell>
                    <SignerMarkCells doc={doc} />
                    <TableCell>
                      <SignDownloads docId={doc.docId} fileName={doc.fileName} />
                    </TableCell>
                    <TableCell>
                      {task && (
                        <Button size="small" variant="outlined" disabled={busy} onClick={() => setPending([task])} aria-label={`Подписать ${doc.fileName}`}>
                          Подписать
                        </Button>
                      )}
                    </TableCell>
                  </TableRow>
                );
              })}
              {data && files.length === 0 && (
                <TableRow>
                  <TableCell colSpan={7}>Документов нет</TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </TableContainer>
        <TablePager page={page} pagesCount={data?.pagesCount ?? 0} onPageChange={setPage} />
      </Stack>
      {pending && (
        <CertificateDialog
          open
          title={pending.length === 1 ? `Подписать ${pending[0]!.doc.fileName} (${signerKindTitles[pending[0]!.kind]})` : `Подписать все (${pending.length})`}
          onClose={() => setPending(null)}
          onChosen={(choice) => void start(pending, choice)}
        />
      )}
    </Box>
  );
};
