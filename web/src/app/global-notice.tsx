import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { ERROR_NOTICE_MS, SUCCESS_NOTICE_MS } from '@/config/constants';
import { NOTICE_ANCHOR, NOTICE_MAX_WIDTH, noticeClosed, selectCurrentNotice } from '@/lib/notices';
import { useAppDispatch, useAppSelector } from '@/lib/store';

/** Green notices for 1 s, red ones until closed (or a while); one at a time, in order, beside the dialogs. */
export const GlobalNotice = () => {
  const notice = useAppSelector(selectCurrentNotice);
  const dispatch = useAppDispatch();
  if (!notice) return null;
  const close = () => dispatch(noticeClosed(notice.id));
  return (
    <Snackbar
      key={notice.id}
      open
      autoHideDuration={notice.kind === 'success' ? SUCCESS_NOTICE_MS : ERROR_NOTICE_MS}
      onClose={(_event, reason) => {
        if (reason !== 'clickaway') close();
      }}
      anchorOrigin={NOTICE_ANCHOR}
    >
      <Alert severity={notice.kind} variant="filled" onClose={close} data-testid="global-notice" sx={{ maxWidth: NOTICE_MAX_WIDTH }}>
        {notice.text}
      </Alert>
    </Snackbar>
  );
};
