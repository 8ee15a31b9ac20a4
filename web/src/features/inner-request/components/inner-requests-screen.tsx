import AttachFileIcon from '@mui/icons-material/AttachFile';
import ImageIcon from '@mui/icons-material/Image';
import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowRightIcon from '@mui/icons-material/KeyboardArrowRight';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { Fragment, useState } from 'react';
import { innerRequestStateTitles, isImageFile, offeredInnerStates, unknownStateTitle, type InnerRequestRow } from '@domain/inner-request';
import type { FileRef } from '@domain/request/state';
import { hasFull } from '@domain/rights';
import { ConfirmDialog, DebouncedTextField, ListScreenHeader, TablePager } from '@/components';
import { useCatalogQuery } from '@/lib/references';
import { selectRights } from '@/lib/session';
import { useAppSelector } from '@/lib/store';
import { formatDateTime } from '@/utils/format';
import { useDeleteInnerRequestMutation, useInnerRequestFileMutation, useInnerRequestsQuery, useUpdateInnerRequestMutation } from '../api/inner-request-api';
import { ImageCarousel } from './image-carousel';
import { InnerRequestDialog } from './inner-request-dialog';

const FileLinks = ({ row, onImage }: { row: InnerRequestRow; onImage: (images: FileRef[], index: number) => void }) => {
  const [download] = useInnerRequestFileMutation();
  const images = row.files.filter(isImageFile);
  return (
    <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', rowGap: 0.5 }}>
      {row.files.map((f) =>
        isImageFile(f) ? (
          <Chip key={f.file_id} size="small" icon={<ImageIcon />} label={f.file_name} onClick={() => onImage(images, images.indexOf(f))} />
        ) : (
          <Chip key={f.file_id} size="small" icon={<AttachFileIcon />} label={f.file_name} onClick={() => void download({ id: row.id, fileId: f.file_id, fileName: f.file_name, save: true })} />
        ),
      )}
    </Stack>
  );
};

/**
 * /request-inner (administration.md 2.9): the caller's requests to the administrator (all of them
 * for an administrator, FULL RIGHT_REQUEST_INNER), 20 a page, answers as expandable children with
 * their count on the state; administrators get the row menu (state, kind, answer, delete), others a reply button.
 */
