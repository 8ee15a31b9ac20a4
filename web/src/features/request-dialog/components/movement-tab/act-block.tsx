import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import { actKindTitles, type ActKind } from '@domain/request/enums';
import { actFields, actPrecondition } from '@domain/request/acts';
import { requestFieldTitles } from '@domain/request/history';
import { TOOLTIP_DELAY_MS } from '@/config/constants';
import { useRequestEdit, type FormPath } from '../../model/edit-context';
import { requestDataOf, type RequestFormValues } from '../../model/form-values';
import { useDefaultSignersCount } from '../../hooks/use-references';
import { FormDateField, FormTextField } from '../fields';
import { ActDialog } from './act-dialog';

/**
 * The act's button and its number and date. The button follows the server's rules: the same
 * actPrecondition over the form as the domain sees it (requestDataOf: dates parsed, the documents
 * as listed now, so an existing act disables it). The number and date are filled by the
 * generation, never typed (read-only).
 */
export const ActBlock = ({ kind }: { readonly kind: ActKind }) => {
  const fields = actFields[kind];
  const { view, editable, runHotline, busy } = useRequestEdit();
  const values = useWatch<RequestFormValues>() as RequestFormValues;
  const signers = useDefaultSignersCount(view?.organization_id ?? null);
  const [open, setOpen] = useState(false);
  const reason = !view
    ? 'Сохраните заявку'
    : !editable.has('documents_add')
      ? 'Сформировать акт сейчас нельзя'
      : actPrecondition(requestDataOf(values), kind);
  const button = (
    <Button variant="outlined" disabled={Boolean(reason) || busy} onClick={() => setOpen(true)}>
      Сформировать {actKindTitles[kind]}
    </Button>
  );
  return (
    <>
      <span style={{ gridColumn: '1 / -1' }}>
        {reason ? (
          <Tooltip title={reason} enterDelay={TOOLTIP_DELAY_MS}>
            <span>{button}</span>
          </Tooltip>
        ) : (
          button
        )}
      </span>
      {fields && (
        <>
          <FormTextField name={fields[0] as FormPath} label={requestFieldTitles[fields[0]]} disabled />
          <FormDateField name={fields[1] as FormPath} label={requestFieldTitles[fields[1]]} disabled />
        </>
      )}
      {open && view && (
        <ActDialog
          requestId={view.id}
          kind={kind}
          defaultSigners={signers}
          onClose={() => setOpen(false)}
          run={async (call) => {
            // Unsaved changes are saved first; the form then takes the request as the generation left it.
            let failure: unknown = null;
            await runHotline(async () => {
              try {
                return await call();
              } catch (e) {
                failure = e;
                return null;
              }
            });
            if (failure) throw failure;
            setOpen(false);
          }}
        />
      )}
    </>
  );
};
