import MenuItem from '@mui/material/MenuItem';
import { useOpenOrder } from './open-order';

/** A menu item of an order: opens it in a new tab, or says it is not loaded yet. */
export const PublicOrderMenuItem = ({ title, name, onDone }: { readonly title: string; readonly name: string; readonly onDone: () => void }) => {
  const open = useOpenOrder();
  return (
    <MenuItem
      onClick={() => {
        onDone();
        open(name);
      }}
    >
      {title}
    </MenuItem>
  );
};
