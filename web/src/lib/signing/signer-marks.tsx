import TableCell from '@mui/material/TableCell';
import Tooltip from '@mui/material/Tooltip';
import { signerKinds } from '@domain/signing/events';
import { formatDateTime } from '@/utils/format';
import { markTitle } from './model';
import type { SignDocument, SignerMark } from './signing-api';

export const SIGNED = 'Подписан';
export const NOT_SIGNED = 'Не подписан';

const Mark = ({ mark }: { readonly mark: SignerMark | null }) => {
  if (!mark) return <TableCell>—</TableCell>;
  if (!mark.signed)
    return (
      <TableCell>
        <Tooltip title={mark.name}>
          <span>{NOT_SIGNED}</span>
        </Tooltip>
      </TableCell>
    );
  return (
    <TableCell sx={{ color: 'success.main' }}>
      <Tooltip title={markTitle(mark, formatDateTime)}>
        <span>{SIGNED}</span>
      </Tooltip>
    </TableCell>
  );
};

/** Three cells, branch, object and final signer: 'Подписан' (owner and time on hover) / 'Не подписан' / '—' without that signer. */
export const SignerMarkCells = ({ doc }: { readonly doc: SignDocument | undefined }) => (
  <>
    {signerKinds.map((kind) => (
      <Mark key={kind} mark={doc?.signers[kind] ?? null} />
    ))}
  </>
);
