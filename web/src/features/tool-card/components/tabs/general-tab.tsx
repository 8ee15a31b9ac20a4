import { useWatch } from 'react-hook-form';
import { formatDate } from '@domain/shared/dates';
import { addMonths, GUARANTY_MONTHS } from '@domain/tool/schemas';
import { ownerTypeTitles, toolStateTitles } from '@domain/tool/states';
import { FieldGrid, FormCheckbox, FormDateField, FormSelect, FormTextField, ReadOnlyField, Wide, enumOptions } from '@/components/form';
import { toolStateChoices } from '../../model/editable';
import { isoOf, type ToolFormValues } from '../../model/form-values';
import { catalogOptions, unitOptions, useCatalog, useManufacturerOptions, useToolUnits } from '../../model/references';
import { useToolCard } from '../card-context';
import { ModelField } from './model-field';
import { SetField } from './set-field';

const monthOptions = GUARANTY_MONTHS.map((m) => ({ value: m, label: String(m) }));
const ownerOptions = enumOptions(ownerTypeTitles);

/** 'Общие' (equipment.md 2, 3): the tool's own fields. */
export const GeneralTab = ({ setTitle }: { readonly setTitle: string | null }) => {
  const { storedState, member } = useToolCard();
  const [kindId, workIn, months, guarantyDt] = useWatch<ToolFormValues, ['tool_kind_id', 'work_in_dt', 'guaranty_months', 'guaranty_dt']>({
    name: ['tool_kind_id', 'work_in_dt', 'guaranty_months', 'guaranty_dt'],
  });
  const units = useToolUnits();
  const kinds = useCatalog('tool_kind');
  const manufacturers = useManufacturerOptions(kindId);
  const start = isoOf(workIn);
  const warrantyEnd = months !== null && start && /^\d{4}-\d{2}-\d{2}$/.test(start) ? addMonths(start, months) : guarantyDt;
  const states = toolStateChoices(storedState).map((s) => ({ value: s, label: toolStateTitles[s] }));
  return (
    <FieldGrid>
      <FormSelect<ToolFormValues> name="unit_id" label="Объект" options={unitOptions(units)} disabled={member} />
      <SetField member={member} title={setTitle} />
      <FormSelect<ToolFormValues> name="tool_kind_id" label="Вид оборудования" options={catalogOptions('tool_kind', kinds)} />
      <FormSelect<ToolFormValues> name="manufacturer_id" label="Производитель" options={manufacturers} />
      <Wide>
        <ModelField />
      </Wide>
      <FormTextField<ToolFormValues> name="serial_number" label="Серийный номер" emptyValue="" />
      <FormTextField<ToolFormValues> name="inventar_number" label="Инвентарный номер" />
      <FormSelect<ToolFormValues> name="owner_type_id" label="Принадлежность" options={ownerOptions} />
      <FormTextField<ToolFormValues> name="cost_remain" label="Остаточная стоимость" inputMode="decimal" />
      <FormDateField<ToolFormValues> name="work_in_dt" label="Дата ввода в эксплуатацию" />
      <FormCheckbox<ToolFormValues> name="exchange_stock" label="Обменный фонд" />
      <FormSelect<ToolFormValues> name="guaranty_months" label="Гарантия, месяцев" options={monthOptions} />
      <ReadOnlyField label="Окончание гарантии" value={formatDate(warrantyEnd)} />
      <FormDateField<ToolFormValues> name="work_out_dt" label="Дата списания" />
      <FormSelect<ToolFormValues> name="state" label="Состояние" options={states} allowEmpty={false} />
      <Wide>
        <FormTextField<ToolFormValues> name="buh_name" label="Бухгалтерское наименование" multiline minRows={2} />
      </Wide>
      <Wide>
        <FormTextField<ToolFormValues> name="description" label="Примечание" multiline minRows={2} />
      </Wide>
    </FieldGrid>
  );
};
