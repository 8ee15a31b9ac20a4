import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useMemo, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { hasRight, RightValue } from '@domain/rights';
import { scanResultTitles, type InventoryItemRow } from '@domain/inventory';
import { apiErrorText } from '@/lib/api';
import { useOwnUnitsQuery, useUnitsQuery, type Unit } from '@/lib/references';
import { selectCurrentUser } from '@/lib/session';
import { useAppSelector } from '@/lib/store';
import { formatDateTime } from '@/utils/format';
import {
  useFinishInventoryMutation,
  useInventoryStatementMutation,
  useInventoryRoundQuery,
  useInventoryRoundsQuery,
  useMoveInventoryMutation,
  useScanInventoryMutation,
  useStartInventoryMutation,
} from '../api/inventory-api';

type Shown = InventoryItemRow['result'] | 'all';
const resultColor: Record<InventoryItemRow['result'], 'success' | 'warning' | 'error' | 'default' | 'info'> = {
  found: 'success',
  elsewhere: 'warning',
  unknown: 'info',
  missing: 'error',
  expected: 'default',
};
const resultTitle = (r: InventoryItemRow['result']) => (r === 'expected' ? 'Ожидается' : scanResultTitles[r]);

const useWriter = () => {
  const user = useAppSelector(selectCurrentUser);
  const rights = user?.rightsObject ?? {};
  return { canWrite: hasRight(rights, 'RIGHT_TOOLS_WRITE', RightValue.FULL), readsAll: hasRight(rights, 'RIGHT_TOOLS_READ', RightValue.ALL) };
};

/** Starting a round: the objects of the caller's scope (their own, or every object for ALL). */
const StartRound = ({ onStarted }: { readonly onStarted: (id: number) => void }) => {
  const { readsAll } = useWriter();
  const own = useOwnUnitsQuery(readsAll ? skipToken : undefined);
  const all = useUnitsQuery(readsAll ? undefined : skipToken);
  const units: readonly Unit[] = (readsAll ? all.data : own.data) ?? [];
  const [chosen, setChosen] = useState<Unit[]>([]);
  const [start, { isLoading, error }] = useStartInventoryMutation();
  const submit = async () => {
    const r = await start({ unit_ids: chosen.map((u) => u.id) });
    if ('data' in r && r.data) onStarted(r.data.id);
  };
  return (
    <Stack spacing={1} sx={{ my: 2 }}>
      <Autocomplete
        multiple
        options={units as Unit[]}
        value={chosen}
        onChange={(_e, v) => setChosen(v)}
        getOptionLabel={(u) => u.name}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        renderInput={(params) => <TextField {...params} label="Объекты инвентаризации" size="small" />}
      />
      <Button variant="contained" disabled={chosen.length === 0 || isLoading} onClick={() => void submit()}>
        Начать инвентаризацию
      </Button>
      {error && <Alert severity="error">{apiErrorText(error)}</Alert>}
    </Stack>
  );
};

