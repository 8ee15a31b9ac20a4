import NotificationsIcon from '@mui/icons-material/Notifications';
import Badge from '@mui/material/Badge';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { TOOLTIP_DELAY_MS } from '@/config/constants';
import { paths } from '@/config/paths';
import type { AppNotification } from '../api/notifications-api';
import { useNotifications } from '../hooks/use-notifications';
import { useOpenNotification } from '../hooks/use-open-notification';
import { NotificationList } from './notification-list';

/** The header bell: the count of new notifications and the list under it. */
export const NotificationBell = () => {
  const { notifications, unread } = useNotifications();
  const openNotification = useOpenNotification();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);

  const open = (n: AppNotification) => {
    setAnchor(null);
    void openNotification(n);
  };

  return (
    <>
      <Tooltip title="Уведомления" enterDelay={TOOLTIP_DELAY_MS}>
        <IconButton color="inherit" aria-label={`Уведомления: новых ${unread}`} onClick={(e) => setAnchor(e.currentTarget)}>
          <Badge badgeContent={unread} color="error" data-testid="notifications-badge">
            <NotificationsIcon />
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <NotificationList notifications={notifications} onOpen={open} />
        <Button component={RouterLink} to={paths.notifications} onClick={() => setAnchor(null)} fullWidth>
          Все уведомления
        </Button>
      </Popover>
    </>
  );
};
