import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import LoginIcon from '@mui/icons-material/Login';
import LogoutIcon from '@mui/icons-material/Logout';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';
import { useSignOut } from '@/features/auth';

/** 'Войти' for guests; for a signed-in user a menu with 'Выйти'. */
export const AccountMenu = ({ signedIn }: { readonly signedIn: boolean }) => {
  const signOut = useSignOut();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (!signedIn)
    return (
      <Button component={RouterLink} to={paths.login} color="inherit" startIcon={<LoginIcon />}>
        Войти
      </Button>
    );
  return (
    <>
      <IconButton color="inherit" aria-label="Учетная запись" aria-haspopup="menu" onClick={(e) => setAnchor(e.currentTarget)}>
        <AccountCircleIcon />
      </IconButton>
      <Menu
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <MenuItem
          onClick={() => {
            setAnchor(null);
            signOut();
          }}
        >
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          Выйти
        </MenuItem>
      </Menu>
    </>
  );
};
