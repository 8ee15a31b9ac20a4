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
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { innerRequestStateTitles, isImageFile, offeredInnerStates, unknownStateTitle, type InnerRequestRow } from '@domain/inner-request';
import type { FileRef } from '@domain/request/state';
import { hasFull } from '@domain/rights';
import { ConfirmDelete, DataTable, DebouncedTextField, FilterSelect, ListScreen, type DataColumn } from '@/components';
import { useCatalogQuery } from '@/lib/references';
import { selectRights } from '@/lib/session';
import { useAppSelector } from '@/lib/store';
import { formatDateTime } from '@/utils/format';
import { useDeleteInnerRequestMutation, useDownloadInnerRequestFileMutation, useInnerRequestsQuery, useUpdateInnerRequestMutation } from '../api/inner-request-api';
import { ImageCarousel } from './image-carousel';
import { InnerRequestDialog } from './inner-request-dialog';

const FileLinks = ({ row, onImage }: { row: InnerRequestRow; onImage: (images: FileRef[], index: number) => void }) => {
  const [download] = useDownloadInnerRequestFileMutation();
  const images = row.files.filter(isImageFile);
  return (
    <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', rowGap: 0.5 }}>
      {row.files.map((f) =>
        isImageFile(f) ? (
          <Chip key={f.file_id} size="small" icon={<ImageIcon />} label={f.file_name} onClick={() => onImage(images, images.indexOf(f))} />
        ) : (
          <Chip key={f.file_id} size="small" icon={<AttachFileIcon />} label={f.file_name} onClick={() => void download({ id: row.id, fileId: f.file_id, fileName: f.file_name })} />
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
  const [state, setState] = useState('');
  const [kind, setKind] = useState('');
  const [text, setText] = useState('');
  const { data, isFetching, isError } = useInnerRequestsQuery({
    pageNumber: page,
    state: state === '' ? null : Number(state),
    request_inner_kind_id: kind === '' ? null : Number(kind),
    text,
  });
  const { data: categories = [] } = useCatalogQuery('problems_categories');
  const [update] = useUpdateInnerRequestMutation();
  const [remove, { isLoading: removing }] = useDeleteInnerRequestMutation();
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const [dialog, setDialog] = useState<{ parentId: number | null } | null>(null);
  const [menu, setMenu] = useState<{ anchor: HTMLElement; row: InnerRequestRow } | null>(null);
  const [kindMenu, setKindMenu] = useState<{ anchor: HTMLElement; row: InnerRequestRow } | null>(null);
  const [deleting, setDeleting] = useState<InnerRequestRow | null>(null);
  const [carousel, setCarousel] = useState<{ id: number; images: FileRef[]; index: number } | null>(null);
  // An open request's answers follow it as rows of their own.
  const rows = data?.request_inner.flatMap((r) => [r, ...(open.has(r.id) ? r.answers : [])]);
  const filter = (set: (v: string) => void) => (v: string) => {
    set(v);
    setPage(1);
  };
  const toggle = (id: number) => setOpen((s) => (s.has(id) ? new Set([...s].filter((x) => x !== id)) : new Set([...s, id])));
  const isChild = (row: InnerRequestRow) => row.parent_id !== null;

  const columns: readonly DataColumn<InnerRequestRow>[] = [
    {
      key: 'open',
      header: '',
      sx: { width: 48, py: 0, px: 0.5 },
      cell: (row) =>
        !isChild(row) &&
        row.answers_count > 0 && (
          <IconButton size="small" aria-label={open.has(row.id) ? 'Скрыть ответы' : 'Показать ответы'} onClick={() => toggle(row.id)}>
            {open.has(row.id) ? <KeyboardArrowDownIcon /> : <KeyboardArrowRightIcon />}
          </IconButton>
        ),
    },
    {
      key: 'number',
      header: 'Номер и дата',
      sx: { whiteSpace: 'nowrap' },
      cell: (row) => (
        <>
          {isChild(row) ? '' : `№${row.number}`}
          <br />
          {formatDateTime(row.date_create)}
        </>
      ),
    },
    {
      key: 'place',
      header: 'Регион и организация',
      cell: (row) => (
        <>
          {row.region ?? ''}
          {row.organization ? (
            <>
              <br />
              {row.organization}
            </>
          ) : null}
        </>
      ),
    },
    { key: 'author', header: 'Автор', cell: (row) => row.author },
    { key: 'kind', header: 'Тип', cell: (row) => (isChild(row) ? '' : (row.kind ?? '')) },
    { key: 'message', header: 'Сообщение', sx: { whiteSpace: 'pre-wrap', maxWidth: 420 }, cell: (row) => row.message },
    {
      key: 'state',
      header: 'Статус',
      cell: (row) =>
        !isChild(row) && (
          <Badge badgeContent={row.answers_count} color="primary" data-testid="answers-badge">
            <Box component="span" sx={{ pr: 1.5 }}>
              {unknownStateTitle(row.state)}
            </Box>
          </Badge>
        ),
    },
    { key: 'files', header: 'Файлы', cell: (row) => <FileLinks row={row} onImage={(images, index) => setCarousel({ id: row.id, images, index })} /> },
  ];

  return (
    <ListScreen
      title="Запросы администратору"
      count={data ? data.iRequestsInnerCount : null}
      onAdd={() => setDialog({ parentId: null })}
      filters={
        <>
          <FilterSelect
            label="Статус"
            value={state}
            options={offeredInnerStates.map((s) => ({ value: s, label: unknownStateTitle(s) }))}
            onChange={filter(setState)}
            minWidth={160}
          />
          <FilterSelect label="Тип" value={kind} options={categories.map((c) => ({ value: c.id, label: String(c.title) }))} onChange={filter(setKind)} minWidth={200} />
          <DebouncedTextField size="small" label="Текст сообщения" value={text} onChange={filter(setText)} />
        </>
      }
      pager={data ? { page, pagesCount: data.pagesCount, onPageChange: setPage } : null}
      dialogs={
        <>
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
          <ConfirmDelete
            row={deleting}
            question={(r) => `Удалить запрос №${r.number}?`}
            remove={(r) => remove(r.id).unwrap()}
            busy={removing}
            onClose={() => setDeleting(null)}
          />
          {carousel && <ImageCarousel requestId={carousel.id} images={carousel.images} start={carousel.index} onClose={() => setCarousel(null)} />}
        </>
      }
    >
      <DataTable
        label="Запросы администратору"
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
        fetching={isFetching}
        failed={isError}
        empty="Запросов нет"
        rowMarks={(row) =>
          isChild(row) ? { testId: `inner-answer-${row.id}`, sx: { bgcolor: 'action.hover' } } : { testId: `inner-request-${row.id}` }
        }
        rowActions={(row) =>
          !isChild(row) &&
          (isAdmin ? (
            <IconButton aria-label="Действия" onClick={(e) => setMenu({ anchor: e.currentTarget, row })}>
              <MoreVertIcon />
            </IconButton>
          ) : (
            <Button size="small" onClick={() => setDialog({ parentId: row.id })}>
              Ответить
            </Button>
          ))
        }
      />
    </ListScreen>
  );
};
