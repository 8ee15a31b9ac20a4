import FileDownloadIcon from '@mui/icons-material/FileDownload';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import { useExportRequestsMutation, type ExportFormat } from '../../api/request-list-api';
import type { ServerFilter } from '../../model/filter';

const formats: ReadonlyArray<{ format: ExportFormat; title: string }> = [
  { format: 'docx', title: 'Word (docx)' },
  { format: 'xlsx', title: 'Excel (xlsx)' },
];

/** 'Выгрузить': the whole filtered list (not only the page) as docx or xlsx, built by the server. */
export const ExportMenu = ({ filter }: { readonly filter: ServerFilter }) => {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [download, { isLoading }] = useExportRequestsMutation();
  const choose = (format: ExportFormat) => {
    setAnchor(null);
    void download({ format, filter });
  };
  return (
    <>
      <Button
        variant="outlined"
        startIcon={isLoading ? <CircularProgress size={16} aria-label="Выгрузка" /> : <FileDownloadIcon />}
        disabled={isLoading}
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
    </>
  );
};
