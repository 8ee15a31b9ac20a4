import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { WARRANTY_NOTICE_MS } from '@domain/request/reactions';

/** A rule's notice while editing (the warranty change), shown for 5 seconds (requests.md 9). */
export const RequestNotice = ({ text, onClose }: { readonly text: string | null; readonly onClose: () => void }) => (
  <Snackbar
    open={text !== null}
    autoHideDuration={WARRANTY_NOTICE_MS}
    onClose={(_e, reason) => {
      if (reason !== 'clickaway') onClose();
    }}
    anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
  >
    <Alert severity="warning" variant="filled" onClose={onClose} data-testid="request-notice">
      {text}
    </Alert>
  </Snackbar>
);
