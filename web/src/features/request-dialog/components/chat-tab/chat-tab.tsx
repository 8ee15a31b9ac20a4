import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import { useEffect } from 'react';
import { useMarkRequestNotificationsReadMutation } from '../../api/request-dialog-api';
import type { RequestView } from '../../api/types';
import { CommentForm } from './comment-form';
import { CommentList } from './comment-list';

/** The 'Чат по заявке' tab; opening it marks the request's notifications read (administration.md 2.4). */
export const ChatTab = ({ view }: { readonly view: RequestView }) => {
  const [markRead] = useMarkRequestNotificationsReadMutation();
  useEffect(() => {
    void markRead(view.id);
  }, [view.id, markRead]);
  return (
    <Stack spacing={2}>
      <CommentForm view={view} />
      <Divider />
      <CommentList requestId={view.id} />
    </Stack>
  );
};
