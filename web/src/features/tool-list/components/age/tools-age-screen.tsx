import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import type { ToolAge } from '@domain/tool/list-filter';
import { IdSelect } from '@/components/registry-list';
import { paths } from '@/config/paths';
import { useToolsAgeCountQuery } from '../../api/tool-list-api';
import { useToolReferences } from '../../hooks/use-tool-references';
import { useToolRights } from '../../hooks/use-tool-rights';
import { ageLinkParams } from '../../model/filter';
import { AgeChart } from './age-chart';

interface CountLinkProps {
  readonly count: number;
  readonly kindId: number | null;
  readonly age: ToolAge | null;
  readonly regionId: number | null;
  readonly unitId: number | null;
  readonly label: string;
}

/** A count that opens /tools with the matching filter (equipment.md 2 'Equipment age count'). */
const CountLink = ({ count, kindId, age, regionId, unitId, label }: CountLinkProps) => (
  <Link
    component={RouterLink}
    to={`${paths.tools}?${ageLinkParams({ toolKindId: kindId, age, regionId, unitId }).toString()}`}
    aria-label={`${label}: ${count}`}
    underline="hover"
  >
    {count}
  </Link>
);

/**
 * /tools-list: per equipment kind the total, older than 5 years and younger (a missing
 * commissioning date counts as 1 Jan 2000; the server counts), with region and object filters,
 * a bar chart and counts that open the list filtered by kind, age, region and object.
 */
export const ToolsAgeScreen = () => {
  const rights = useToolRights();
  const references = useToolReferences(rights.readsAll);
  const [regionId, setRegionId] = useState<number | null>(rights.regionId);
  const [unitId, setUnitId] = useState<number | null>(null);
  const units = useMemo(() => (regionId === null ? references.units : references.units.filter((u) => u.region_id === regionId)), [references.units, regionId]);
  const { data, isFetching } = useToolsAgeCountQuery({ regionId, unitId });
  const kinds = useMemo(() => [...(data?.kinds ?? [])].sort((a, b) => b.total - a.total || (a.tool_kind ?? '').localeCompare(b.tool_kind ?? '', 'ru')), [data]);
  const link = { regionId, unitId };

  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Stack spacing={2}>
        <Typography variant="h5" component="h1">
          Возраст оборудования
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ maxWidth: 900 }}>
          <IdSelect
            label="Регион"
            value={regionId}
            options={references.regions}
            onChange={(id) => {
              setRegionId(id);
              setUnitId(null);
            }}
          />
          <IdSelect label="Объект" value={unitId} options={units} onChange={setUnitId} />
        </Stack>
        {isFetching || !data ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
            <CircularProgress aria-label="Загрузка" />
          </Box>
        ) : (
          <Stack direction={{ xs: 'column', lg: 'row' }} spacing={3} sx={{ alignItems: 'flex-start' }}>
            <TableContainer component={Paper} variant="outlined" sx={{ flex: '1 1 50%' }}>
              <Table size="small" aria-label="Возраст оборудования">
                <TableHead>
                  <TableRow>
                    <TableCell sx={{ fontWeight: 600 }}>Вид оборудования</TableCell>
                    <TableCell sx={{ fontWeight: 600 }} align="right">
                      Всего
                    </TableCell>
                    <TableCell sx={{ fontWeight: 600 }} align="right">
                      Старше 5 лет
                    </TableCell>
                    <TableCell sx={{ fontWeight: 600 }} align="right">
                      Моложе 5 лет
                    </TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {kinds.map((k) => {
                    const name = k.tool_kind ?? `Вид ${k.tool_kind_id}`;
                    return (
                      <TableRow key={k.tool_kind_id} data-kind-id={k.tool_kind_id}>
                        <TableCell>{name}</TableCell>
                        <TableCell align="right">
                          <CountLink {...link} count={k.total} kindId={k.tool_kind_id} age={null} label={`${name}, всего`} />
                        </TableCell>
                        <TableCell align="right">
                          <CountLink {...link} count={k.old} kindId={k.tool_kind_id} age="old" label={`${name}, старше 5 лет`} />
                        </TableCell>
                        <TableCell align="right">
                          <CountLink {...link} count={k.new} kindId={k.tool_kind_id} age="new" label={`${name}, моложе 5 лет`} />
                        </TableCell>
                      </TableRow>
                    );
                  })}
                  {kinds.length === 0 && (
                    <TableRow>
                      <TableCell colSpan={4} align="center" sx={{ py: 4, color: 'text.secondary' }}>
                        Оборудование не найдено
                      </TableCell>
                    </TableRow>
                  )}
                  <TableRow data-kind-id="total">
                    <TableCell sx={{ fontWeight: 600 }}>Итого</TableCell>
                    <TableCell align="right" sx={{ fontWeight: 600 }}>
                      <CountLink {...link} count={data.total.total} kindId={null} age={null} label="Итого, всего" />
                    </TableCell>
                    <TableCell align="right" sx={{ fontWeight: 600 }}>
                      <CountLink {...link} count={data.total.old} kindId={null} age="old" label="Итого, старше 5 лет" />
                    </TableCell>
                    <TableCell align="right" sx={{ fontWeight: 600 }}>
                      <CountLink {...link} count={data.total.new} kindId={null} age="new" label="Итого, моложе 5 лет" />
                    </TableCell>
                  </TableRow>
                </TableBody>
              </Table>
            </TableContainer>
            <Paper variant="outlined" sx={{ flex: '1 1 50%', p: 2, width: '100%', boxSizing: 'border-box' }}>
              <AgeChart kinds={kinds} />
            </Paper>
          </Stack>
        )}
      </Stack>
    </Box>
  );
};
