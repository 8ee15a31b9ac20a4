import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { AppDialog } from '@/components';
import { apiErrorText } from '@/lib/api';
import { useRequestQuery } from '../api/request-dialog-api';
import type { RequestView } from '../api/types';
import { newFormValues } from '../model/form-values';
import type { RequestDialogTab } from '../model/tabs';
import { RequestEditor } from './request-editor';

export interface SavedRequestProps {
  readonly id: number;
  readonly initialTab: RequestDialogTab;
  readonly onClose: () => void;
  readonly onSaved: (view: RequestView, leaving: boolean) => void;
  readonly onNewRequest: () => void;
}

const unused = newFormValues({});

/** A saved request: loaded from GET /api/request_single/{id}, then edited. */
export const SavedRequest = ({ id, initialTab, onClose, onSaved, onNewRequest }: SavedRequestProps) => {
  const { data, error, isLoading } = useRequestQuery(id);
  if (data)
    return (
      <RequestEditor
        view={data}
        newValues={unused}
        initialTab={initialTab}
        onClose={onClose}
        onSaved={onSaved}
        onCreated={() => undefined}
        onNewRequest={onNewRequest}
      />
    );
  return (
    <AppDialog open title="Заявка" actions={<Button onClick={onClose}>Закрыть</Button>}>
      <Stack sx={{ alignItems: 'center', py: 4 }}>
        {isLoading ? <CircularProgress aria-label="Загрузка" /> : <Alert severity="error">{apiErrorText(error)}</Alert>}
      </Stack>
    </AppDialog>
  );
};
