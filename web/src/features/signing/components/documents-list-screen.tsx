import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { signerKindTitles, signerKinds, type SignerKind } from '@domain/signing/events';
import { DataTable, ListScreen, type DataColumn } from '@/components';
import { requestDocumentsPath } from '@/config/paths';
import { usePaging } from '@/hooks/use-paging';
import { showError, showSuccess } from '@/lib/notices';
import { selectCurrentUser, selectRights } from '@/lib/session';
import {
  CertificateDialog,
  SignDownloads,
  SignerMarkText,
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
 * /documents-list, 'Документы на подпись' (administration.md 2.10, decisions 72–86): the documents the user
 * is an assigned signer of, 10 per page, the signer-role filters, unsigned only, signing one or all.
 */
export const DocumentsListScreen = () => {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectCurrentUser);
  const rights = useAppSelector(selectRights);
  const userId = user?.id ?? null;
  const [kinds, setKinds] = useState<ReadonlySet<SignerKind>>(new Set());
  // The home page's 'Документы на подпись' opens the list with ?unsigned=1.
  const [unsignedOnly, setUnsignedOnly] = useState(() => new URLSearchParams(window.location.search).get('unsigned') === '1');
  const filterKey = JSON.stringify([[...kinds].sort(), unsignedOnly]);
  const { page, setPage } = usePaging(filterKey);
  const filter = { page, iac: kinds.has('iac'), unit: kinds.has('unit'), final: kinds.has('final'), unsignedOnly };
  const { data, isFetching, isError } = useFilesForSignersQuery(filter);
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

  const failedCount = run ? run.outcomes.filter((o) => !o.ok).length : 0;
  const columns: readonly DataColumn<SignDocument>[] = [
    {
      key: 'request',
      header: 'Заявка',
      cell: (doc) => (
        <Link component={RouterLink} to={requestDocumentsPath(doc.requestId)}>
          {doc.requestNumber ?? doc.requestId}
        </Link>
      ),
    },
    { key: 'file', header: 'Документ', cell: (doc) => doc.fileName },
    ...signerKinds.map((kind) => ({ key: kind, header: filterTitles[kind], cell: (doc: SignDocument) => <SignerMarkText mark={doc.signers[kind]} doc={doc} kind={kind} /> })),
    { key: 'download', header: 'Скачать', cell: (doc) => <SignDownloads docId={doc.docId} fileName={doc.fileName} /> },
  ];

  return (
    <ListScreen
      title="Документы на подпись"
      count={data ? data.itemsCount : null}
      actions={
        <Button variant="contained" disabled={busy} onClick={() => void signAll()}>
          Подписать все
        </Button>
      }
      filters={
        <>
          {kindFilters.map((kind) => (
            <FormControlLabel key={kind} control={<Checkbox checked={kinds.has(kind)} onChange={() => toggle(kind)} />} label={filterTitles[kind]} />
          ))}
          <FormControlLabel control={<Checkbox checked={unsignedOnly} onChange={(e) => setUnsignedOnly(e.target.checked)} />} label="Только неподписанные" />
        </>
      }
      pager={{ page, pagesCount: data?.pagesCount ?? 0, onPageChange: setPage }}
      dialogs={
        pending && (
          <CertificateDialog
            open
            title={pending.length === 1 ? `Подписать ${pending[0]!.doc.fileName} (${signerKindTitles[pending[0]!.kind]})` : `Подписать все (${pending.length})`}
            onClose={() => setPending(null)}
            onChosen={(choice) => void start(pending, choice)}
          />
        )
      }
    >
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
      <DataTable
        label="Документы на подпись"
        columns={columns}
        rows={data?.files}
        rowKey={(doc) => doc.docId}
        fetching={isFetching}
        failed={isError}
        empty="Документов нет"
        rowActions={(doc) => {
          const task = taskOf(doc);
          return (
            task && (
              <Button size="small" variant="outlined" disabled={busy} onClick={() => setPending([task])} aria-label={`Подписать ${doc.fileName}`}>
                Подписать
              </Button>
            )
          );
        }}
      />
    </ListScreen>
  );
};
