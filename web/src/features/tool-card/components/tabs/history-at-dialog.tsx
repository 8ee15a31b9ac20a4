import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { MomentBanner, PastMoment } from '@/components';
import { apiErrorText } from '@/lib/api';
import { formValuesOf } from '../../model/form-values';
import { ToolEditor } from '../tool-editor';
import { WideDialog } from '../wide-dialog';
import { useToolAtQuery } from './history-at-api';

interface Props {
  readonly toolId: number;
  /** The moments of change, oldest first, and the one shown. */
  readonly moments: readonly string[];
  readonly index: number;
  readonly onStep: (index: number) => void;
  readonly onClose: () => void;
}

/**
 * The equipment card itself on the state of a moment of its history (decisions 97–99), folded by the server
 * from the tool's events: every tab as it was, nothing editable, no save; a banner names the moment,
 * the buttons step to the previous or next change or back to the current state.
 */
export const ToolAtDialog = ({ toolId, moments, index, onStep, onClose }: Props) => {
  const at = moments[index]!;
  const { currentData: data, error, isFetching } = useToolAtQuery({ id: toolId, at });
  const banner = <MomentBanner at={at} index={index} count={moments.length} busy={isFetching} onStep={onStep} onClose={onClose} />;
  // A fresh form per moment (the form takes its values once); never the previous moment's state under the new banner.
  if (data && data.at === at && !error)
    return (
      <PastMoment at={at}>
        <ToolEditor key={at} card={data.tool} initial={formValuesOf(data.tool)} onClose={onClose} moment={{ banner, at }} />
      </PastMoment>
    );
  return (
    <PastMoment at={at}>
      <WideDialog title="Оборудование" actions={<Button onClick={onClose}>Закрыть</Button>}>
        {banner}
        <Stack sx={{ alignItems: 'center', py: 4 }}>{error ? <Alert severity="error">{apiErrorText(error)}</Alert> : <CircularProgress aria-label="Загрузка" />}</Stack>
      </WideDialog>
    </PastMoment>
  );
};
