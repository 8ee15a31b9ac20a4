import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { APP_TITLE } from '@/config/constants';
import { paths } from '@/config/paths';
import { NotificationBell } from '@/features/notification';
import { selectCurrentUser, selectIsSignedIn } from '@/lib/session';
import { useAppSelector } from '@/lib/store';
import { AccountMenu } from './account-menu';
import { MainMenu } from './main-menu';
import { NewVersionButton } from './new-version-button';
import { UserInfo } from './user-info';

/** The header (administration.md 2.3): title, version notice, user, bell, log in/out; the menu under it. */
export const Header = () => {
  const signedIn = useAppSelector(selectIsSignedIn);
  const user = useAppSelector(selectCurrentUser);
  return (
    <AppBar position="sticky" elevation={1}>
      <Toolbar sx={{ gap: 2 }}>
        <Typography
          variant="h6"
          component={RouterLink}
          to={paths.home}
          noWrap
          sx={{ color: 'inherit', textDecoration: 'none', flexShrink: 0 }}
        >
          {APP_TITLE}
        </Typography>
        <Box sx={{ flexGrow: 1 }} />
        {signedIn && <NewVersionButton />}
        {signedIn && user && <UserInfo user={user} />}
        {signedIn && <NotificationBell />}
        <AccountMenu signedIn={signedIn} />
      </Toolbar>
      {signedIn && <MainMenu />}
    </AppBar>
  );
};
