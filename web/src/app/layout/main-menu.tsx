import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import HomeIcon from '@mui/icons-material/Home';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { TOOLTIP_DELAY_MS } from '@/config/constants';
import { paths } from '@/config/paths';
import { PublicOrderMenuItem } from '@/features/public-docs/components/public-order-menu-item';
import { selectRights } from '@/lib/session';
import { useAppSelector } from '@/lib/store';
import { mainMenu } from './menu';
import { visibleMenu, type VisibleGroup } from './visible-menu';

const menuButtonSx = { color: 'inherit', textTransform: 'none', fontSize: 15 } as const;

const GroupMenu = ({ group }: { readonly group: VisibleGroup }) => {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const only = group.items[0];
  // visibleMenu leaves out groups without items; this only narrows the type.
  if (!only) return null;
  if (group.direct)
    return (
      <Button component={RouterLink} to={only.to} sx={menuButtonSx}>
        {group.title}
      </Button>
    );
  return (
    <>
      <Button
        sx={menuButtonSx}
        endIcon={<ArrowDropDownIcon />}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        {group.title}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {group.items.map((item) =>
          item.publicOrder ? (
            <PublicOrderMenuItem key={item.title} title={item.title} name={item.publicOrder} onDone={() => setAnchor(null)} />
          ) : (
            <MenuItem key={item.title} component={RouterLink} to={item.to} onClick={() => setAnchor(null)}>
              {item.title}
            </MenuItem>
          ),
        )}
      </Menu>
    </>
  );
};

/** The main menu (administration.md 2.3): the Home button and the groups the user's rights allow. */
export const MainMenu = () => {
  const rights = useAppSelector(selectRights);
  const groups = useMemo(() => visibleMenu(mainMenu, rights), [rights]);
  return (
    <Toolbar component="nav" aria-label="Главное меню" variant="dense" sx={{ gap: 0.5, flexWrap: 'wrap', bgcolor: 'primary.dark' }}>
      <Tooltip title="Главная" enterDelay={TOOLTIP_DELAY_MS}>
        <IconButton component={RouterLink} to={paths.home} color="inherit" aria-label="Главная" edge="start">
          <HomeIcon />
        </IconButton>
      </Tooltip>
      {groups.map((group) => (
        <GroupMenu key={group.title} group={group} />
      ))}
    </Toolbar>
  );
};
