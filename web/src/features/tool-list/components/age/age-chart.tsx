import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ToolAgeCountRow } from '../../api/tool-list-api';

/** Colours of the two parts of a bar: older (needs replacing soon) warm, younger calm. */
export const AGE_COLORS = { old: '#e0884a', new: '#5b9bd5' } as const;

const Swatch = ({ color, title }: { readonly color: string; readonly title: string }) => (
  <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
    <Box sx={{ width: 12, height: 12, borderRadius: 0.5, bgcolor: color }} />
    <Typography variant="body2">{title}</Typography>
  </Stack>
);

/**
 * One horizontal bar per kind, its length the kind's total against the largest, split into
 * 'старше 5 лет' and 'моложе 5 лет' (decisions 41–47: bars read faster than a table of numbers). Plain
 * boxes, no chart library; each bar names its numbers for screen readers and in its tooltip.
 */
export const AgeChart = ({ kinds }: { readonly kinds: readonly ToolAgeCountRow[] }) => {
  const max = Math.max(1, ...kinds.map((k) => k.total));
  return (
    <Stack spacing={1} component="figure" aria-label="Возраст оборудования по видам" sx={{ m: 0 }}>
      <Stack direction="row" spacing={2}>
        <Swatch color={AGE_COLORS.old} title="Старше 5 лет" />
        <Swatch color={AGE_COLORS.new} title="Моложе 5 лет" />
      </Stack>
      <Box role="list" sx={{ display: 'grid', gridTemplateColumns: 'minmax(120px, 30%) 1fr', columnGap: 1.5, rowGap: 0.75, alignItems: 'center' }}>
        {kinds.map((k) => {
          const name = k.tool_kind ?? `Вид ${k.tool_kind_id}`;
          const text = `${name}: всего ${k.total}, старше 5 лет ${k.old}, моложе 5 лет ${k.new}`;
          return (
            <Box key={k.tool_kind_id} role="listitem" aria-label={text} data-testid="age-bar" data-kind-id={k.tool_kind_id} sx={{ display: 'contents' }}>
              <Typography variant="body2" noWrap title={name} sx={{ textAlign: 'right' }}>
                {name}
              </Typography>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }} title={text}>
                <Box sx={{ display: 'flex', height: 16, width: `${(k.total / max) * 100}%`, minWidth: k.total ? 2 : 0, borderRadius: 0.5, overflow: 'hidden' }}>
                  <Box data-part="old" sx={{ flexGrow: k.old, bgcolor: AGE_COLORS.old }} />
                  <Box data-part="new" sx={{ flexGrow: k.new, bgcolor: AGE_COLORS.new }} />
                </Box>
                <Typography variant="caption" color="text.secondary" sx={{ flexShrink: 0 }}>
                  {k.total}
                </Typography>
              </Stack>
            </Box>
          );
        })}
      </Box>
    </Stack>
  );
};
