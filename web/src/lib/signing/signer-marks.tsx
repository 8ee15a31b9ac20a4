import Box from '@mui/material/Box';
import TableCell from '@mui/material/TableCell';
import Tooltip from '@mui/material/Tooltip';
import { signerKinds } from '@domain/signing/events';
import { formatDateTime } from '@/utils/format';
import { markTitle } from './model';
import type { SignDocument, SignerMark } from './signing-api';

export const SIGNED = 'Подписан';
export const NOT_SIGNED = 'Не подписан';

/** One signer's mark: 'Подписан' (owner and time on hover) / 'Не подписан' / '—' without that signer. */
export const SignerMarkText = ({ mark }: { readonly mark: SignerMark | null }) => {
  if (!mark) return <>—</>;
  if (!mark.signed)
    return (
      <Tooltip title={mark.name}>
        <span>{NOT_SIGNED}</span>
      </Tooltip>
    );
  return (
    <Tooltip title={markTitle(mark, formatDateTime)}>
      <Box component="span" sx={{ color: 'success.main' }}>
        {SIGNED}
      </Box>
    </Tooltip>
  );
};

/** Three cells, branch, object and final signer, each with its mark. */
export const SignerMarkCells = ({ doc }: { readonly doc: SignDocument | undefined }) => (
  <>
    {signerKinds.map((kind) => (
      <TableCell key={kind}>
        <SignerMarkText mark={doc?.signers[kind] ?? null} />
      </TableCell>
    ))}
  </>
);
