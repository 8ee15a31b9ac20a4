import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import type { FilterChip } from '../../model/describe-filter';
import type { ToolFilter } from '../../model/filter';

export interface ActiveFiltersProps {
  readonly chips: readonly FilterChip[];
  readonly onChange: (patch: Partial<ToolFilter>) => void;
  readonly onReset: () => void;
}

/** The filter's conditions in one line of chips above the table; each cross clears one. */
export const ActiveFilters = ({ chips, onChange, onReset }: ActiveFiltersProps) =>
  chips.length === 0 ? null : (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }} aria-label="Условия фильтра" role="list">
      {chips.map((chip) => (
        <Chip key={chip.key} role="listitem" size="small" label={chip.label} onDelete={() => onChange(chip.clear)} />
      ))}
      <Button size="small" onClick={onReset}>
        Сбросить фильтр
      </Button>
    </Stack>
  );
