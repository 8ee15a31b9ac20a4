import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import { formatDateTime } from '@/utils/format';
import { useDownloadRequestFileMutation, useRequestCommentsQuery } from '../../api/request-dialog-api';
import type { Comment } from '../../api/types';

/** The request's comments, newest first, their files downloadable; `past`: those of a past moment (decisions 97–99). */
export const CommentList = ({ requestId, past }: { readonly requestId: number; readonly past?: readonly Comment[] | undefined }) => {
  const current = useRequestCommentsQuery(requestId, { skip: past !== undefined });
  const data = past ?? current.data;
  const isLoading = past === undefined && current.isLoading;
  const [download] = useDownloadRequestFileMutation();
  if (isLoading) return <CircularProgress aria-label="Загрузка" />;
  if (!data?.length) return <Typography color="text.secondary">Сообщений пока нет</Typography>;
  return (
    <List aria-label="Сообщения по заявке">
      {data.map((c) => (
        <ListItem key={c.id} divider alignItems="flex-start" sx={{ display: 'block' }}>
          <Typography variant="body2" color="text.secondary">
            {c.fio ?? ''} · {formatDateTime(c.date_time_d)}
          </Typography>
          <Typography sx={{ whiteSpace: 'pre-wrap' }}>{c.comment}</Typography>
          {c.files.length > 0 && (
            <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap' }}>
              {c.files.map((f) => (
                <Chip
                  key={f.file_id}
                  icon={<AttachFileIcon />}
                  label={f.file_name}
                  onClick={() => void download({ requestId, fileId: f.file_id, fileName: f.file_name })}
                />
              ))}
            </Stack>
          )}
        </ListItem>
      ))}
    </List>
  );
};
