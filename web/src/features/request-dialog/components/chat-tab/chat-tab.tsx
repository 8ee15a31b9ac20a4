import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import { useEffect } from 'react';
import { useMarkRequestNotificationsReadMutation } from '../../api/request-dialog-api';
import type { Comment, RequestView } from '../../api/types';
import { CommentForm } from './comment-form';
import { CommentList } from './comment-list';

/** The 'Чат по заявке' tab; opening it marks the request's notifications read (administration.md 2.4). */
export const ChatTab = ({ view, past }: { readonly view: RequestView; readonly past?: readonly Comment[] | undefined }) => {
  const [markRead] = useMarkRequestNotificationsReadMutation();
  const now = past === undefined;
  useEffect(() => {
    if (now) void markRead(view.id);
  }, [view.id, markRead, now]);
  // decisions 97–99: at a past moment the chat is read-only, the messages those of that moment.
  return (
    <Stack spacing={2}>
      {now && <CommentForm view={view} />}
      {now && <Divider />}
      <CommentList requestId={view.id} past={past} />
    </Stack>
  );
};
