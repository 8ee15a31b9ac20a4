import FileDownloadIcon from '@mui/icons-material/FileDownload';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { Suspense, useState } from 'react';
import { lazyComponent } from '@/lib/lazy';
import type { ExportFormat } from './types';

const formats: ReadonlyArray<{ format: ExportFormat; title: string }> = [
  { format: 'docx', title: 'Word (docx)' },
  { format: 'xlsx', title: 'Excel (xlsx)' },
];

export interface ExportMenuProps {
  /** Builds and downloads the whole filtered list (not only the page) in a format. */
  readonly onExport: (format: ExportFormat) => void;
  /** A download is running. */
  readonly busy: boolean;
  /** The question asked first, with the count found ('Список содержит N …'); absent: no question. */
  readonly confirmText?: (count: number) => string;
  /** How many rows the filter finds (null while loading: nothing to ask about yet). */
  readonly itemsCount: number | null;
}

// The question is fetched when first asked: it is not part of a list's first screen (web/build/budgets.ts).
const ConfirmDialog = lazyComponent(() => import('../confirm-dialog').then((m) => m.ConfirmDialog));

/** 'Выгрузить': the whole filtered list as docx or xlsx, built by the server, after the list's question if it has one. */
export const ExportMenu = ({ onExport, busy, confirmText, itemsCount }: ExportMenuProps) => {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [asked, setAsked] = useState<{ format: ExportFormat; count: number } | null>(null);
  // Mounted from the first question on, so later ones open and close with the dialog's own transitions.
  const [confirmMounted, setConfirmMounted] = useState(false);
  if (asked !== null && !confirmMounted) setConfirmMounted(true);
  const choose = (format: ExportFormat) => {
    setAnchor(null);
    if (!confirmText) onExport(format);
    else if (itemsCount !== null) setAsked({ format, count: itemsCount });
  };
  const confirm = () => {
    if (!asked) return;
    setAsked(null);
    onExport(asked.format);
  };
  return (
    <>
      <Button
        variant="outlined"
        startIcon={busy ? <CircularProgress size={16} aria-label="Выгрузка" /> : <FileDownloadIcon />}
        disabled={busy || (confirmText !== undefined && itemsCount === null)}
        aria-haspopup="menu"
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        Выгрузить
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {formats.map((f) => (
          <MenuItem key={f.format} onClick={() => choose(f.format)}>
            {f.title}
          </MenuItem>
        ))}
      </Menu>
      {confirmText && confirmMounted && (
        <Suspense fallback={null}>
          <ConfirmDialog
            open={asked !== null}
            title="Выгрузка списка"
            text={asked ? confirmText(asked.count) : ''}
            confirmText="Продолжить"
            onConfirm={confirm}
            onCancel={() => setAsked(null)}
          />
        </Suspense>
      )}
    </>
  );
};
