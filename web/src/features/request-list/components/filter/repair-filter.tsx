import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { ChoiceSelect, DateOrFlagFilter, Flag, IdSelect, TextFilter, useCatalogOptions, yesNoChoices } from '@/components/registry-list';
import {
  inspectionAfterOptions,
  inspectionBeforeOptions,
  ownerTypeOptions,
  repairResultOptions,
  repairTypeOptions,
  warrantyKindOptions,
} from '../../model/options';
import type { FilterSectionProps } from './place-fields';

/** A choice with a 'не указан' box next to it (repair_kind_id_is_not_set and the like). */
const WithNotSet = ({ select, notSet, onNotSet }: { select: ReactNode; notSet: boolean; onNotSet: (v: boolean) => void }) => (
  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
    {select}
    <Box sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}>
      <Flag label="Не указан" checked={notSet} onChange={onNotSet} />
    </Box>
  </Stack>
);

/** Hard repair sub-filter (requests.md 2.3 'Repair sub-filter'), shown when 'Ремонт оборудования' is chosen. */
export const RepairSubFilter = ({ filter, state }: FilterSectionProps) => {
  const r = filter.repair;
  const change = state.changeRepair;
  return (
    <Stack spacing={2} role="group" aria-label="Ремонт оборудования">
      <WithNotSet
        select={
          <IdSelect
            label="Гарантийность"
            value={r.repair_kind_id}
            options={warrantyKindOptions}
            onChange={(repair_kind_id) => change({ repair_kind_id })}
            disabled={r.repair_kind_id_is_not_set}
          />
        }
        notSet={r.repair_kind_id_is_not_set}
        onNotSet={(v) => change({ repair_kind_id_is_not_set: v, repair_kind_id: null })}
      />
      <WithNotSet
        select={
          <IdSelect
            label="Осмотр до ремонта"
            value={r.view_res_before}
            options={inspectionBeforeOptions}
            onChange={(view_res_before) => change({ view_res_before })}
            disabled={r.view_res_before_is_not_set}
          />
        }
        notSet={r.view_res_before_is_not_set}
        onNotSet={(v) => change({ view_res_before_is_not_set: v, view_res_before: null })}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <IdSelect label="Осмотр после ремонта" value={r.view_res_after} options={inspectionAfterOptions} onChange={(view_res_after) => change({ view_res_after })} />
        <IdSelect label="Вид ремонта" value={r.repair_type_id} options={repairTypeOptions} onChange={(repair_type_id) => change({ repair_type_id })} />
        <IdSelect label="Результат ремонта" value={r.repair_result_id} options={repairResultOptions} onChange={(repair_result_id) => change({ repair_result_id })} />
      </Stack>
      <DateOrFlagFilter label="Дата поступления в филиал" value={r.tool_in_d} onChange={(tool_in_d) => change({ tool_in_d })} />
      <DateOrFlagFilter label="Дата убытия из филиала" value={r.tool_out_d} onChange={(tool_out_d) => change({ tool_out_d })} />
      <Flag label="Оборудование находится в филиале" checked={r.tool_in_filial} onChange={(tool_in_filial) => change({ tool_in_filial })} />
    </Stack>
  );
};

/** The repaired tool's sub-filter (requests.md 2.3 'Tool sub-filter'). */
export const RepairToolSubFilter = ({ filter, state }: FilterSectionProps) => {
  const toolKinds = useCatalogOptions('tool_kind');
  const t = filter.repairTool;
  const change = state.changeTool;
  return (
    <Stack spacing={2} role="group" aria-label="Ремонтируемое оборудование">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <IdSelect label="Вид оборудования" value={t.tool_kind_id} options={toolKinds} onChange={(tool_kind_id) => change({ tool_kind_id })} />
        <IdSelect label="Принадлежность" value={t.owner_type_id} options={ownerTypeOptions} onChange={(owner_type_id) => change({ owner_type_id })} />
        <ChoiceSelect label="Подменный фонд" value={t.exchange_stock} choices={yesNoChoices} onChange={(exchange_stock) => change({ exchange_stock })} />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextFilter label="Серийный номер" value={t.serial_number} onChange={(serial_number) => change({ serial_number })} />
        <TextFilter label="Инвентарный номер" value={t.inventar_number} onChange={(inventar_number) => change({ inventar_number })} />
      </Stack>
    </Stack>
  );
};
