import Stack from '@mui/material/Stack';
import { useMemo } from 'react';
import { ChoiceSelect, IdMultiSelect, IdSelect, keepUnitsOfRegion, unitsOfRegion, useCatalogOptions, useScopeUnits, yesNoChoices } from '@/components/registry-list';
import { useEngineers } from '../../hooks/use-engineers';
import { useListRights } from '../../hooks/use-list-rights';
import type { ListStateApi } from '../../hooks/use-list-state';
import type { RequestListFilter } from '../../model/filter';
import { kindOptions, performerKindChoices, statusOptions } from '../../model/options';

export interface FilterSectionProps {
  readonly filter: RequestListFilter;
  readonly state: ListStateApi;
}

/** Region, objects (the user's scope), performer kind and engineer (requests.md 2.3). */
export const PlaceFields = ({ filter, state }: FilterSectionProps) => {
  const regions = useCatalogOptions('regions');
  const rights = useListRights();
  const scopeUnits = useScopeUnits(rights.readsAll);
  const units = useMemo(() => unitsOfRegion(scopeUnits, filter.region_id), [scopeUnits, filter.region_id]);
  const engineerRegion = filter.region_id ?? rights.regionId;
  const { engineers } = useEngineers(engineerRegion);
  const engineerOptions = useMemo(() => engineers.map((e) => ({ id: e.id, title: e.fio })), [engineers]);

  const changeRegion = (region_id: number | null) => {
    state.change({ region_id, units_ids: keepUnitsOfRegion(filter.units_ids, scopeUnits, region_id), engineer_id: null });
  };

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <IdSelect label="Регион" value={filter.region_id} options={regions} onChange={changeRegion} />
        <ChoiceSelect
          label="Исполнитель (ГЛ/Филиал)"
          value={filter.request_performer_kind}
          choices={performerKindChoices}
          onChange={(request_performer_kind) => state.change({ request_performer_kind })}
        />
      </Stack>
      <IdMultiSelect label="Объекты" value={filter.units_ids} options={units} onChange={(units_ids) => state.change({ units_ids })} placeholder="Все объекты" />
      <IdSelect
        label="Инженер"
        value={filter.engineer_id}
        options={engineerOptions}
        onChange={(engineer_id) => state.change({ engineer_id })}
        disabled={engineerRegion === null}
        helperText={engineerRegion === null ? 'Выберите регион' : undefined}
      />
      <IdMultiSelect
        label="Тип заявки"
        value={filter.request_kinds_ids}
        options={kindOptions}
        onChange={(request_kinds_ids) => state.change({ request_kinds_ids })}
        placeholder="Все типы"
      />
      <IdMultiSelect
        label="Состояние"
        value={filter.request_statuses_ids}
        options={statusOptions}
        onChange={(request_statuses_ids) => state.change({ request_statuses_ids })}
        placeholder="Все состояния"
      />
      <ChoiceSelect
        label="Возвращена на повторное исполнение"
        value={filter.returned}
        choices={yesNoChoices}
        onChange={(returned) => state.change({ returned })}
      />
    </Stack>
  );
};
