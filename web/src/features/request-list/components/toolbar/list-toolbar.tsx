import AddIcon from '@mui/icons-material/Add';
import FilterListIcon from '@mui/icons-material/FilterList';
import Badge from '@mui/material/Badge';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ServerFilter } from '../../model/filter';
import { ExportMenu } from './export-menu';

export interface ListToolbarProps {
  readonly title: string;
  /** null while the first answer is awaited. */
  readonly itemsCount: number | null;
  /** How many conditions the filter has beyond its defaults (the button's badge). */
  readonly activeFilters: number;
  readonly exportFilter: ServerFilter;
  readonly onFilter: () => void;
  /** Absent without RIGHT_REQUEST_CREATE OWN or ALL. */
  readonly onCreate?: () => void;
}

/** Title and counter, then the filter, export and create buttons. */
export const ListToolbar = ({ title, itemsCount, activeFilters, exportFilter, onFilter, onCreate }: ListToolbarProps) => (
  <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
    <Typography variant="h5" component="h1">
      {title}
    </Typography>
    <Typography color="text.secondary" data-testid="items-count" aria-live="polite">
      {itemsCount === null ? 'Загрузка…' : `Всего: ${itemsCount}`}
    </Typography>
    <Stack direction="row" spacing={1} sx={{ ml: 'auto !important' }}>
      <Badge color="primary" badgeContent={activeFilters} overlap="rectangular">
        <Button variant="outlined" startIcon={<FilterListIcon />} onClick={onFilter}>
          Фильтр
        </Button>
      </Badge>
      <ExportMenu filter={exportFilter} />
      {onCreate && (
        <Button variant="contained" startIcon={<AddIcon />} onClick={onCreate}>
          Создать заявку
        </Button>
      )}
    </Stack>
  </Stack>
);
