import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { DENSITY_TITLES, type Density } from './density';

/** 'Компактно / Обычно': one-line rows or wrapped ones; the choice is the user's (density.ts). */
export const DensityToggle = ({ value, onChange }: { readonly value: Density; readonly onChange: (d: Density) => void }) => (
  <ToggleButtonGroup
    size="small"
    exclusive
    value={value}
    aria-label="Плотность строк"
    onChange={(_e, next: Density | null) => next && onChange(next)}
    sx={{ '& .MuiToggleButton-root': { py: 0.5, textTransform: 'none' } }}
  >
    {(Object.keys(DENSITY_TITLES) as Density[]).map((d) => (
      <ToggleButton key={d} value={d}>
        {DENSITY_TITLES[d]}
      </ToggleButton>
    ))}
  </ToggleButtonGroup>
);
