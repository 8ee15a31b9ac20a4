import Box from '@mui/material/Box';
import { Flag } from '@/components/registry-list';
import { toggleKeys, toggleTitles } from '../../model/filter';
import type { FilterSectionProps } from './place-fields';

/** The yes/no conditions: hot line registration state, unsigned documents, missing acts. */
export const ToggleFields = ({ filter, state }: FilterSectionProps) => (
  <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }} role="group" aria-label="Отметки">
    {toggleKeys.map((key) => (
      <Flag key={key} label={toggleTitles[key]} checked={filter[key]} onChange={(v) => state.change({ [key]: v })} />
    ))}
  </Box>
);
