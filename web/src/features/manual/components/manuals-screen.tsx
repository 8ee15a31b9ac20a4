import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import FolderIcon from '@mui/icons-material/Folder';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { fileKindOf, type StoredFile } from '@domain/news/files';
import { hasFull } from '@domain/rights';
import { ConfirmDelete } from '@/components';
import { useBlobUrl } from '@/lib/blob-url';
import { selectCurrentUser } from '@/lib/session';
import { useAppSelector } from '@/lib/store';
import { manualFilePath, useDeleteManualFolderMutation, useDeleteManualItemMutation, useDownloadManualFileMutation, useManualsQuery, type ManualFolderRow, type ManualItemRow } from '../api/manual-api';
import { ManualFolderDialog, ManualItemDialog } from './manual-dialogs';

/** A video or a picture loaded with the session headers and shown from an object URL (lib/blob-url). */
const MediaFile = ({ itemId, file }: { readonly itemId: number; readonly file: StoredFile }) => {
  const video = fileKindOf(file.file_name) === 'video';
  const { url } = useBlobUrl({ path: manualFilePath(itemId, file.file_id), large: video });
  if (!url) return <Typography variant="body2">{file.file_name}</Typography>;
  return video ? (
    <video controls src={url} aria-label={file.file_name} style={{ maxWidth: '100%', maxHeight: 480 }} />
  ) : (
    <img src={url} alt={file.file_name} style={{ maxWidth: '100%' }} />
  );
};

const ItemView = ({ item, canEdit, onEdit, onDelete }: { readonly item: ManualItemRow; readonly canEdit: boolean; readonly onEdit: () => void; readonly onDelete: () => void }) => {
  const [download] = useDownloadManualFileMutation();
  return (
    <Stack spacing={1.5}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography variant="h6" sx={{ flex: 1 }}>
          {item.title}
        </Typography>
        {canEdit && (
          <>
            <Button size="small" startIcon={<EditIcon />} onClick={onEdit}>
              Изменить
            </Button>
            <Button size="small" color="error" startIcon={<DeleteIcon />} onClick={onDelete}>
              Удалить
            </Button>
          </>
        )}
      </Stack>
      <Typography sx={{ whiteSpace: 'pre-wrap' }}>{item.contents}</Typography>
      {item.manual_item_files.map((f) =>
        fileKindOf(f.file_name) === 'file' ? (
          <Link key={f.file_id} component="button" type="button" sx={{ alignSelf: 'flex-start' }} onClick={() => void download({ itemId: item.id, file: f })}>
            {f.file_name}
          </Link>
        ) : (
          <MediaFile key={f.file_id} itemId={item.id} file={f} />
        ),
      )}
    </Stack>
  );
};

type Dialog = { kind: 'folder'; folder: ManualFolderRow | null } | { kind: 'item'; folderId: number; item: ManualItemRow | null } | null;
type Deleting = { kind: 'folder'; folder: ManualFolderRow } | { kind: 'item'; item: ManualItemRow };

/**
 * /manuals 'Обучающие материалы' (administration.md 2.10): a split view, the splitter at 25 % to start,
 * folders with their items on the left and the chosen item on the right. With RIGHT_MANUALS_EDIT:
 * folders and items are added, changed and deleted (a folder's delete is disabled while it has items).
 */
