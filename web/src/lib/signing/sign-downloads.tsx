import Link from '@mui/material/Link';
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
