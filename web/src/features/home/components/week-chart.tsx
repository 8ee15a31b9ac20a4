import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import type { HomeWeek } from '@domain/home/contracts';
import { formatDate } from '@domain/shared/dates';

const W = 560;
const H = 180;
const PAD = { left: 32, right: 8, top: 8, bottom: 28 };

/**
 * Registered and completed requests per week as paired bars: a small SVG (a chart library would be
 * most of the home page's code for one chart). Every bar has its numbers in a tooltip and the table
 * under the chart is the same data for screen readers.
 */
export const WeekChart = ({ weeks }: { readonly weeks: readonly HomeWeek[] }) => {
  const theme = useTheme();
  const colours = { registered: theme.palette.primary.main, completed: theme.palette.success.main };
  const max = Math.max(1, ...weeks.map((w) => Math.max(w.registered, w.completed)));
  const innerW = W - PAD.left - PAD.right;
  const innerH = H - PAD.top - PAD.bottom;
  const slot = innerW / Math.max(1, weeks.length);
  const bar = Math.max(2, slot / 2 - 3);
  const y = (n: number) => PAD.top + innerH - (n / max) * innerH;
  return (
    <Box>
      <svg viewBox={`0 0 ${W} ${H}`} width="100%" role="img" aria-label="Заявки по неделям: зарегистрированы и выполнены" data-testid="home-chart">
        <line x1={PAD.left} x2={W - PAD.right} y1={PAD.top + innerH} y2={PAD.top + innerH} stroke={theme.palette.divider} />
        <text x={PAD.left - 4} y={PAD.top + 8} textAnchor="end" fontSize="10" fill={theme.palette.text.secondary}>
          {max}
        </text>
        {weeks.map((w, i) => {
          const x = PAD.left + i * slot + 2;
          return (
            <g key={w.week}>
              <rect x={x} y={y(w.registered)} width={bar} height={PAD.top + innerH - y(w.registered)} fill={colours.registered}>
                <title>{`${formatDate(w.week)}: зарегистрировано ${w.registered}`}</title>
              </rect>
              <rect x={x + bar + 2} y={y(w.completed)} width={bar} height={PAD.top + innerH - y(w.completed)} fill={colours.completed}>
                <title>{`${formatDate(w.week)}: выполнено ${w.completed}`}</title>
              </rect>
              {i % 2 === 0 && (
                <text x={x + bar} y={H - 10} textAnchor="middle" fontSize="10" fill={theme.palette.text.secondary}>
                  {formatDate(w.week).slice(0, 5)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <Stack direction="row" spacing={2}>
        <Typography variant="caption" sx={{ color: colours.registered }}>
          ■ Зарегистрировано
        </Typography>
        <Typography variant="caption" sx={{ color: colours.completed }}>
          ■ Выполнено
        </Typography>
      </Stack>
    </Box>
  );
};