/** A round: scan by typing (or a scanner that types), the lists by class, moves and the finish. */
const Round = ({ id, onBack }: { readonly id: number; readonly onBack: () => void }) => {
  const { canWrite } = useWriter();
  const { data, error, isLoading } = useInventoryRoundQuery(id);
  const [scan, scanning] = useScanInventoryMutation();
  const [move] = useMoveInventoryMutation();
  const [finish, finishing] = useFinishInventoryMutation();
  const [statement, statementState] = useInventoryStatementMutation();
  const [code, setCode] = useState('');
  const [message, setMessage] = useState<{ severity: 'success' | 'warning' | 'error' | 'info'; text: string; unknownCode?: string } | null>(null);
  const [shown, setShown] = useState<Shown>('all');
  const [signer, setSigner] = useState({ post: '', name: '' });
  const input = useRef<HTMLInputElement>(null);
  const counts = useMemo(() => {
    const c: Record<string, number> = {};
    for (const i of data?.items ?? []) c[i.result] = (c[i.result] ?? 0) + 1;
    return c;
  }, [data]);
  if (isLoading) return <CircularProgress aria-label="Загрузка" />;
  if (error || !data) return <Alert severity="error">{apiErrorText(error)}</Alert>;
  const { round, items } = data;
  const open = round.status === 'open';

  const send = async (body: { code?: string; tool_id?: number; confirm_unknown?: boolean }) => {
    const r = await scan({ id, body });
    if ('error' in r) {
      const text = apiErrorText(r.error);
      setMessage({ severity: 'error', text, ...(body.code && text.includes('не найден в реестре') ? { unknownCode: body.code } : {}) });
      return;
    }
    const a = r.data;
    const what = a.tool ? a.tool.title : (body.code ?? '');
    setMessage(
      !a.recorded
        ? { severity: 'info', text: `Уже отмечено: ${what}` }
        : { severity: a.result === 'found' ? 'success' : 'warning', text: `${a.result ? scanResultTitles[a.result] : ''}: ${what}` },
    );
    setCode('');
    input.current?.focus();
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (code.trim()) void send({ code: code.trim() });
  };
  const visible = shown === 'all' ? items : items.filter((i) => i.result === shown);
  const undecided = items.filter((i) => i.result === 'elsewhere' && i.decision === null).length;

  return (
    <Stack spacing={1.5}>
      <Button onClick={onBack} sx={{ alignSelf: 'flex-start' }}>
        ← Все инвентаризации
      </Button>
      <Typography variant="h6" component="h2" data-testid="inventory-round-title">
        Инвентаризация № {round.id}: {round.unit_names.join(', ')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {open ? 'Идёт' : `Завершена ${formatDateTime(round.finished_at)}`} · начата {formatDateTime(round.started_at)} · {round.started_by_name}
      </Typography>
      <Typography data-testid="inventory-counts">
        Ожидается {round.expected} · найдено {round.found} · на другом объекте {round.elsewhere} · нет в реестре {round.unknown}
      </Typography>
      {!open && (
        <Button variant="outlined" sx={{ alignSelf: 'flex-start' }} disabled={statementState.isLoading} onClick={() => void statement(id)}>
          Ведомость (docx)
        </Button>
      )}
      {statementState.error && <Alert severity="error">{apiErrorText(statementState.error)}</Alert>}
      {open && canWrite && (
        <Box component="form" onSubmit={onSubmit} sx={{ display: 'flex', gap: 1 }}>
          <TextField
            inputRef={input}
            autoFocus
            fullWidth
            size="small"
            label="QR-код, инвентарный или серийный номер"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            slotProps={{ htmlInput: { 'aria-label': 'Код единицы', autoComplete: 'off', enterKeyHint: 'done' } }}
          />
          <Button type="submit" variant="contained" disabled={scanning.isLoading || !code.trim()}>
            Отметить
          </Button>
        </Box>
      )}
      {message && (
        <Alert
          severity={message.severity}
          data-testid="inventory-scan-message"
          action={
            message.unknownCode ? (
              <Button color="inherit" size="small" onClick={() => void send({ code: message.unknownCode!, confirm_unknown: true })}>
                Отметить как неучтённую
              </Button>
            ) : undefined
          }
        >
          {message.text}
        </Alert>
      )}
      <Tabs value={shown} onChange={(_e, v: Shown) => setShown(v)} variant="scrollable" aria-label="Списки инвентаризации">
        <Tab value="all" label={`Все (${items.length})`} />
        <Tab value={open ? 'expected' : 'missing'} label={`${open ? 'Ожидается' : 'Не найдено'} (${counts[open ? 'expected' : 'missing'] ?? 0})`} />
        <Tab value="found" label={`Найдено (${counts.found ?? 0})`} />
        <Tab value="elsewhere" label={`На другом объекте (${counts.elsewhere ?? 0})`} />
        <Tab value="unknown" label={`Нет в реестре (${counts.unknown ?? 0})`} />
      </Tabs>
      <List dense aria-label="Единицы" sx={{ maxHeight: '50vh', overflow: 'auto' }}>
        {visible.map((i) => (
          <ListItem
            key={`${i.tool_id ?? 'c'}-${i.code ?? ''}`}
            divider
            secondaryAction={
              open && canWrite && i.result === 'expected' && i.tool_id !== null ? (
                <Button size="small" onClick={() => void send({ tool_id: i.tool_id! })}>
                  Отметить
                </Button>
              ) : undefined
            }
          >
            <ListItemText
              primary={i.title}
              secondary={
                <>
                  <Chip size="small" label={resultTitle(i.result)} color={resultColor[i.result]} sx={{ mr: 1 }} component="span" />
                  {i.decision === 'moved' ? 'перемещено' : i.decision === 'kept' ? 'оставлено на прежнем объекте' : ''}
                  {open && canWrite && i.result === 'elsewhere' && i.decision === null && i.tool_id !== null && (
                    <Box component="span" sx={{ display: 'inline-flex', gap: 1 }}>
                      <Button size="small" onClick={() => void move({ id, tool_id: i.tool_id!, move: true })}>
                        Переместить сюда
                      </Button>
                      <Button size="small" onClick={() => void move({ id, tool_id: i.tool_id!, move: false })}>
                        Оставить
                      </Button>
                    </Box>
                  )}
                </>
              }
              slotProps={{ secondary: { component: 'div' } }}
            />
          </ListItem>
        ))}
      </List>
      {open && canWrite && (
        <Stack spacing={1} sx={{ pt: 1 }}>
          <Typography variant="subtitle2">Подписант ведомости</Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            <TextField size="small" label="Должность" value={signer.post} onChange={(e) => setSigner({ ...signer, post: e.target.value })} />
            <TextField size="small" label="ФИО" value={signer.name} onChange={(e) => setSigner({ ...signer, name: e.target.value })} />
          </Stack>
          {undecided > 0 && <Alert severity="warning">Подтвердите или отклоните перемещение найденных на других объектах единиц ({undecided})</Alert>}
          <Button
            variant="contained"
            color="secondary"
            disabled={finishing.isLoading || undecided > 0}
            onClick={() => void finish({ id, signers: signer.name.trim() ? [{ post: signer.post.trim(), name: signer.name.trim() }] : [] })}
          >
            Завершить инвентаризацию
          </Button>
          {finishing.error && <Alert severity="error">{apiErrorText(finishing.error)}</Alert>}
        </Stack>
      )}
    </Stack>
  );
};

/** /inventory 'Инвентаризация': the rounds of the caller's objects, starting one, and a round (`?round={id}`). */
export const InventoryScreen = () => {
  const [params, setParams] = useSearchParams();
  const raw = params.get('round');
  const roundId = raw && /^\d{1,10}$/.test(raw) ? Number(raw) : null;
  const { canWrite } = useWriter();
  const rounds = useInventoryRoundsQuery(roundId === null ? undefined : skipToken);
  const openRound = (id: number) => setParams({ round: String(id) });
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 900 }}>
      <Typography variant="h5" component="h1">
        Инвентаризация
      </Typography>
      {roundId !== null ? (
        <Round id={roundId} onBack={() => setParams({})} />
      ) : (
        <>
          {canWrite && <StartRound onStarted={openRound} />}
          {rounds.error && <Alert severity="error">{apiErrorText(rounds.error)}</Alert>}
          <List aria-label="Инвентаризации">
            {(rounds.data?.rounds ?? []).map((r) => (
              // A list holds list items only (axe 'list'): the button inside its item.
              <ListItem key={r.id} disablePadding divider>
                <ListItemButton onClick={() => openRound(r.id)}>
                  <ListItemText
                    primary={`№ ${r.id}: ${r.unit_names.join(', ')}`}
                    secondary={`${r.status === 'open' ? 'Идёт' : 'Завершена'} · ${formatDateTime(r.started_at)} · найдено ${r.found} из ${r.expected}`}
                  />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        </>
      )}
    </Box>
  );
};
