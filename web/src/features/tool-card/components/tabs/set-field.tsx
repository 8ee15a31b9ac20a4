import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { Link as RouterLink } from 'react-router';
import { useWatch } from 'react-hook-form';
import { paths } from '@/config/paths';
import type { ToolFormValues } from '../../model/form-values';

/**
 * 'Комплект': read-only. The set's own stream decides membership (decisions 41–47: a card save never
 * moves a tool between sets), so the card names the set and links to its dialog on /tools-sets.
 */
export const SetField = ({ member, title }: { readonly member: boolean; readonly title: string | null }) => {
  const setId = useWatch<ToolFormValues, 'tools_set_id'>({ name: 'tools_set_id' });
  const text = member ? 'В составе комплекта' : setId === null ? 'Не входит в комплект' : (title ?? `Комплект ${setId}`);
  return (
    <Stack spacing={0.5}>
      <TextField label="Комплект" value={text} fullWidth slotProps={{ htmlInput: { readOnly: true }, inputLabel: { shrink: true } }} />
      {!member && setId !== null && (
        <Link component={RouterLink} to={`${paths.toolsSets}?open=${setId}`} variant="body2">
          Открыть комплект
        </Link>
      )}
    </Stack>
  );
};
