import Stack from '@mui/material/Stack';
import { useMemo } from 'react';
import { IdSelect, TextFilter } from '@/components/registry-list';
import { useEngineers } from '../../hooks/use-engineers';
import { useListRights } from '../../hooks/use-list-rights';
import { contactKindOptions } from '../../model/options';
import type { FilterSectionProps } from './place-fields';

/** The head-performer list's own fields (requests.md 2.2): hot line engineer, applicant kind and name. */
export const HotLineFields = ({ filter, state }: FilterSectionProps) => {
  const { regionId } = useListRights();
  const { engineers } = useEngineers(filter.region_id ?? regionId, { hotline: true });
  const options = useMemo(() => engineers.map((e) => ({ id: e.id, title: e.fio })), [engineers]);
  return (
    <Stack spacing={2}>
      <IdSelect
        label="Инженер ГЛ"
        value={filter.hotline_engineer_id}
        options={options}
        onChange={(hotline_engineer_id) => state.change({ hotline_engineer_id })}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <IdSelect label="Вид заявителя" value={filter.contact_kind} options={contactKindOptions} onChange={(contact_kind) => state.change({ contact_kind })} />
        <TextFilter
          label="Незарегистрированный заявитель"
          value={filter.contact_unknown_name}
          onChange={(contact_unknown_name) => state.change({ contact_unknown_name })}
        />
      </Stack>
    </Stack>
  );
};
