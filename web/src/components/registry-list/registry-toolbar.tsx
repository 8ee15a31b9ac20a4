import AddIcon from '@mui/icons-material/Add';
import FilterListIcon from '@mui/icons-material/FilterList';
import Badge from '@mui/material/Badge';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { SearchField, type RegistrySearch } from './search-field';

export interface RegistryToolbarProps {
  /** The list's title and count, as its spec words them (an h1 among them). */
  readonly heading: ReactNode;
  /** Conditions beyond the defaults: the filter button's badge. */
  readonly activeFilters: number;
  readonly onFilter: () => void;
  /** The export menu (ExportMenu). */
  readonly exportMenu: ReactNode;
  /** More buttons beside the export (the equipment list's labels). */
  readonly extra?: ReactNode;
  /** The list's create button; absent without the right. */
  readonly create?: { readonly label: string; readonly onClick: () => void };
  /** The list's search field; absent: the list has none. */
  readonly search?: RegistrySearch;
  /** The rows' density switch (DensityToggle). */
  readonly densityToggle?: ReactNode;
}

/** Heading on the left; the filter, export and create buttons on the right. */
export const RegistryToolbar = ({ heading, activeFilters, onFilter, exportMenu, extra, create, search, densityToggle }: RegistryToolbarProps) => (
  <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
    {heading}
    {search && <SearchField {...search} />}
    <Stack direction="row" spacing={1} sx={{ ml: 'auto !important', alignItems: 'center' }}>
      {densityToggle}
      <Badge color="primary" badgeContent={activeFilters} overlap="rectangular">
        <Button variant="outlined" startIcon={<FilterListIcon />} onClick={onFilter}>
          Фильтр
        </Button>
      </Badge>
      {exportMenu}
      {extra}
      {create && (
        <Button variant="contained" startIcon={<AddIcon />} onClick={create.onClick}>
          {create.label}
        </Button>
      )}
    </Stack>
  </Stack>
);
