import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import type { FetchArgs } from '@reduxjs/toolkit/query/react';
import { useState } from 'react';
import { labelGeometries, labelLayouts, LABELS_MAX, labelMessages, type LabelLayout, type LabelRequestInput } from '@domain/tool/labels';
import { api, apiErrorText } from '@/lib/api';
import { saveDownload } from '@/lib/download';
import { AppDialog } from '../app-dialog';

const labelsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** POST /api/tool_labels { layout, ids | filter } -> the PDF, saved as a download. */
    printLabels: build.mutation<{ fileName: string }, LabelRequestInput>({
      query: (body): FetchArgs => ({
        url: '/tool_labels',
        method: 'POST',
        body,
        responseHandler: async (response: Response) => {
          if (!response.ok) return response.json().catch(() => null);
          return { fileName: await saveDownload(response, 'Этикетки оборудования.pdf') };
        },
        cache: 'no-store',
      }),
    }),
  }),
});

export interface LabelDialogProps {
  readonly open: boolean;
  readonly onClose: () => void;
  /** The tools to print: chosen ids, or the equipment list's filter with how many it finds. */
  readonly source: { readonly ids: readonly number[] } | { readonly filter: object; readonly count: number | null };
}

/** 'Этикетки': the label paper, then a PDF of the labels built by the server (its scope and rules). */
export const LabelDialog = ({ open, onClose, source }: LabelDialogProps) => {
  const [layout, setLayout] = useState<LabelLayout>('ids' in source && source.ids.length === 1 ? 'thermal-58x40' : 'a4-3x8');
  const [print, { isLoading, error, reset }] = labelsApi.usePrintLabelsMutation();
  const count = 'ids' in source ? source.ids.length : source.count;
  const problem = count === 0 ? labelMessages.nothing : count !== null && count > LABELS_MAX ? labelMessages.tooMany : null;
  const submit = async () => {
    const body: LabelRequestInput = 'ids' in source ? { layout, ids: [...source.ids] } : { layout, filter: source.filter as Record<string, unknown> };
    const r = await print(body);
    if (!('error' in r)) onClose();
  };
  const close = () => {
    reset();
    onClose();
  };
  return (
    <AppDialog
      open={open}
      title="Печать этикеток"
      onClose={close}
      actions={
        <>
          <Button variant="contained" onClick={() => void submit()} disabled={isLoading || problem !== null} startIcon={isLoading ? <CircularProgress size={16} /> : undefined}>
            Сформировать PDF
          </Button>
          <Button onClick={close}>Отмена</Button>
        </>
      }
    >
      <Typography sx={{ mb: 1 }} data-testid="labels-count">
        {count === null ? 'Этикетки по текущему фильтру списка' : `Этикеток: ${count}`}
      </Typography>
      <RadioGroup aria-label="Формат этикеток" value={layout} onChange={(e) => setLayout(e.target.value as LabelLayout)}>
        {labelLayouts.map((l) => (
          <FormControlLabel key={l} value={l} control={<Radio />} label={labelGeometries[l].title} />
        ))}
      </RadioGroup>
      {problem && <Alert severity="warning">{problem}</Alert>}
      {error && <Alert severity="error">{apiErrorText(error)}</Alert>}
    </AppDialog>
  );
};
