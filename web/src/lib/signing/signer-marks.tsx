import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import TableCell from '@mui/material/TableCell';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { signerKinds, signerKindTitles, type SignerKind } from '@domain/signing/events';
import { formatDateTime } from '@/utils/format';
import { markTitle } from './model';
import { SignatureDetailsDialog } from './signature-details-dialog';
import type { SignDocument, SignerMark } from './signing-api';

export const SIGNED = 'Подписан';
export const NOT_SIGNED = 'Не подписан';

export interface SignerMarkTextProps {
  readonly mark: SignerMark | null;
  /** The document and role: a signed mark then opens the signature's details. */
  readonly doc?: Pick<SignDocument, 'docId' | 'fileName'>;
  readonly kind?: SignerKind;
}

/**
 * One signer's mark: 'Подписан' (owner and time on hover; a click opens the signature's details) /
 * 'Не подписан' / '—' without that signer.
 */
export const SignerMarkText = ({ mark, doc, kind }: SignerMarkTextProps) => {
  const [open, setOpen] = useState(false);
  if (!mark) return <>—</>;
  if (!mark.signed)
    return (
      <Tooltip title={mark.name}>
        <span>{NOT_SIGNED}</span>
      </Tooltip>
    );
  return (
    <>
      <Tooltip title={markTitle(mark, formatDateTime)}>
        <Link
          component="button"
          type="button"
          variant="body2"
          color="success.main"
          aria-label={kind ? `${SIGNED}: ${signerKindTitles[kind].toLowerCase()}, сведения о подписи` : SIGNED}
          onClick={() => setOpen(true)}
          disabled={!doc || !kind}
        >
          {SIGNED}
        </Link>
      </Tooltip>
      {open && doc && kind && <SignatureDetailsDialog docId={doc.docId} kind={kind} fileName={doc.fileName} onClose={() => setOpen(false)} />}
    </>
  );
};

/** Three cells, branch, object and final signer, each with its mark. */
export const SignerMarkCells = ({ doc }: { readonly doc: SignDocument | undefined }) => (
  <>
    {signerKinds.map((kind) => (
      <TableCell key={kind}>
        <SignerMarkText mark={doc?.signers[kind] ?? null} doc={doc} kind={kind} />
      </TableCell>
    ))}
  </>
);

// The word stays in the page for screen readers and for copying a row; the icon is what the eye reads.
const hiddenWord = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

/** One signer's mark as an icon (a filled tick: signed, a ring: not yet, '—' without that signer); the words in its tooltip. */
export const SignerMarkIcon = ({ mark, doc, kind }: Required<Pick<SignerMarkTextProps, 'kind'>> & SignerMarkTextProps) => {
  const [open, setOpen] = useState(false);
  if (!mark) return <>—</>;
  const who = signerKindTitles[kind];
  if (!mark.signed)
    return (
      <Tooltip title={`${who}: ${NOT_SIGNED.toLowerCase()} (${mark.name})`}>
        <span role="img" style={{ position: 'relative', display: 'inline-flex' }}>
          <RadioButtonUncheckedIcon fontSize="small" color="disabled" />
          <span style={hiddenWord}>{NOT_SIGNED}</span>
        </span>
      </Tooltip>
    );
  return (
    <span style={{ position: 'relative', display: 'inline-flex' }}>
      <Tooltip describeChild title={`${who}: ${markTitle(mark, formatDateTime)}`}>
        <IconButton size="small" color="success" aria-label={`${SIGNED}: ${who.toLowerCase()}, сведения о подписи`} onClick={() => setOpen(true)} sx={{ p: 0.25 }}>
          <CheckCircleIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <span style={hiddenWord} aria-hidden>
        {SIGNED}
      </span>
      {open && doc && <SignatureDetailsDialog docId={doc.docId} kind={kind} fileName={doc.fileName} onClose={() => setOpen(false)} />}
    </span>
  );
};

/** The three marks as icons, one narrow cell each (a dialog's table that must fit its width). */
export const SignerMarkIconCells = ({ doc, marks = doc?.signers }: { readonly doc?: SignDocument | undefined; readonly marks?: SignDocument['signers'] | undefined }) => (
  <>
    {signerKinds.map((kind) => (
      <TableCell key={kind} align="center">
        <SignerMarkIcon mark={marks?.[kind] ?? null} doc={doc} kind={kind} />
      </TableCell>
    ))}
  </>
);
