import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { AppDialog, MomentBanner, PastMoment } from '@/components';
import { apiErrorText } from '@/lib/api';
import { newFormValues } from '../../model/form-values';
import { RequestEditor } from '../request-editor';
import { useRequestAtQuery } from './request-at-api';

interface Props {
  readonly requestId: number;
  /** The moments of change, oldest first, and the one shown. */
  readonly moments: readonly string[];
  readonly index: number;
  readonly onStep: (index: number) => void;
  readonly onClose: () => void;
}

const unused = newFormValues({});

/**
 * The request dialog itself on the state of a moment of its history (decisions 97–99): the server folds the
 * request's events up to that moment and answers no actions and nothing editable, so every tab shows
 * that state with its fields disabled and no save. A banner names the moment; the buttons step to the
 * previous or next change, or back to the current state.
 */
export const RequestAtDialog = ({ requestId, moments, index, onStep, onClose }: Props) => {
  const at = moments[index]!;
  const { currentData: data, error, isFetching } = useRequestAtQuery({ id: requestId, at });
  const banner = <MomentBanner at={at} index={index} count={moments.length} busy={isFetching} onStep={onStep} onClose={onClose} />;
  // Shown only when it answers this moment: a step never shows the previous moment's state under the new banner.
  if (data && data.at === at && !error)
    return (
      <PastMoment at={at}>
        <RequestEditor
          // A fresh form per moment: the form loads its view once.
          key={at}
          view={data.request}
          newValues={unused}
          initialTab="request"
          onClose={onClose}
          onSaved={() => undefined}
          onCreated={() => undefined}
          onNewRequest={() => undefined}
          moment={{ banner, comments: data.request.comments, history: data.request.request_history }}
        />
      </PastMoment>
    );
  return (
    <PastMoment at={at}>
      <AppDialog open title="Заявка" actions={<Button onClick={onClose}>Закрыть</Button>}>
        {banner}
        <Stack sx={{ alignItems: 'center', py: 4 }}>
          {error ? <Alert severity="error">{apiErrorText(error)}</Alert> : <CircularProgress aria-label="Загрузка" />}
        </Stack>
      </AppDialog>
    </PastMoment>
  );
};