export const InnerRequestsScreen = () => {
  const isAdmin = hasFull(useAppSelector(selectRights), 'RIGHT_REQUEST_INNER');
  const [page, setPage] = useState(1);
  const [state, setState] = useState<number | ''>('');
  const [kind, setKind] = useState<number | ''>('');
  const [text, setText] = useState('');
  const { data, isFetching } = useInnerRequestsQuery({ pageNumber: page, state: state === '' ? null : state, request_inner_kind_id: kind === '' ? null : kind, text });
  const { data: categories = [] } = useCatalogQuery('problems_categories');
  const [update] = useUpdateInnerRequestMutation();
  const [remove, { isLoading: removing }] = useDeleteInnerRequestMutation();
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const [dialog, setDialog] = useState<{ parentId: number | null } | null>(null);
  const [menu, setMenu] = useState<{ anchor: HTMLElement; row: InnerRequestRow } | null>(null);
  const [kindMenu, setKindMenu] = useState<{ anchor: HTMLElement; row: InnerRequestRow } | null>(null);
  const [deleting, setDeleting] = useState<InnerRequestRow | null>(null);
  const [carousel, setCarousel] = useState<{ id: number; images: FileRef[]; index: number } | null>(null);
  const rows = data?.request_inner ?? [];
  const filter = <T,>(set: (v: T) => void) => (v: T) => {
    set(v);
    setPage(1);
  };
  const toggle = (id: number) => setOpen((s) => (s.has(id) ? new Set([...s].filter((x) => x !== id)) : new Set([...s, id])));

  const line = (row: InnerRequestRow, child: boolean) => (
    <TableRow key={row.id} data-testid={child ? `inner-answer-${row.id}` : `inner-request-${row.id}`} sx={child ? { bgcolor: 'action.hover' } : undefined}>
      <TableCell padding="checkbox">
        {!child && row.answers_count > 0 && (
          <IconButton size="small" aria-label={open.has(row.id) ? 'Скрыть ответы' : 'Показать ответы'} onClick={() => toggle(row.id)}>
            {open.has(row.id) ? <KeyboardArrowDownIcon /> : <KeyboardArrowRightIcon />}
          </IconButton>
        )}
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        {child ? '' : `№${row.number}`}
        <br />
        {formatDateTime(row.date_create)}
      </TableCell>
      <TableCell>
        {row.region ?? ''}
        {row.organization ? <><br />{row.organization}</> : null}
      </TableCell>
      <TableCell>{row.author}</TableCell>
      <TableCell>{child ? '' : (row.kind ?? '')}</TableCell>
      <TableCell sx={{ whiteSpace: 'pre-wrap', maxWidth: 420 }}>{row.message}</TableCell>
      <TableCell>
        {!child && (
          <Badge badgeContent={row.answers_count} color="primary" data-testid="answers-badge">
            <Box component="span" sx={{ pr: 1.5 }}>{unknownStateTitle(row.state)}</Box>
          </Badge>
        )}
      </TableCell>
      <TableCell>
        <FileLinks row={row} onImage={(images, index) => setCarousel({ id: row.id, images, index })} />
      </TableCell>
      <TableCell align="right">
        {!child &&
          (isAdmin ? (
            <IconButton aria-label="Действия" onClick={(e) => setMenu({ anchor: e.currentTarget, row })}>
              <MoreVertIcon />
            </IconButton>
          ) : (
            <Button size="small" onClick={() => setDialog({ parentId: row.id })}>
              Ответить
            </Button>
          ))}
      </TableCell>
    </TableRow>
  );

  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Stack spacing={1.5}>
        <ListScreenHeader title="Запросы администратору" count={data ? data.iRequestsInnerCount : null} onAdd={() => setDialog({ parentId: null })} />
        <Stack direction="row" spacing={1.5} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          <TextField select size="small" label="Статус" value={state} onChange={(e) => filter(setState)(e.target.value === '' ? '' : Number(e.target.value))} sx={{ minWidth: 160 }}>
            <MenuItem value="">Все</MenuItem>
            {offeredInnerStates.map((s) => (
              <MenuItem key={s} value={s}>
                {innerRequestStateTitles[s]}
              </MenuItem>
            ))}
          </TextField>
          <TextField select size="small" label="Тип" value={kind} onChange={(e) => filter(setKind)(e.target.value === '' ? '' : Number(e.target.value))} sx={{ minWidth: 200 }}>
            <MenuItem value="">Все</MenuItem>
            {categories.map((c) => (
              <MenuItem key={c.id} value={c.id}>
                {String(c.title)}
              </MenuItem>
            ))}
          </TextField>
          <DebouncedTextField size="small" label="Текст сообщения" value={text} onChange={filter(setText)} />
        </Stack>
        <TableContainer component={Paper} variant="outlined">
          {isFetching && <LinearProgress aria-label="Загрузка" />}
          <Table size="small" aria-label="Запросы администратору">
            <TableHead>
              <TableRow>
                <TableCell padding="checkbox" />
                <TableCell>Номер и дата</TableCell>
                <TableCell>Регион и организация</TableCell>
                <TableCell>Автор</TableCell>
                <TableCell>Тип</TableCell>
                <TableCell>Сообщение</TableCell>
                <TableCell>Статус</TableCell>
                <TableCell>Файлы</TableCell>
                <TableCell aria-label="Действия" />
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <Fragment key={row.id}>
                  {line(row, false)}
                  {open.has(row.id) && row.answers.map((a) => line(a, true))}
                </Fragment>
              ))}
              {data && rows.length === 0 && (
                <TableRow>
                  <TableCell colSpan={9} sx={{ color: 'text.secondary' }}>
                    Запросов нет
                  </TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </TableContainer>
        {data && <TablePager page={page} pagesCount={data.pagesCount} onPageChange={setPage} />}
      </Stack>
      <Menu anchorEl={menu?.anchor} open={Boolean(menu)} onClose={() => setMenu(null)}>
        <ListSubheader>Статус</ListSubheader>
        {offeredInnerStates.map((s) => (
          <MenuItem
            key={s}
            selected={menu?.row.state === s}
            onClick={() => {
              if (menu) void update({ id: menu.row.id, state: s });
              setMenu(null);
            }}
          >
            {innerRequestStateTitles[s]}
          </MenuItem>
        ))}
        <Divider />
        <MenuItem
          onClick={() => {
            if (menu) setKindMenu(menu);
            setMenu(null);
          }}
        >
          Изменить тип
        </MenuItem>
        <MenuItem
          onClick={() => {
            if (menu) setDialog({ parentId: menu.row.id });
            setMenu(null);
          }}
        >
          Ответить
        </MenuItem>
        <MenuItem
          onClick={() => {
            if (menu) setDeleting(menu.row);
            setMenu(null);
          }}
        >
          Удалить
        </MenuItem>
      </Menu>
      <Menu anchorEl={kindMenu?.anchor} open={Boolean(kindMenu)} onClose={() => setKindMenu(null)}>
        {[{ id: null, title: 'Не указан' }, ...categories].map((c) => (
          <MenuItem
            key={c.id ?? 0}
            selected={kindMenu?.row.request_inner_kind_id === c.id}
            onClick={() => {
              if (kindMenu) void update({ id: kindMenu.row.id, request_inner_kind_id: c.id });
              setKindMenu(null);
            }}
          >
            {String(c.title)}
          </MenuItem>
        ))}
      </Menu>
      {dialog && <InnerRequestDialog parentId={dialog.parentId} onClose={() => setDialog(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        text={`Удалить запрос №${deleting?.number ?? ''}?`}
        busy={removing}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) void remove(deleting.id).then(() => setDeleting(null));
        }}
      />
      {carousel && <ImageCarousel requestId={carousel.id} images={carousel.images} start={carousel.index} onClose={() => setCarousel(null)} />}
    </Box>
  );
};
