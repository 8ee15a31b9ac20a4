import Stack from '@mui/material/Stack';
import { useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import {
  ActKind,
  inspectionAfterTitles,
  inspectionBeforeTitles,
  repairResultTitles,
  repairTypeTitles,
  warrantyKindTitles,
} from '@domain/request/enums';
import { requestFieldTitles } from '@domain/request/history';
import { sparesAllowed } from '@domain/request/reactions';
import { parseRuDate } from '@domain/shared/dates';
import { catalogOptions, useCatalog } from '../../hooks/use-references';
import { useRequestEdit } from '../../model/edit-context';
import type { RequestFormValues } from '../../model/form-values';
import { enumOptions, FieldGrid, FormCheckbox, FormDateField, FormSelect, FormTextField, SectionTitle, Wide } from '../fields';
import { EquipmentField } from '../common-tab/equipment-field';
import { ActBlock } from './act-block';
import { CostLinesTable } from './cost-lines-table';
import { SparesTable } from './spares-table';
import { TotalCost } from './total-cost';

const f = requestFieldTitles;

/** Inspection before repair and the acts that follow it (СО-7, СО-4.1, СО-4.2). */
const Inspection = () => (
  <FieldGrid>
    <Wide>
      <EquipmentField />
    </Wide>
    <FormSelect name="repair_kind_id" label={f.repair_kind_id} options={enumOptions(warrantyKindTitles)} />
    <span />
    <Wide>
      <SectionTitle>Осмотр до ремонта</SectionTitle>
    </Wide>
    <FormSelect name="view_res_before" label={f.view_res_before} options={enumOptions(inspectionBeforeTitles)} />
    <FormTextField name="comment_before" label={f.comment_before} multiline />
    <Wide>
      <FormTextField name="troubles_list" label={f.troubles_list} multiline minRows={2} />
    </Wide>
    <Wide>
      <FormCheckbox name="troubles_display" label={f.troubles_display} />
    </Wide>
    <ActBlock kind={ActKind.CO_7} />
    <ActBlock kind={ActKind.CO_41} />
    <ActBlock kind={ActKind.CO_42} />
  </FieldGrid>
);

/** The repair itself and the inspection after it. */
const Repair = () => (
  <FieldGrid>
    <Wide>
      <SectionTitle>Ремонт</SectionTitle>
    </Wide>
    <FormSelect name="repair_type_id" label={f.repair_type_id} options={enumOptions(repairTypeTitles)} />
    <FormSelect name="repair_result_id" label={f.repair_result_id} options={enumOptions(repairResultTitles)} />
    <FormDateField name="date_repair_d" label={f.date_repair_d} />
    <span />
    <FormSelect name="view_res_after" label={f.view_res_after} options={enumOptions(inspectionAfterTitles)} />
    <FormTextField name="comment_after" label={f.comment_after} multiline />
  </FieldGrid>
);

/** The service centre and the dates of the equipment's way; departure needs an arrival first (4.3). */
const ServiceCentre = () => {
  const [regionId, arrival] = useWatch<RequestFormValues, ['region_id', 'tool_in_d']>({ name: ['region_id', 'tool_in_d'] });
  const centres = useCatalog('services_repairs');
  const options = useMemo(() => catalogOptions('services_repairs', centres.filter((c) => Number(c.region_id) === regionId)), [centres, regionId]);
  return (
    <FieldGrid>
      <Wide>
        <SectionTitle>Сервисный центр</SectionTitle>
      </Wide>
      <FormSelect name="service_repair_id" label={f.service_repair_id} options={options} />
      <span />
      <FormDateField name="date_pass_d" label={f.date_pass_d} />
      <FormDateField name="date_return_d" label={f.date_return_d} />
      <FormDateField name="tool_in_d" label={f.tool_in_d} />
      <FormDateField name="tool_out_d" label={f.tool_out_d} disabled={parseRuDate(arrival) === null} />
      <ActBlock kind={ActKind.CO_8} />
    </FieldGrid>
  );
};

/** Hard repair (requests.md 2.4): inspection, repair, spares, spares PBS, works, service centre, СО-8, total cost. */
export const RepairBlock = () => {
  const { canViewCost } = useRequestEdit();
  const [repairType, spares] = useWatch<RequestFormValues, ['repair_type_id', 'spares']>({ name: ['repair_type_id', 'spares'] });
  return (
    <Stack spacing={2}>
      <Inspection />
      <Repair />
      {(sparesAllowed(repairType) || spares.length > 0) && <SparesTable />}
      <CostLinesTable name="spares_pbs" title="ЗИП ПБС" titleLabel="Наименование ЗИП" />
      <CostLinesTable name="works" title="Работы" titleLabel="Описание работы" />
      <ServiceCentre />
      {canViewCost && <TotalCost />}
    </Stack>
  );
};
