import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReportCell, ReportJobView } from '../api/report-api';

const text = (c: ReportCell, kind?: string) =>
  c == null ? '' : typeof c === 'number' && kind === 'money' ? c.toLocaleString('ru-RU', { minimumFractionDigits: 2, maximumFractionDigits: 2 }) : String(c);

/**
 * One horizontal bar per point, its length against the largest (the approach of the age chart in
 * tool-list: plain boxes, no chart library); each bar names its number for screen readers.
 */
export const ReportChart = ({ points }: { readonly points: ReadonlyArray<{ readonly label: string; readonly value: number }> }) => {
  const shown = points.slice(0, 15);
  const max = Math.max(1, ...shown.map((p) => p.value));
  return (
    <Box role="list" aria-label="Диаграмма отчета" sx={{ display: 'grid', gridTemplateColumns: 'minmax(120px, 35%) 1fr', columnGap: 1.5, rowGap: 0.5, alignItems: 'center' }}>
      {shown.map((p) => (
        <Box key={p.label} role="listitem" aria-label={`${p.label}: ${p.value}`} data-testid="report-bar" sx={{ display: 'contents' }}>
          <Typography variant="body2" noWrap title={p.label} sx={{ textAlign: 'right' }}>{p.label}</Typography>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
            <Box sx={{ height: 14, width: `${(p.value / max) * 100}%`, minWidth: p.value ? 2 : 0, bgcolor: '#5b9bd5', borderRadius: 0.5 }} />
            <Typography variant="caption">{p.value}</Typography>
          </Stack>
        </Box>
      ))}
    </Box>
  );
};

/** The preview before downloading: the first rows and the totals, and the chart of a count report. */
export const ReportPreview = ({ preview }: { readonly preview: NonNullable<ReportJobView['preview']> }) => (
  <Stack spacing={2} data-testid="report-preview">
    {preview.chart && preview.chart.length > 0 && <ReportChart points={preview.chart} />}
    <Box sx={{ maxHeight: 320, overflow: 'auto' }}>
      <Table size="small" stickyHeader>
        <TableHead>
          <TableRow>{preview.columns.map((c) => <TableCell key={c.title}>{c.title}</TableCell>)}</TableRow>
        </TableHead>
        <TableBody>
          {preview.rows.map((r, i) => (
            <TableRow key={i}>
              {preview.columns.map((c, j) => (
                <TableCell key={j} sx={r.style ? { fontWeight: 600 } : undefined}>{text(r.cells[j] ?? null, c.kind)}</TableCell>
              ))}
            </TableRow>
          ))}
          <TableRow data-testid="report-totals">
            {preview.columns.map((c, j) => (
              <TableCell key={j} sx={{ fontWeight: 700 }}>{text(preview.totals[j] ?? null, c.kind)}</TableCell>
            ))}
          </TableRow>
        </TableBody>
      </Table>
    </Box>
  </Stack>
);
