import Stack from '@mui/material/Stack';
import { requestNumberSchema } from '@domain/request/validation';
import { DateRange, IdSelect, NumberFilter, TextFilter } from '@/components/registry-list';
import { performTypeOptions } from '../../model/options';
import type { FilterSectionProps } from './place-fields';

/** Numbers (debounced 500 ms), result type and the two date ranges (requests.md 2.3). */
export const SearchFields = ({ filter, state }: FilterSectionProps) => (
  <Stack spacing={2}>
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      <NumberFilter label="Номер заявки" value={filter.number} onChange={(number) => state.change({ number })} schema={requestNumberSchema} />
      <TextFilter label="Номер на ГЛ" value={filter.hotlinegas_number} onChange={(hotlinegas_number) => state.change({ hotlinegas_number })} />
      <IdSelect label="Вид исполнения" value={filter.result_type} options={performTypeOptions} onChange={(result_type) => state.change({ result_type })} />
    </Stack>
    <DateRange
      label="Регистрация"
      from={filter.date_beg}
      to={filter.date_end}
      onChange={({ from, to }) => state.change({ date_beg: from, date_end: to })}
    />
    <DateRange
      label="Исполнение"
      from={filter.result_date_beg}
      to={filter.result_date_end}
      onChange={({ from, to }) => state.change({ result_date_beg: from, result_date_end: to })}
    />
  </Stack>
);
