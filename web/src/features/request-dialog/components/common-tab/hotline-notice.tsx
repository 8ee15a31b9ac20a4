import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { HOTLINE_NOTICE_MS } from '@domain/hotline/answer';
import { deliveryMessages } from '@domain/hotline/delivery';

/** The hot line registration's success (a registration under way is news: info, not success nor error), shown 10 s (requests.md 8); the global green notice lasts a second. */
export const HotlineNotice = ({ text, onClose }: { readonly text: string | null; readonly onClose: () => void }) => (
  <Snackbar
    open={text !== null}
    autoHideDuration={HOTLINE_NOTICE_MS}
    onClose={(_e, reason) => {
      if (reason !== 'clickaway') onClose();
    }}
    anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
  >
    <Alert severity={text === deliveryMessages.pending ? 'info' : 'success'} variant="filled" onClose={onClose} data-testid="hotline-notice">
      {text}
    </Alert>
  </Snackbar>
);
