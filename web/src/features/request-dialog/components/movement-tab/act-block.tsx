import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import { actKindTitles, type ActKind } from '@domain/request/enums';
import { actFields } from '@domain/request/acts';
import { requestFieldTitles } from '@domain/request/history';
import { TOOLTIP_DELAY_MS } from '@/config/constants';
import type { FormPath } from '../../model/edit-context';
import { FormDateField, FormTextField } from '../fields';

export const ACTS_LATER = 'Формирование актов будет доступно позже';

/** The act's button (generation comes later: disabled with a tooltip) and the act's number and date. */
export const ActBlock = ({ kind }: { readonly kind: ActKind }) => {
  const fields = actFields[kind];
  return (
    <>
      <Tooltip title={ACTS_LATER} enterDelay={TOOLTIP_DELAY_MS}>
        <span style={{ gridColumn: '1 / -1' }}>
          <Button variant="outlined" disabled>
            Сформировать {actKindTitles[kind]}
          </Button>
        </span>
      </Tooltip>
      {fields && (
        <>
          <FormTextField name={fields[0] as FormPath} label={requestFieldTitles[fields[0]]} />
          <FormDateField name={fields[1] as FormPath} label={requestFieldTitles[fields[1]]} />
        </>
      )}
    </>
  );
};
