import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import type { FilterChip } from './types';

export interface ActiveFiltersProps<Clear> {
  readonly chips: readonly FilterChip<Clear>[];
  readonly onClear: (clear: Clear) => void;
  readonly onReset: () => void;
}

/** The filter's conditions in one line of chips above the table; each cross clears one, 'Сбросить фильтр' all. */
export const ActiveFilters = <Clear,>({ chips, onClear, onReset }: ActiveFiltersProps<Clear>) => {
  if (chips.length === 0) return null;
  const anyClearable = chips.some((c) => c.clear !== null);
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
      {/* The list holds only the conditions (WCAG 1.3.1: a list has list items only); the reset follows it. */}
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }} aria-label="Условия фильтра" role="list">
        {chips.map((chip) => {
          const clear = chip.clear;
          return (
            <Chip
              key={chip.key}
              role="listitem"
              size="small"
              label={chip.label}
              variant={clear !== null ? 'filled' : 'outlined'}
              onDelete={clear !== null ? () => onClear(clear) : undefined}
            />
          );
        })}
      </Stack>
      {anyClearable && (
        <Button size="small" onClick={onReset}>
          Сбросить фильтр
        </Button>
      )}
    </Stack>
  );
};

/** Conditions beyond the defaults: the filter button's badge. */
export const activeCount = (chips: readonly FilterChip<unknown>[]): number => chips.filter((c) => c.clear !== null).length;
