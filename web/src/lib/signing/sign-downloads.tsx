import DownloadIcon from '@mui/icons-material/Download';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import Stack from '@mui/material/Stack';
import { useDownloadSignDocumentMutation, type SignDownloadKind } from './signing-api';

const titles: Record<SignDownloadKind, string> = { original: 'Оригинал', archive: 'С подписями (архив)', stamped: 'С отметками о подписи' };

const zipName = (fileName: string) => `${fileName.replace(/\.[^.]*$/, '')}.zip`;

/** The three downloads of a document to sign. */
export const SignDownloads = ({ docId, fileName }: { readonly docId: string; readonly fileName: string }) => {
  const [download] = useDownloadSignDocumentMutation();
  const fallback: Record<SignDownloadKind, string> = { original: fileName, archive: zipName(fileName), stamped: fileName };
  return (
    <Stack spacing={0.25}>
      {(Object.keys(titles) as SignDownloadKind[]).map((kind) => (
        <Link key={kind} component="button" variant="body2" sx={{ textAlign: 'left' }} onClick={() => void download({ docId, kind, fileName: fallback[kind] })}>
          {titles[kind]}
        </Link>
      ))}
    </Stack>
  );
};

/** The same downloads behind one button ('Скачать …' opens a menu of the three). */
export const SignDownloadsMenu = ({ docId, fileName }: { readonly docId: string; readonly fileName: string }) => {
  const [download] = useDownloadSignDocumentMutation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const fallback: Record<SignDownloadKind, string> = { original: fileName, archive: zipName(fileName), stamped: fileName };
  return (
    <>
      <Tooltip title="Скачать">
        <IconButton size="small" aria-label={`Скачать ${fileName}`} aria-haspopup="menu" onClick={(e) => setAnchor(e.currentTarget)}>
          <DownloadIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {(Object.keys(titles) as SignDownloadKind[]).map((kind) => (
          <MenuItem
            key={kind}
            onClick={() => {
              setAnchor(null);
              void download({ docId, kind, fileName: fallback[kind] });
            }}
          >
            {titles[kind]}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
};
