import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '@/utils/format';
import { NotificationState } from '@domain/notification';
import type { AppNotification } from '../api/notifications-api';

export interface NotificationListProps {
  readonly notifications: readonly AppNotification[];
  readonly onOpen: (notification: AppNotification) => void;
}

/** Date, text and 'Открыть заявку' for each notification; new ones in bold. */
export const NotificationList = ({ notifications, onOpen }: NotificationListProps) => {
  if (notifications.length === 0)
    return (
      <Typography sx={{ p: 2 }} color="text.secondary">
        Уведомлений нет
      </Typography>
    );
  return (
    <List dense aria-label="Уведомления" sx={{ width: 380, maxHeight: 420, overflowY: 'auto' }}>
      {notifications.map((n) => (
        <ListItem
          key={n.id}
          divider
          secondaryAction={
            n.object_id !== null && (
              <Button size="small" onClick={() => onOpen(n)}>
                Открыть заявку
              </Button>
            )
          }
          sx={{ pr: 17 }}
        >
          <ListItemText
            primary={n.info}
            secondary={formatDateTime(n.date_time)}
            slotProps={{ primary: { sx: { fontWeight: n.state === NotificationState.NEW ? 600 : 400 } } }}
          />
        </ListItem>
      ))}
    </List>
  );
};
