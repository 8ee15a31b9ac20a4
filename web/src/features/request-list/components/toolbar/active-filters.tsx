import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import type { ListStateApi } from '../../hooks/use-list-state';
import type { FilterChip, FilterClear } from '../../model/describe-filter';

export interface ActiveFiltersProps {
  readonly chips: readonly FilterChip[];
  readonly state: Pick<ListStateApi, 'change' | 'changeRepair' | 'changeTool' | 'changeSoftware' | 'reset'>;
}

const clearWith = (state: ActiveFiltersProps['state'], clear: FilterClear) => {
  switch (clear.part) {
    case 'main':
      return state.change(clear.patch);
    case 'repair':
      return state.changeRepair(clear.patch);
    case 'tool':
      return state.changeTool(clear.patch);
    case 'software':
      return state.changeSoftware(clear.key, clear.patch);
  }
};

/** The filter's conditions in one line of chips above the table; each cross clears one. */
export const ActiveFilters = ({ chips, state }: ActiveFiltersProps) => {
  const anyClearable = chips.some((c) => c.clear !== null);
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }} aria-label="Условия фильтра" role="list">
      {chips.map((chip) => {
        const clear = chip.clear;
        return (
          <Chip
            key={chip.key}
            role="listitem"
            size="small"
            label={chip.label}
            variant={clear ? 'filled' : 'outlined'}
            onDelete={clear ? () => clearWith(state, clear) : undefined}
          />
        );
      })}
      {anyClearable && (
        <Button size="small" onClick={state.reset}>
          Сбросить фильтр
        </Button>
      )}
    </Stack>
  );
};
