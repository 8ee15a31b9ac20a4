import FileDownloadIcon from '@mui/icons-material/FileDownload';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import type { ToolListQuery } from '@domain/tool/list-filter';
import { ConfirmDialog } from '@/components';
import { useExportToolsMutation, type ExportFormat } from '../../api/tool-list-api';

const formats: ReadonlyArray<{ format: ExportFormat; title: string }> = [
  { format: 'docx', title: 'Word (docx)' },
  { format: 'xlsx', title: 'Excel (xlsx)' },
];

export interface ExportMenuProps {
  /** The whole filter (no page): the export writes every tool it finds. */
  readonly filter: ToolListQuery;
  /** How many tools the filter finds (null while loading: nothing to confirm yet). */
  readonly itemsCount: number | null;
}

/**
 * 'Выгрузить': the whole filtered list as docx or xlsx, built by the server, after the question
 * 'Список содержит N единиц оборудования. Продолжить?' (equipment.md 2).
 */
export const ExportMenu = ({ filter, itemsCount }: ExportMenuProps) => {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [asked, setAsked] = useState<{ format: ExportFormat; count: number } | null>(null);
  const [download, { isLoading }] = useExportToolsMutation();
  const choose = (format: ExportFormat) => {
    setAnchor(null);
    if (itemsCount !== null) setAsked({ format, count: itemsCount });
  };
  const confirm = () => {
    if (!asked) return;
    setAsked(null);
    void download({ format: asked.format, filter });
  };
  return (
    <>
      <Button
        variant="outlined"
        startIcon={isLoading ? <CircularProgress size={16} aria-label="Выгрузка" /> : <FileDownloadIcon />}
        disabled={isLoading || itemsCount === null}
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
      <ConfirmDialog
        open={asked !== null}
        title="Выгрузка списка"
        text={asked ? `Список содержит ${asked.count} единиц оборудования. Продолжить?` : ''}
        confirmText="Продолжить"
        onConfirm={confirm}
        onCancel={() => setAsked(null)}
      />
    </>
  );
};