export const ManualsScreen = () => {
  const rights = useAppSelector(selectCurrentUser)?.rightsObject ?? {};
  const canEdit = hasFull(rights, 'RIGHT_MANUALS_EDIT');
  const { data } = useManualsQuery();
  const [split, setSplit] = useState(25);
  const [selected, setSelected] = useState<number | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [deleting, setDeleting] = useState<Deleting | null>(null);
  const [deleteFolder, { isLoading: f }] = useDeleteManualFolderMutation();
  const [deleteItem, { isLoading: i }] = useDeleteManualItemMutation();
  const box = useRef<HTMLDivElement>(null);
  const folders = data?.manuals ?? [];
  const item = folders.flatMap((x) => x.manual_items).find((x) => x.id === selected) ?? null;

  const drag = (e: ReactPointerEvent<HTMLDivElement>) => {
    const rect = box.current?.getBoundingClientRect();
    if (!rect) return;
    const move = (ev: PointerEvent) => setSplit(Math.min(80, Math.max(10, ((ev.clientX - rect.left) / rect.width) * 100)));
    const up = () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
    e.preventDefault();
  };

  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1.5 }}>
        <Typography variant="h5" component="h1" sx={{ flex: 1 }}>
          Обучающие материалы
        </Typography>
        {canEdit && (
          <Button variant="contained" size="small" startIcon={<AddIcon />} onClick={() => setDialog({ kind: 'folder', folder: null })}>
            Добавить папку
          </Button>
        )}
      </Stack>
      <Paper variant="outlined" ref={box} sx={{ display: 'flex', minHeight: 480 }}>
        <Box data-testid="manuals-tree" sx={{ width: `${split}%`, overflow: 'auto' }}>
          <List dense aria-label="Папки">
            {/* A folder is an item of the tree's list, its materials a list of their own (WCAG 1.3.1). */}
            {folders.map((folder) => (
              <Box component="li" key={folder.id}>
                <Stack direction="row" sx={{ alignItems: 'center', px: 1 }}>
                  <FolderIcon fontSize="small" color="action" />
                  <Typography sx={{ flex: 1, ml: 1, fontWeight: 500 }}>{folder.title}</Typography>
                  {canEdit && (
                    <>
                      <Tooltip title="Добавить материал">
                        <IconButton size="small" aria-label={`Добавить материал в «${folder.title}»`} onClick={() => setDialog({ kind: 'item', folderId: folder.id, item: null })}>
                          <AddIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                      <IconButton size="small" aria-label={`Изменить папку «${folder.title}»`} onClick={() => setDialog({ kind: 'folder', folder })}>
                        <EditIcon fontSize="small" />
                      </IconButton>
                      <span>
                        <IconButton size="small" aria-label={`Удалить папку «${folder.title}»`} disabled={folder.manual_items.length > 0} onClick={() => setDeleting({ kind: 'folder', folder })}>
                          <DeleteIcon fontSize="small" />
                        </IconButton>
                      </span>
                    </>
                  )}
                </Stack>
                <List dense disablePadding aria-label={folder.title}>
                  {folder.manual_items.map((it) => (
                    <ListItem key={it.id} disablePadding>
                      <ListItemButton selected={it.id === selected} sx={{ pl: 5 }} onClick={() => setSelected(it.id)}>
                        <ListItemText primary={it.title} />
                      </ListItemButton>
                    </ListItem>
                  ))}
                </List>
              </Box>
            ))}
          </List>
        </Box>
        <Box role="separator" aria-orientation="vertical" aria-valuenow={Math.round(split)} onPointerDown={drag} sx={{ width: 6, cursor: 'col-resize', bgcolor: 'divider', flexShrink: 0 }} />
        <Box sx={{ flex: 1, p: 2, overflow: 'auto' }}>
          {item ? (
            <ItemView key={item.id} item={item} canEdit={canEdit} onEdit={() => setDialog({ kind: 'item', folderId: item.manual_id, item })} onDelete={() => setDeleting({ kind: 'item', item })} />
          ) : (
            <Typography color="text.secondary">Выберите материал</Typography>
          )}
        </Box>
      </Paper>
      {dialog?.kind === 'folder' && <ManualFolderDialog folder={dialog.folder} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'item' && <ManualItemDialog folderId={dialog.folderId} item={dialog.item} onClose={() => setDialog(null)} />}
      <ConfirmDelete
        row={deleting}
        question={(d) => (d.kind === 'folder' ? `Удалить папку «${d.folder.title}»?` : `Удалить материал «${d.item.title}»?`)}
        remove={async (d) => {
          if (d.kind === 'folder') return deleteFolder(d.folder.id).unwrap();
          await deleteItem(d.item.id).unwrap();
          setSelected(null);
        }}
        busy={f || i}
        onClose={() => setDeleting(null)}
      />
    </Box>
  );
};
