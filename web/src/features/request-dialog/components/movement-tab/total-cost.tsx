import Typography from '@mui/material/Typography';
import { useWatch } from 'react-hook-form';
import { costLinesData, type RequestFormValues } from '../../model/form-values';
import { formatMoney, round2 } from '../../model/money';

const sum = (values: readonly number[]) => round2(values.reduce((s, v) => s + (Number.isFinite(v) ? v : 0), 0));

/** The repair's total cost: works, stock spares and spares PBS, with 2 decimals (only with RIGHT_VIEW_COST). */
export const TotalCost = () => {
  const [works, spares, sparesPbs] = useWatch<RequestFormValues, ['works', 'spares', 'spares_pbs']>({ name: ['works', 'spares', 'spares_pbs'] });
  const total = sum([
    ...costLinesData(works).map((w) => w.cost),
    ...spares.map((s) => (s.cost ?? 0) * Number(s.amount)),
    ...costLinesData(sparesPbs).map((s) => s.cost),
  ]);
  return (
    <Typography data-testid="total-cost" sx={{ fontWeight: 600 }}>
      Общая стоимость: {formatMoney(total)} руб.
    </Typography>
  );
};
